import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// TypedQuizTests: the quiz in every direction, answered by choosing and by typing, and the
/// grades typed answers give the scheduler.
@MainActor
@Suite("Typed answers and directions")
struct TypedQuizTests {
    /// deck: kanji words, kana words, a word with another accepted meaning, and a confusable
    /// pair (暑い and 熱い share "hot" and must never be drawn together).
    static func deck() throws -> Deck {
        func entry(_ question: String, _ reading: String?, _ romaji: String, _ answer: String, also: [String] = [],
                   confusable: [String] = []) -> [String: Any] {
            var object = DeckJSON.entry(question, romaji, answer, reading: reading, category: "Words")
            if !also.isEmpty { object["also"] = also }
            if !confusable.isEmpty { object["confusable"] = confusable }
            return object
        }
        return try makeDeck([
            entry("猫", "ねこ", "neko", "cat"), entry("犬", "いぬ", "inu", "dog"), entry("机", "つくえ", "tsukue", "desk"),
            entry("島", "しま", "shima", "island"), entry("店", "みせ", "mise", "shop", also: ["store"]),
            entry("暑い", "あつい", "atsui", "hot (weather)", also: ["hot"], confusable: ["熱い"]),
            entry("熱い", "あつい", "atsui", "hot (to the touch)", also: ["hot"]),
            entry("レストラン", nil, "resutoran", "restaurant"), entry("はい", nil, "hai", "yes"),
        ])
    }

    /// quiz: a seeded quiz over `deck()` in `direction`, answered by `kind`.
    func quiz(_ direction: QuizDirection, _ kind: AnswerKind, seed: UInt64 = 3, questions: Int = 9) throws -> ChallengesViewModel {
        ChallengesViewModel(deck: try Self.deck(), numberOfQuestions: questions, direction: direction, answerKind: kind,
                            random: SeededGenerator(seed: seed), clock: { Date(timeIntervalSince1970: 1_000_000) })
    }

    /// typeRight: types the current word's answer (its meaning, or its Hepburn romaji for a
    /// Japanese answer) and submits it.
    func typeRight(_ quiz: ChallengesViewModel) throws -> AnswerOutcome {
        let test = try #require(quiz.currentTest)
        quiz.typedAnswer.clear()
        quiz.typedAnswer.insert(test.direction == .japaneseToEnglish ? test.challenge.answer : test.challenge.pronunciation)
        return quiz.submit(quiz.typedAnswer.submission)
    }

    @Test("choosing: the choices are meanings, Japanese words or readings, the right one among them",
          arguments: [QuizDirection.japaneseToEnglish, .englishToJapanese, .reading])
    func choicesPerDirection(_ direction: QuizDirection) throws {
        for seed in UInt64(0)..<20 {
            let quiz = try quiz(direction, .choose, seed: seed)
            let test = try #require(quiz.currentTest)
            #expect(test.direction.rawValue == direction.rawValue)
            #expect(test.answers.count == 3 && Set(test.answers).count == 3)
            #expect(test.correctIndex.map { test.answers[$0] } == direction.studyDirections[0].choice(for: test.challenge))
            switch direction {
            case .englishToJapanese:
                let questions = Set(quiz.deck.challenges.map(\.question))
                #expect(test.answers.allSatisfy(questions.contains), "the choices are Japanese words")
                #expect(test.readings.count == 3, "each choice keeps its reading for the hint")
            case .reading:
                #expect(test.challenge.question.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "reading asks kanji words")
            default: break
            }
            #expect(quiz.check(test.rightAnswer) == .correct)
        }
    }

    @Test("confusable words are never drawn as each other's distractor, in any direction")
    func confusableNeverTogether() throws {
        for direction in [QuizDirection.japaneseToEnglish, .englishToJapanese] {
            for seed in UInt64(0)..<40 {
                let quiz = try quiz(direction, .choose, seed: seed)
                for _ in 0..<9 {
                    guard let test = quiz.currentTest else { break }
                    let pair: Set = direction == .japaneseToEnglish ? ["hot (weather)", "hot (to the touch)"] : ["暑い", "熱い"]
                    #expect(Set(test.answers).intersection(pair).count <= 1, "\(test.answers)")
                    quiz.check(test.rightAnswer)
                }
            }
        }
    }

    @Test("mixed asks each word once, in a direction that applies to it (reading only with kanji)")
    func mixedDirections() throws {
        var seen: Set<StudyDirection> = []
        for seed in UInt64(0)..<10 {
            let quiz = try quiz(.mixed, .choose, seed: seed)
            var asked: [String] = []
            while let test = quiz.currentTest {
                asked.append(test.challenge.question)
                seen.insert(test.direction)
                if test.direction == .reading { #expect(test.challenge.reading != nil) }
                #expect(QuizDirection.mixed.directions(for: test.challenge).contains(test.direction))
                quiz.check(test.rightAnswer)
            }
            #expect(Set(asked).count == asked.count && asked.count == 9)
        }
        #expect(seen == Set(QuizDirection.mixed.studyDirections), "over ten sessions every direction comes up")
    }

    @Test("typing: right in each direction moves on; Japanese typed in romaji, Kunrei too",
          arguments: [QuizDirection.japaneseToEnglish, .englishToJapanese, .reading])
    func typedRight(_ direction: QuizDirection) throws {
        let quiz = try self.quiz(direction, .type)
        let first = try #require(quiz.currentTest)
        #expect(quiz.typedAnswer.mode == (direction == .japaneseToEnglish ? .english : .japanese))
        #expect(try typeRight(quiz) == .correct)
        #expect(quiz.feedback == .correct(first.challenge) && quiz.numberOfAnswered == 1)
        #expect(quiz.typedAnswer.isEmpty, "a new word starts with an empty field")
        if direction != .japaneseToEnglish {
            // Kunrei: tu for つ, si for し.
            let kunrei = try self.quiz(direction, .type)
            while let test = kunrei.currentTest, !["机", "島"].contains(test.challenge.question) { _ = try typeRight(kunrei) }
            let test = try #require(kunrei.currentTest)
            kunrei.typedAnswer.insert(test.challenge.question == "机" ? "tukue" : "sima")
            #expect(kunrei.submit(kunrei.typedAnswer.submission) == .correct)
        }
    }

    @Test("typing: a near miss is accepted with a note; another word's meaning is not counted")
    func almostAndOtherWord() throws {
        let quiz = try quiz(.japaneseToEnglish, .type)
        let first = try #require(quiz.currentTest)
        if first.challenge.question != "店" {
            #expect(quiz.submit("store") == .notCounted, "another word's also meaning")
            #expect(quiz.feedback == .otherWord(typed: "store", question: "店"))
            #expect(quiz.score.wrong == 0 && quiz.currentTest == first, "not counted, the same word stays")
        }
        while let test = quiz.currentTest, test.challenge.question != "レストラン" { _ = try typeRight(quiz) }
        let wrongBefore = quiz.score.wrong
        #expect(quiz.submit("restuarant") == .correct)
        #expect(quiz.feedback.map { if case .almost(_, "restaurant") = $0 { true } else { false } } == true)
        #expect(quiz.score.wrong == wrongBefore)
    }

    @Test("typing: a miss shows the answer and counts once; the retry is accepted; I don't know likewise")
    func missThenRetry() throws {
        let quiz = try quiz(.englishToJapanese, .type)
        let test = try #require(quiz.currentTest)
        #expect(quiz.submit("zzz") == .wrong)
        #expect(quiz.feedback == .missed(test.challenge, typed: "zzz"))
        #expect(quiz.submit("qqq") == .wrong)
        #expect(quiz.score.wrong == 1, "the retry after a miss is not counted again")
        #expect(try typeRight(quiz) == .correct)
        let next = try #require(quiz.currentTest)
        quiz.revealAnswer()
        #expect(quiz.feedback == .revealed(next.challenge) && quiz.score.wrong == 2)
        quiz.revealAnswer()
        #expect(quiz.score.wrong == 2, "revealing twice changes nothing")
        #expect(quiz.submit("   ") == .notAChoice, "an empty answer changes nothing")
    }

    @Test("grades: right first time is Good, a miss or I don't know is Again, the retry is not graded; each direction is its own card",
          arguments: [QuizDirection.japaneseToEnglish, .englishToJapanese, .reading])
    func grades(_ direction: QuizDirection) throws {
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        let context = StudyContext(database: database, learner: UUID(), scheduler: SimpleScheduler(), newWordLimit: 10,
                                   day: StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current))
        let quiz = ChallengesViewModel(deck: try Self.deck(), numberOfQuestions: 5, study: context, direction: direction,
                                       answerKind: .type, random: SeededGenerator(seed: 1), clock: { Date(timeIntervalSince1970: 1_000_000) })
        _ = try typeRight(quiz)                  // Good
        quiz.submit("zzzz")                      // Again
        _ = try typeRight(quiz)                  // retry: not graded
        quiz.revealAnswer()                      // Again
        _ = try typeRight(quiz)                  // retry: not graded
        let log = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT r.rating, c.direction FROM review r JOIN card c ON c.id = r.card ORDER BY r.id")
                .map { (rating: $0[0] as Int, direction: $0[1] as String) }
        }
        #expect(log.map(\.rating) == [Rating.good.rawValue, Rating.again.rawValue, Rating.again.rawValue])
        #expect(log.allSatisfy { $0.direction == direction.rawValue })
        let kanaReadingCards = try count(database, "SELECT COUNT(*) FROM card WHERE direction = 'reading' AND question IN ('レストラン', 'はい')")
        #expect(kanaReadingCards == 0, "a kana word has no reading card")
        let cards = try count(database, "SELECT COUNT(*) FROM card WHERE direction = '\(direction.rawValue)'")
        #expect(cards == (direction == .reading ? 7 : 9))
    }

    @Test("a typed session resumes on the same word in the same direction; an old snapshot without new fields still decodes")
    func resume() throws {
        let folder = try TemporaryDirectory()
        let learner = UUID()
        func context() -> StudyContext {
            StudyContext(database: LearnerDatabase.open(directory: folder.url), learner: learner, scheduler: SimpleScheduler(),
                         newWordLimit: 10, day: StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current))
        }
        let first = ChallengesViewModel(deck: try Self.deck(), numberOfQuestions: 5, study: context(), direction: .mixed,
                                        answerKind: .choose, random: SeededGenerator(seed: 4), clock: { Date(timeIntervalSince1970: 1_000_000) })
        let before = try #require(first.currentTest)
        first.check(try #require(before.answers.first { !before.isCorrect($0) }))
        let again = ChallengesViewModel(deck: try Self.deck(), numberOfQuestions: 5, study: context(), direction: .mixed,
                                        answerKind: .choose, random: SeededGenerator(seed: 99), clock: { Date(timeIntervalSince1970: 1_000_000) })
        #expect(again.currentTest == before && again.score.wrong == 1)
        let old = #"{"format":1,"numberOfQuestions":3,"currentCard":1,"choices":["a","b","c"],"triedAnswers":[],"graded":false,"#
            + #""answeredCards":[],"correct":0,"wrong":0,"streak":0,"bestStreak":0,"elapsed":0,"missed":[]}"#
        #expect(try SessionSnapshot.decode(old).currentCard == 1)
    }

    @Test("the direction and answer kind are saved settings, jp-en and choose by default")
    func settings() throws {
        #expect(Settings().studyDirection == .japaneseToEnglish && Settings().answerKind == .choose)
        let saved = Settings(studyDirection: .mixed, answerKind: .type)
        let decoded = try JSONDecoder().decode(Settings.self, from: try JSONEncoder().encode(saved))
        #expect(decoded == saved)
        let unknown = try JSONDecoder().decode(Settings.self, from: Data(#"{"studyDirection":"sideways","answerKind":7}"#.utf8))
        #expect(unknown.studyDirection == .japaneseToEnglish && unknown.answerKind == .choose)
    }
}
