import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiRecall

/// JudgeNoticeScreenTests: what the screen says for issue 28's second probe: another reading with
/// the asked meaning never reads "here it means X" with the same X, and in listening a word that
/// sounds the same is named as such, ungraded.
@MainActor
@Suite("Judge notices on screen: same-meaning readings and homophones")
struct JudgeNoticeScreenTests {
    /// deck: 明日 with its other reading みょうにち (same meaning), 辛い with つらい (another
    /// meaning), and the homophones 熱い/暑い, written as the bundled deck writes them.
    static let deck: Deck = {
        let entries: [[String: Any]] = [
            ["question": "明日", "reading": "あした", "pronunciation": "ashita", "answer": "tomorrow", "category": "Words",
             "homographs": ["みょうにち: tomorrow"]],
            ["question": "辛い", "reading": "からい", "pronunciation": "karai", "answer": "spicy", "category": "Words",
             "homographs": ["つらい: painful"]],
            ["question": "熱い", "reading": "あつい", "pronunciation": "atsui", "answer": "hot (to the touch)", "category": "Words",
             "contrast": ["暑い"]],
            ["question": "暑い", "reading": "あつい", "pronunciation": "atsui", "answer": "hot (weather)", "category": "Words",
             "contrast": ["熱い"]],
        ]
        do {
            let data = try JSONSerialization.data(withJSONObject: ["title": "Notices", "challenges": entries])
            return try Deck.decode(data, source: "test deck")
        } catch {
            fatalError("test deck is invalid: \(error)")
        }
    }()

    /// screen: the screen after typing `typed` for `question` in `direction` (earlier words are
    /// answered right), with the quiz.
    func screen(typing typed: String, for question: String, _ direction: QuizDirection) -> (String, ChallengesViewModel) {
        let terminal = InMemoryTerminal(rows: 30, columns: 120)
        let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
        user.register(name: "さくら", rememberMe: false)
        user.answerKind = .type
        let quiz = ChallengesViewModel(deck: Self.deck, numberOfQuestions: 4, direction: direction, answerKind: .type,
                                       random: SeededGenerator(seed: 2), clock: { Date(timeIntervalSince1970: 1_000_000) })
        let app = App(state: AppState(route: .challenge), user: user, quiz: quiz, backend: terminal, log: RenderLog(path: nil), seed: 2)
        while let test = quiz.currentTest, test.challenge.question != question {
            quiz.typedAnswer.insert(TypedAnswer.Mode(direction: test.direction) == .english ? test.challenge.answer : test.challenge.pronunciation)
            quiz.submit(quiz.typedAnswer.submission)
        }
        quiz.typedAnswer.insert(typed)
        quiz.submit(quiz.typedAnswer.submission)
        app.render()
        return (terminal.screen.lines.joined(separator: "\n"), quiz)
    }

    @Test("reading: another reading with the same meaning asks for the usual reading, ungraded", arguments: [
        QuizDirection.reading, .englishToJapanese,
    ])
    func sameMeaningReading(direction: QuizDirection) throws {
        let (text, quiz) = screen(typing: "myounichi", for: "明日", direction)
        #expect(text.contains("みょうにち is also 明日 “tomorrow” — we're asking for its usual reading"), "\(text)")
        #expect(!text.contains("here it means"))
        #expect(quiz.currentTest?.challenge.question == "明日" && quiz.score.wrong == 0)
    }

    @Test("reading: another reading with another meaning still shows the meaning meant")
    func otherMeaningReading() {
        let (text, _) = screen(typing: "tsurai", for: "辛い", .reading)
        #expect(text.contains("つらい is 辛い meaning “painful”; here it means “spicy”"), "\(text)")
    }

    @Test("listening: the homophone's meaning names the word that sounds the same, ungraded")
    func homophone() throws {
        let (text, quiz) = screen(typing: "hot (weather)", for: "熱い", .listen)
        #expect(text.contains("暑い (あつい) is “hot (weather)” and sounds the same — we're asking for another word"), "\(text)")
        #expect(quiz.currentTest?.challenge.question == "熱い" && quiz.score.wrong == 0)
    }
}
