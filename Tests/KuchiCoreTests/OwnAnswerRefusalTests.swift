import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// OwnAnswerRefusalTests: issue 37 — "I was right" (F5) keeps a learner's own answer only when
/// it is no other word's: a contrast partner's or another deck word's meaning (or reading) is
/// refused with a sentence naming that word and the miss stands; an answer Kuchi knows nothing
/// about is asked about once more before it is kept.
@MainActor
@Suite("I was right: another word's answer is refused, an unknown one asked about twice")
struct OwnAnswerRefusalTests {
    let fixture: StudyFixture
    let clock = TestClock()
    let deck: Deck

    init() throws {
        fixture = try StudyFixture(words: 4)
        /// entry: a word, with its contrast partner if any.
        func entry(_ question: String, _ reading: String, _ romaji: String, _ answer: String, contrast: [String] = []) -> [String: Any] {
            var object = DeckJSON.entry(question, romaji, answer, reading: reading, category: "Words")
            if !contrast.isEmpty { object["contrast"] = contrast }
            return object
        }
        deck = try makeDeck([entry("貸す", "かす", "kasu", "to lend", contrast: ["借りる"]),
                             entry("借りる", "かりる", "kariru", "to borrow", contrast: ["貸す"]),
                             entry("犬", "いぬ", "inu", "dog"), entry("猫", "ねこ", "neko", "cat")])
    }

    /// missed: a typed quiz in `direction` with `question` up and `typed` submitted (a graded miss).
    func missed(_ typed: String, for question: String, _ direction: QuizDirection = .japaneseToEnglish,
                database: LearnerDatabase) throws -> ChallengesViewModel {
        let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: 4, study: fixture.context(database), direction: direction,
                                       answerKind: .type, random: SeededGenerator(seed: 2), clock: clock.read)
        quiz.finishTeaching()
        while let test = quiz.currentTest, test.challenge.question != question {
            let right = test.direction == .japaneseToEnglish ? test.challenge.answer : test.challenge.pronunciation
            #expect(quiz.submit(right) == .correct)
            quiz.goOn()
            quiz.finishTeaching()
        }
        #expect(quiz.currentTest?.challenge.question == question)
        #expect(quiz.submit(typed) == .wrong, "\(question) ← \(typed) is a graded miss")
        return quiz
    }

    @Test("F5 on the contrast partner's meaning: refused, naming the partner; the miss stands, nothing is kept")
    func partnerRefused() throws {
        let database = fixture.open()
        let quiz = try missed("to borrow", for: "貸す", database: database)
        #expect(quiz.canOverrule)
        #expect(!quiz.overrule())
        guard case let .overruleRefused(word, typed, question, meaning, isPartner)? = quiz.feedback else {
            Issue.record("feedback \(String(describing: quiz.feedback))")
            return
        }
        #expect(word.question == "貸す" && typed == "to borrow" && question == "借りる" && meaning == "to borrow" && isPartner)
        #expect(quiz.feedback?.showsAnswer == true && !quiz.canOverrule && !quiz.isOfferingOwnAnswer)
        #expect(quiz.score.correct == 0 && quiz.score.wrong == 1)
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 1") == 1, "the Again stays")
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
    }

    @Test("F5 on the partner typed in kana (English → Japanese): refused, naming it")
    func partnerKanaRefused() throws {
        let database = fixture.open()
        let quiz = try missed("kariru", for: "貸す", .englishToJapanese, database: database)
        #expect(!quiz.overrule())
        guard case let .overruleRefused(_, _, question, _, isPartner)? = quiz.feedback else {
            Issue.record("feedback \(String(describing: quiz.feedback))")
            return
        }
        #expect(question == "借りる" && isPartner)
    }

    @Test("F5 on another deck word's reading (猫 typed for 犬): refused, naming 猫")
    func otherWordRefused() throws {
        let database = fixture.open()
        let quiz = try missed("neko", for: "犬", .englishToJapanese, database: database)
        #expect(!quiz.overrule())
        guard case let .overruleRefused(_, _, question, meaning, isPartner)? = quiz.feedback else {
            Issue.record("feedback \(String(describing: quiz.feedback))")
            return
        }
        #expect(question == "猫" && meaning == "cat" && !isPartner)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
    }

    @Test("F5 on an answer Kuchi knows nothing about: counted right, then y asks once more; n then keeps nothing")
    func unknownAskedTwice() throws {
        let database = fixture.open()
        let quiz = try missed("banana", for: "犬", database: database)
        let dog = try #require(quiz.currentTest).challenge
        #expect(quiz.overrule())
        quiz.keepOwnAnswer()
        #expect(quiz.feedback == .confirmingOwnAnswer(dog, typed: "banana", direction: .japaneseToEnglish))
        #expect(quiz.isOfferingOwnAnswer)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
        quiz.declineOwnAnswer()
        #expect(quiz.feedback == nil)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty, "no at the second question keeps nothing")
    }

    @Test("F5 on an answer Kuchi knows nothing about, then y and y: kept")
    func unknownKeptAfterTwoYes() throws {
        let database = fixture.open()
        let again = try missed("banana", for: "犬", database: database)
        let dog = try #require(again.currentTest).challenge
        #expect(again.overrule())
        again.keepOwnAnswer()
        again.keepOwnAnswer()
        #expect(again.feedback == .ownAnswerKept(dog, typed: "banana"))
        #expect(try database.ownAnswers(learner: fixture.learner).map(\.answer) == ["banana"])
    }
}
