import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiRecall

/// JudgeEveryMeaningTests: issue 37 — Japanese → English accepts every JMdict gloss of every
/// sense of each bundled word, English spelt as a teacher would accept it, while a contrast
/// partner stays wrong in each direction; table-driven over the whole deck.
@MainActor
@Suite("The judge, round three: every meaning of the word, every spelling of the English")
struct JudgeEveryMeaningTests {
    let deck: Deck
    let judge: RecallJudge
    let byQuestion: [String: Challenge]

    init() throws {
        (deck, judge, byQuestion) = try BundledJudge.make()
    }

    /// verdict: what the quiz would say to `typed`, typed into the answer field.
    func verdict(_ typed: String, _ question: String, _ direction: StudyDirection = .japaneseToEnglish) throws -> RecallVerdict {
        let challenge = try #require(byQuestion[question], "\(question) is in the deck")
        let field = TypedAnswer(mode: TypedAnswer.Mode(direction: direction))
        field.insert(typed)
        return judge.judge(field.submission, for: challenge, direction: direction, also: challenge.also)
    }

    @Test("every JMdict gloss of every sense of every entry is right in Japanese → English")
    func everyGloss() throws {
        let glosses = JMdictGlosses.bundled
        #expect(glosses.count >= deck.challenges.count - 5, "glosses.json covers the deck (\(glosses.count) words); run scripts/make-glosses")
        var checked = 0
        var refused: [String] = []
        for challenge in deck.challenges {
            for gloss in glosses.glosses(for: challenge) {
                let result = judge.judge(gloss, for: challenge, direction: .japaneseToEnglish, also: challenge.also)
                if result != .right { refused.append("\(challenge.question) “\(gloss)” → \(result)") }
                checked += 1
            }
        }
        #expect(checked > 3_000, "glosses checked: \(checked)")
        #expect(refused.isEmpty, "\(refused.count) glosses refused:\n\(refused.joined(separator: "\n"))")
    }

    @Test("each contrast partner is refused, with the contrast, in each direction")
    func partnersRefused() throws {
        var checked = 0
        for challenge in deck.challenges {
            for question in challenge.contrast {
                let partner = try #require(byQuestion[question], "\(challenge.question)'s partner \(question) is in the deck")
                let meaning = judge.judge(partner.answer, for: challenge, direction: .japaneseToEnglish, also: challenge.also)
                #expect(meaning == .contrast(question: partner.question, meaning: partner.answer),
                        "jp-en \(challenge.question) ← “\(partner.answer)” → \(meaning)")
                // Typed in kana, a partner read as the word is (暑い/熱い, both あつい) is the word.
                let kana = partner.reading ?? partner.question
                guard !ReadingJudge.judge(kana, for: challenge).isAccepted else { continue }
                for direction in [StudyDirection.englishToJapanese, .reading] where direction == .englishToJapanese || challenge.reading != nil {
                    let typed = judge.judge(kana, for: challenge, direction: direction, also: challenge.also)
                    // The partner named is one that reads so (遅い ← はやい: 早い or 速い).
                    if case let .contrast(named, _) = typed, let word = byQuestion[named] {
                        #expect(challenge.contrast.contains(named) && ReadingJudge.judge(kana, for: word).isAccepted,
                                "\(direction) \(challenge.question) ← \(kana) → \(typed)")
                    } else {
                        Issue.record("\(direction) \(challenge.question) ← \(kana) → \(typed): not the contrast")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 30, "partner pairs checked: \(checked)")
    }

    @Test("every British/American spelling pair is one word: each accepted for the other")
    func everySpellingPair() {
        let english = EnglishJudge(words: .shared)
        let pairs = EnglishSpellings.shared.pairs
        #expect(pairs.count > 1_000, "spelling-variants.txt holds the pairs (\(pairs.count)); run scripts/make-spelling-variants")
        var refused: [String] = []
        for (british, american) in pairs {
            if english.judge(british, accepted: [american], question: "?") != .exact { refused.append("\(british) for \(american)") }
            if english.judge(american, accepted: [british], question: "?") != .exact { refused.append("\(american) for \(british)") }
        }
        #expect(refused.isEmpty, "\(refused.count) refused:\n\(refused.prefix(40).joined(separator: "\n"))")
    }

    @Test("the issue's standard answers are right", arguments: [
        ("大丈夫", "no problem"), ("休み", "day off"), ("休み", "vacation"), ("休み", "break"), ("休み", "holidays"),
        ("はじめまして", "pleased to meet you"), ("たぶん", "maybe"), ("欲しい", "to want"), ("欲しい", "want"),
        ("嫌い", "to hate"), ("地下鉄", "underground"), ("地下鉄", "metro"), ("アパート", "flat"), ("ポスト", "mailbox"),
        ("ポスト", "post box"), ("ポスト", "post-box"), ("ポスト", "mail-box"), ("違う", "to be different"), ("違う", "wrong"),
        ("おばあさん", "grandma"), ("上手", "skilful"), ("上手", "skillful"), ("トイレ", "washroom"), ("好き", "to like"),
        ("色", "colour"), ("色", "color"), ("灰色", "grey"), ("灰色", "gray"), ("妹", "my younger sister"),
        ("お母さん", "someone's mother"), ("好き", "favourite"), ("映画館", "movie theatre"), ("映画館", "movie theater"),
    ])
    func standardAnswers(question: String, typed: String) throws {
        let result = try verdict(typed, question)
        #expect(result == .right, "\(question) ← “\(typed)” → \(result)")
    }

    @Test("still wrong: a partner's meaning, another word's meaning, real words that are not misspellings", arguments: [
        ("貸す", "to borrow", false), ("借りる", "to lend", false), ("速い", "early", false), ("早い", "fast", false),
        ("口", "month", false), ("住む", "to love", false), ("犬", "banana", false), ("ピンク", "blue", false),
    ])
    func stillWrong(question: String, typed: String, _: Bool) throws {
        let result = try verdict(typed, question)
        #expect(!result.isAccepted, "\(question) ← “\(typed)” → \(result)")
    }

    @Test("a meaning not taught is accepted as “also right”, naming the taught one; the taught one is plainly right")
    func alsoRightFeedback() throws {
        /// answered: the feedback after typing `typed` for 休み, asked alone in Japanese → English.
        func answered(_ typed: String) throws -> Feedback? {
            let deck = try makeDeck([DeckJSON.entry("休み", "yasumi", "rest", reading: "やすみ", category: "Time"),
                                     DeckJSON.entry("犬", "inu", "dog", reading: "いぬ", category: "Time"),
                                     DeckJSON.entry("猫", "neko", "cat", reading: "ねこ", category: "Time")])
            let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: 3, direction: .japaneseToEnglish, answerKind: .type,
                                           random: SeededGenerator(seed: 1), clock: { Date(timeIntervalSince1970: 1_000_000) })
            quiz.finishTeaching()
            // The other words answered first, until 休み is asked.
            while let test = quiz.currentTest, test.challenge.question != "休み" {
                #expect(quiz.submit(test.challenge.answer) == .correct)
                quiz.goOn()
                quiz.finishTeaching()
            }
            #expect(quiz.submit(typed) == .correct, "休み ← \(typed)")
            return quiz.feedback
        }
        let taught = Challenge(question: "休み", reading: "やすみ", pronunciation: "yasumi", answer: "rest", category: "Time")
        #expect(try answered("vacation") == .alsoRight(taught, typed: "vacation"))
        #expect(try answered("a suspension") == .alsoRight(taught, typed: "a suspension"))
        #expect(try answered("Rests") == .correct(taught))
    }
}

/// KanaSlipTests: issue 37 — in English → Japanese the kana are the spelling: を for お, づ for ず,
/// ぢ for じ and は for わ are misses where they change the word; romaji is judged as the kana it
/// composes, and a particle's sound spelt as the hint's romaji says stays right.
@MainActor
@Suite("Kana slips that change the word are wrong")
struct KanaSlipTests {
    @Test("slips are misses", arguments: [("wokane", "お金"), ("wosake", "お酒"), ("chidzu", "地図"), ("をかね", "お金"),
                                          ("hatashi", "私"), ("kaha", "川")])
    func slips(typed: String, question: String) throws {
        let (_, judge, byQuestion) = try BundledJudge.make()
        let word = try #require(byQuestion[question], "\(question) is in the deck")
        let verdict = judge.judge(typed, for: word, direction: .englishToJapanese, also: word.also)
        #expect(!verdict.isAccepted, "\(question) ← \(typed) → \(verdict)")
    }

    @Test("the right spellings stay right", arguments: [("okane", "お金"), ("osake", "お酒"), ("chizu", "地図"), ("ちず", "地図"),
                                                        ("konnichiwa", "こんにちは"), ("konnichiha", "こんにちは"), ("tsuzuku", "続く")])
    func rightSpellings(typed: String, question: String) throws {
        let (_, judge, byQuestion) = try BundledJudge.make()
        guard let word = byQuestion[question] else { return }
        let verdict = judge.judge(typed, for: word, direction: .englishToJapanese, also: word.also)
        #expect(verdict.isAccepted, "\(question) ← \(typed) → \(verdict)")
    }
}
