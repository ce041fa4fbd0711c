import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiRecall

/// SynonymJudgingTests: English → Japanese: another deck word that also translates the prompt
/// is "that's also … — we're asking for another word", ungraded.
@MainActor
@Suite("English → Japanese: a synonym is not a miss")
struct SynonymJudgingTests {
    nonisolated static let words = [
        Challenge(question: "お母さん", reading: "おかあさん", pronunciation: "okāsan", answer: "mother (someone's)", confusable: ["母"]),
        Challenge(question: "母", reading: "はは", pronunciation: "haha", answer: "mother (one's own)"),
        Challenge(question: "しかし", pronunciation: "shikashi", answer: "however", also: ["but"], confusable: ["でも"]),
        Challenge(question: "でも", pronunciation: "demo", answer: "but", also: ["however"]),
        Challenge(question: "晩ご飯", reading: "ばんごはん", pronunciation: "bangohan", answer: "dinner", also: ["evening meal"], confusable: ["夕飯"]),
        Challenge(question: "夕飯", reading: "ゆうはん", pronunciation: "yūhan", answer: "evening meal", also: ["dinner"]),
        Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat"),
    ]

    let judge = RecallJudge(deck: SynonymJudgingTests.words, also: \.also)

    @Test("another word sharing a meaning of the prompt is a synonym", arguments: [
        ("haha", 0, "母"), ("はは", 0, "母"), ("母", 0, "母"), ("demo", 2, "でも"), ("shikashi", 3, "しかし"), ("yuuhan", 4, "夕飯"),
    ])
    func synonym(typed: String, asked: Int, other: String) throws {
        let challenge = Self.words[asked]
        let verdict = judge.judge(typed, for: challenge, direction: .englishToJapanese, also: challenge.also)
        let meaning = try #require(Self.words.first { $0.question == other }).answer
        #expect(verdict == .synonym(question: other, meaning: meaning))
        #expect(!verdict.isAccepted)
    }

    @Test("another word that does not translate the prompt is wrong; the asked word is right")
    func notSynonym() {
        #expect(judge.judge("neko", for: Self.words[0], direction: .englishToJapanese) == .wrong)
        #expect(judge.judge("okaasan", for: Self.words[0], direction: .englishToJapanese) == .right)
        #expect(judge.judge("haha", for: Self.words[0], direction: .reading) == .wrong, "only English → Japanese has synonyms")
    }

    @Test("the quiz says so, does not grade it and keeps the word up")
    func quizDoesNotGrade() throws {
        let deck = try makeDeck(Self.words.map { word in
            var object = DeckJSON.entry(word.question, word.pronunciation, word.answer, reading: word.reading, category: "Words")
            if !word.also.isEmpty { object["also"] = word.also }
            if !word.confusable.isEmpty { object["confusable"] = word.confusable }
            return object
        })
        let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: 7, direction: .englishToJapanese, answerKind: .type,
                                       random: SeededGenerator(seed: 1), clock: { Date(timeIntervalSince1970: 1_000_000) })
        while let test = quiz.currentTest, test.challenge.question != "お母さん" {
            quiz.typedAnswer.insert(test.challenge.pronunciation)
            _ = quiz.submit(quiz.typedAnswer.submission)
        }
        let asked = try #require(quiz.currentTest)
        quiz.typedAnswer.insert("haha")
        #expect(quiz.submit(quiz.typedAnswer.submission) == .notCounted)
        #expect(quiz.feedback == .synonym(typed: "はは", question: "母", meaning: "mother (one's own)"))
        #expect(quiz.score.wrong == 0 && quiz.currentTest == asked)
        quiz.typedAnswer.insert("okaasan")
        #expect(quiz.submit(quiz.typedAnswer.submission) == .correct)
    }
}
