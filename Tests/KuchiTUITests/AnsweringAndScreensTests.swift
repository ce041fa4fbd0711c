import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// AnsweringAndScreensTests: the fixes found by trying Kuchi as a new user would — each test
/// fails on the behaviour it replaced.
@MainActor
@Suite("Answering and screens")
struct AnsweringAndScreensTests {
    @Test("Enter twice after a right answer never answers the next word")
    func enterTwiceAnswersNothing() {
        let pilot = Pilot()
        pilot.answerRight()
        let next = pilot.quiz.currentTest
        pilot.press(.enter)  // dismisses the feedback
        pilot.press(.enter)  // nothing is highlighted on a new word: nothing happens
        #expect(pilot.quiz.currentTest == next)
        #expect(pilot.quiz.numberOfAnswered == 1 && pilot.quiz.score.wrong == 0)
        #expect(pilot.state.choiceCursor.index == nil)
    }

    @Test("the key bar offers only keys that work: no answer keys while the choices are hidden")
    func keyBarHasNoDeadKeys() {
        let pilot = Pilot()
        #expect(!pilot.lines.last!.contains("Enter Choose"), "nothing highlighted yet")
        pilot.press(" ")
        let bar = pilot.lines.last!
        #expect(!bar.contains("1-3") && !bar.contains("Move"))
        #expect(bar.contains("Space Choices"))
    }

    @Test("on 80 columns the way back stays in the key bar", arguments: [Route.challenge, .settings, .learn, .welcome])
    func backStaysAt80Columns(route: Route) {
        let pilot = Pilot(rows: 24, columns: 80, route: route)
        let bar = pilot.lines.last!
        #expect(bar.contains("q Back") || bar.contains("q Quit"), "\(route): «\(bar)»")
        #expect(bar.contains("? Help"))
    }

    @Test("long choices wrap instead of being cut to the same prefix")
    func longChoicesWrap() {
        let deck = TestDecks.make([
            ("食べる", "たべる", "taberu", "to eat a meal slowly at home", "Verbs"),
            ("飲む", "のむ", "nomu", "to eat a meal quickly outside", "Verbs"),
            ("見る", "みる", "miru", "to look at something far away", "Verbs"),
        ])
        let pilot = Pilot(rows: 24, columns: 60, deck: deck)
        let text = pilot.lines.joined(separator: " ")
        for ending in ["slowly", "quickly", "far away"] {
            #expect(text.contains(ending), "the end of each choice is on screen: \(ending)")
        }
        #expect(!text.contains("…"), "nothing is cut")
    }

    @Test("choices that cannot fit even wrapped show the too-small screen, and come back when it grows")
    func choicesTooLongForTheTerminal() {
        let long = String(repeating: "a very long meaning ", count: 6)
        let deck = TestDecks.make([
            ("食べる", "たべる", "taberu", "to eat " + long, "Verbs"), ("飲む", "のむ", "nomu", "to drink " + long, "Verbs"),
            ("見る", "みる", "miru", "to see " + long, "Verbs"),
        ])
        let pilot = Pilot(rows: 12, columns: 40, deck: deck)
        let shown = pilot.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.contains("Terminal too small for this word's choices"), "\(shown)")
        pilot.press("1")
        #expect(pilot.quiz.score.wrong == 0 && pilot.quiz.numberOfAnswered == 0, "keys wait for a larger window")
        pilot.resize(rows: 40, columns: 120)
        #expect(pilot.contains("Choices") && !pilot.contains("too small"))
    }

    @Test("a long reading wraps in the question pane")
    func longHintWraps() {
        let deck = TestDecks.make([
            ("お願いします", "おねがいします", "onegaishimasu", "please", "Greetings"), ("犬", "いぬ", "inu", "dog", "Greetings"),
            ("猫", "ねこ", "neko", "cat", "Greetings"),
        ])
        let pilot = Pilot(rows: 12, columns: 60, deck: deck, questions: 3)
        while pilot.quiz.currentTest?.challenge.question != "お願いします" { pilot.answerRight() }
        pilot.goOnIfConfirming()
        pilot.press("h")
        #expect(pilot.contains("おねがいします ·") && pilot.contains("onegaishimasu"),
                "reading and romaji wrap onto two lines instead of being cut")
    }

    @Test("a key that closes a notice also does its job; Esc only closes it")
    func noticeDoesNotSwallowTheFirstLetter() throws {
        let blocked = try BlockedStore()
        defer { withExtendedLifetime(blocked) {} }
        let pilot = Pilot(route: .register, name: nil, store: blocked.store)
        pilot.type("さくら")
        pilot.press(.enter)
        #expect(pilot.user.problem != nil && pilot.state.route == .welcome)
        pilot.press("s")
        #expect(pilot.user.problem == nil)
        #expect(pilot.state.route == .settings, "the s that closed the notice opened Settings too")

        let second = Pilot(route: .register, name: nil, store: blocked.store)
        second.type("たろう")
        second.press(.enter)
        #expect(second.user.problem != nil)
        second.press(.escape)
        #expect(second.user.problem == nil && !second.state.quitting && second.state.route == .welcome, "Esc only closed it")
    }

    @Test("the name field: Ctrl-W deletes a word, Ctrl-U everything before the cursor")
    func nameFieldEditing() {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("Mary Ann")
        pilot.press(.control("w"))
        #expect(pilot.state.registerForm.text == "Mary ")
        pilot.type("Jo")
        pilot.press(.left)
        pilot.press(.control("u"))
        #expect(pilot.state.registerForm.text == "o" && pilot.state.registerForm.cursor == 0)
    }

    @Test("names: at least 3 display columns — 花子 is a name, Bo is not", arguments: [
        ("花子", true), ("太郎", true), ("Bo", false), ("さ", false), ("Ann", true),
    ])
    func namesCountColumns(name: String, valid: Bool) {
        #expect(UserManager.isValidName(name) == valid)
        let pilot = Pilot(route: .register, name: nil)
        pilot.type(name)
        pilot.press(.enter)
        #expect((pilot.state.route == .welcome) == valid)
    }

    @Test("Space on a number setting does not step it; ← → do")
    func spaceDoesNotStepNumbers() {
        let pilot = Pilot(route: .settings)
        let questions = pilot.user.numberOfQuestions
        pilot.press(" ")
        #expect(pilot.user.numberOfQuestions == questions)
        pilot.press(.right)
        #expect(pilot.user.numberOfQuestions == questions + 1)
    }

    @Test("Welcome has the tab bar, and s opens Settings there as everywhere")
    func welcomeHasTabs() {
        let pilot = Pilot(route: .welcome)
        #expect(pilot.lines[0].contains("Learn") && pilot.lines[0].contains("Settings"))
        pilot.press("l")
        #expect(pilot.state.route == .learn, "Learn is reachable before a quiz")
        pilot.press("q")
        pilot.press("s")
        #expect(pilot.state.route == .settings)
    }

    @Test("the summary's praise matches the result, and the last word's meaning is shown")
    func praiseMatchesResult() {
        let perfect = Pilot(route: .challenge)
        while perfect.quiz.currentTest != nil { perfect.answerRight() }
        #expect(perfect.contains("You're awesome!"))
        let last = perfect.quiz.feedback
        if case .correct(let word) = last { #expect(perfect.contains("Last word: \(word.question)")) }

        let poor = Pilot(route: .challenge)
        while poor.quiz.currentTest != nil {
            poor.answerWrong()
            poor.press(Character("\((poor.wrongIndex + 1) % 3 + 1)"))
            poor.answerRight()
        }
        #expect(!poor.contains("You're awesome!"))
        #expect(poor.quiz.score.summary.accuracy < 0.7)
        #expect(poor.contains("Keep going") || poor.contains("Good effort"))
    }

    @Test("Learn: '1 card left', nothing about forgetting before a miss, and a finished stack offers only what works")
    func learnWording() {
        let deck = TestDecks.make([
            ("猫", "ねこ", "neko", "cat", nil), ("犬", "いぬ", "inu", "dog", nil), ("鳥", "とり", "tori", "bird", nil),
        ])
        let pilot = Pilot(deck: deck, route: .learn)
        #expect(!pilot.contains("Forgot") || pilot.lines.last!.contains("Forgot"), "only the key bar mentions forgetting")
        #expect(!pilot.lines.dropLast().joined().contains("forgot 0"))
        pilot.press("r")
        pilot.press("r")
        #expect(pilot.contains("1 card left"))
        pilot.press("f")
        #expect(pilot.contains("Forgot once"))
        pilot.press("r")
        #expect(pilot.contains("Every card remembered!"))
        let bar = pilot.lines.last!
        #expect(bar.contains("Enter Start again") && !bar.contains("Flip") && !bar.contains("Remembered") && !bar.contains("← f"))
    }

    @Test("card colours: dark text on the light colours in every appearance", arguments: Appearance.allCases)
    func cardColoursAreReadable(appearance: Appearance) {
        for color in CardColor.allCases {
            let card = Theme.make(appearance: appearance, cardColor: color, colors: true).card
            guard appearance != .monochrome else {
                #expect(card.reverse)
                continue
            }
            let light: Set<CardColor> = [.yellow, .cyan, .green, .white]
            #expect(card.foreground == (light.contains(color) ? .black : .white), "\(appearance) \(color)")
            #expect(card.background == Color(color))
        }
    }
}
