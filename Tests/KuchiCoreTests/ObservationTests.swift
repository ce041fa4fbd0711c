import Foundation
import Observation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// The front redraws a pane only when something it read changes; these tests pin down which
/// actions report a change to which reads.
@MainActor
@Suite("Observation")
struct ObservationTests {
    let quiz: ChallengesViewModel

    init() throws {
        quiz = seededQuiz(try makeDeck(DeckJSON.words(10)), questions: 6, seed: 21)
    }

    func answerRight() {
        if let test = quiz.currentTest { quiz.check(test.challenge.answer) }
    }

    func answerWrong() {
        if let test = quiz.currentTest, let wrong = wrongChoices(of: test).first(where: { !quiz.triedAnswers.contains($0) }) {
            quiz.check(wrong)
        }
    }

    @Test("numberOfAnswered changes on a right answer, not on a wrong one")
    func numberOfAnswered() {
        #expect(!fires(reading: { quiz.numberOfAnswered }, when: answerWrong))
        #expect(fires(reading: { quiz.numberOfAnswered }, when: answerRight))
        #expect(!fires(reading: { quiz.isComplete }, when: answerWrong))
    }

    @Test("score.wrong changes on a wrong answer, not on a right one")
    func scoreWrong() {
        #expect(fires(reading: { quiz.score.wrong }, when: answerWrong))
        #expect(!fires(reading: { quiz.score.wrong }, when: answerRight))
    }

    @Test("score.correct changes on a right answer, not on a wrong one or the hint")
    func scoreCorrect() {
        #expect(!fires(reading: { quiz.score.correct }, when: answerWrong))
        #expect(!fires(reading: { quiz.score.correct }, when: quiz.toggleHint))
        #expect(fires(reading: { quiz.score.correct }, when: answerRight))
    }

    @Test("the current test changes on a right answer only")
    func currentTest() throws {
        let user = UserManager(store: nil)
        #expect(!fires(reading: { quiz.currentTest }, when: answerWrong))
        #expect(!fires(reading: { quiz.currentTest }, when: quiz.toggleHint))
        #expect(!fires(reading: { quiz.currentTest }, when: quiz.toggleChoices))
        #expect(!fires(reading: { quiz.currentTest }, when: quiz.dismissFeedback))
        #expect(!fires(reading: { quiz.currentTest }, when: { user.numberOfQuestions = 12; user.cardColor = .red }))
        #expect(fires(reading: { quiz.currentTest }, when: answerRight))
    }

    @Test("the hint flag changes on toggleHint only")
    func hintVisible() {
        #expect(!fires(reading: { quiz.hintVisible }, when: answerWrong))
        #expect(!fires(reading: { quiz.hintVisible }, when: answerRight), "hidden already: no idle write")
        #expect(!fires(reading: { quiz.hintVisible }, when: quiz.toggleChoices))
        #expect(fires(reading: { quiz.hintVisible }, when: quiz.toggleHint))
        #expect(fires(reading: { quiz.hintVisible }, when: answerRight), "shown: the next word hides it")
    }

    @Test("the choices flag changes on toggleChoices only")
    func choicesVisible() {
        #expect(!fires(reading: { quiz.choicesVisible }, when: quiz.toggleHint))
        #expect(!fires(reading: { quiz.choicesVisible }, when: answerRight))
        #expect(fires(reading: { quiz.choicesVisible }, when: quiz.toggleChoices))
    }

    @Test("feedback changes on answers; dismissing fires once, and not at all when none shows")
    func feedback() {
        #expect(!fires(reading: { quiz.feedback }, when: quiz.dismissFeedback))
        #expect(fires(reading: { quiz.feedback }, when: answerWrong))
        #expect(fires(reading: { quiz.feedback }, when: quiz.dismissFeedback))
        #expect(!fires(reading: { quiz.feedback }, when: quiz.dismissFeedback))
        #expect(fires(reading: { quiz.feedback }, when: answerRight))
    }

    @Test("an already-tried answer changes nothing anyone reads")
    func alreadyTriedIsSilent() throws {
        let wrong = try #require(quiz.currentTest.map(wrongChoices(of:))?.first)
        quiz.check(wrong)
        let read = { (quiz.feedback, quiz.triedAnswers, quiz.score.wrong, quiz.score.streak, quiz.currentTest) }
        #expect(!fires(reading: read, when: { quiz.check(wrong) }))
        #expect(!fires(reading: read, when: { quiz.check("not a choice") }))
    }

    @Test("tried answers change on a wrong answer, and reset on the next word")
    func triedAnswers() {
        #expect(!fires(reading: { quiz.triedAnswers }, when: answerRight), "empty already: no idle write")
        #expect(fires(reading: { quiz.triedAnswers }, when: answerWrong))
        #expect(fires(reading: { quiz.triedAnswers }, when: answerRight))
    }

    @Test("restart on a fresh session leaves the score and feedback untouched")
    func idleRestart() {
        #expect(!fires(reading: { (quiz.score.correct, quiz.score.wrong, quiz.score.streak, quiz.feedback, quiz.numberOfAnswered) },
                       when: { quiz.restart() }))
        answerRight()
        #expect(fires(reading: { quiz.numberOfAnswered }, when: { quiz.restart() }))
    }

    // MARK: UserManager

    @Test("a setting read is not disturbed by another setting")
    func settingsAreSeparate() {
        let user = UserManager(store: nil)
        #expect(!fires(reading: { user.cardColor }, when: { user.numberOfQuestions = 10 }))
        #expect(!fires(reading: { user.numberOfQuestions }, when: { user.cardColor = .green }))
        #expect(!fires(reading: { user.appearance }, when: { user.learningEnabled = false }))
        #expect(fires(reading: { user.cardColor }, when: { user.cardColor = .magenta }))
    }

    @Test("the name changes on register")
    func nameOnRegister() {
        let user = UserManager(store: nil)
        #expect(!fires(reading: { user.name }, when: { user.register(name: "ab", rememberMe: false) }), "an invalid name is refused")
        #expect(fires(reading: { user.name }, when: { user.register(name: "さくら", rememberMe: false) }))
        #expect(!fires(reading: { user.cardColor }, when: { user.register(name: "ひなた", rememberMe: false) }))
    }

    @Test("setting a value to what it already is does not save")
    func sameValueDoesNotSave() throws {
        let folder = try TemporaryDirectory()
        let user = UserManager(store: ProfileStore(directory: folder.url))
        user.register(name: "Sakura", rememberMe: true)
        #expect(user.savedProfiles.count == 1)
        #expect(!fires(reading: { user.savedProfiles }, when: { user.cardColor = user.cardColor }))
        #expect(!fires(reading: { user.savedProfiles }, when: { user.numberOfQuestions = user.numberOfQuestions }))
        #expect(!fires(reading: { user.savedProfiles }, when: { user.cardColor = .yellow }), "a setting is kept in the learner database")
        #expect(fires(reading: { user.savedProfiles }, when: { user.syncFolder = "/sync" }), "this machine's part is kept in the file")
    }

    @Test("clearing a problem twice reports one change")
    func clearProblemOnce() throws {
        let folder = try TemporaryDirectory()
        let blocker = folder.path("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let user = UserManager(store: ProfileStore(directory: blocker))
        user.register(name: "Sakura", rememberMe: true)
        #expect(user.problem != nil)
        #expect(fires(reading: { user.problem }, when: user.clearProblem))
        #expect(!fires(reading: { user.problem }, when: user.clearProblem))
    }
}
