import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory
@testable import KuchiDeck

/// FairJudgingScreenTests: what the screen says for issue 19's cases: the hint that would give a
/// meaning away shows the reading only, and an English → Japanese synonym is named, ungraded.
@MainActor
@Suite("Fair judging on screen")
struct FairJudgingScreenTests {
    /// deck: two words for "mother", and words whose romaji is or is not their meaning.
    static let deck = TestDecks.make([
        ("お母さん", "おかあさん", "okāsan", "mother (someone's)", "Family"), ("母", "はは", "haha", "mother (one's own)", "Family"),
        ("寿司", "すし", "sushi", "sushi", "Family"), ("猫", "ねこ", "neko", "cat", "Family"),
    ])

    @Test("the meaning's hint shows the reading only where the romaji would be the answer", arguments: [
        (2, "すし"), (3, "ねこ · neko"),
    ])
    func hint(index: Int, shown: String) {
        let test = ChallengeTest(challenge: Self.deck.challenges[index], answers: [], direction: .japaneseToEnglish)
        #expect(QuestionPane.prompt(for: test, hintVisible: true, answerKind: .type).hint == shown)
    }

    @Test("typing another word that also translates the prompt says so and keeps the word up")
    func synonymFeedback() {
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
        user.register(name: "さくら", rememberMe: false)
        user.answerKind = .type
        let quiz = ChallengesViewModel(deck: Self.deck, numberOfQuestions: 4, direction: .englishToJapanese, answerKind: .type,
                                       random: SeededGenerator(seed: 2), clock: { Date(timeIntervalSince1970: 1_000_000) })
        let app = App(state: AppState(route: .challenge), user: user, quiz: quiz, backend: terminal, log: RenderLog(path: nil), seed: 2)
        while let test = quiz.currentTest, test.challenge.question != "お母さん" {
            quiz.typedAnswer.insert(test.challenge.pronunciation)
            quiz.submit(quiz.typedAnswer.submission)
        }
        quiz.typedAnswer.insert("haha")
        #expect(quiz.submit(quiz.typedAnswer.submission) == .notCounted)
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("That's also “mother (one's own)” (母)"), "\(screen)")
        #expect(screen.contains("we're asking for another word"))
        #expect(quiz.currentTest?.challenge.question == "お母さん" && quiz.score.wrong == 0)
    }
}
