import Foundation
import Testing

/// The Learn and Settings tabs in the real terminal, and what Settings writes to disk.
@Suite(.requiresTmux)
struct LearnSettingsE2ETests {
    /// The segments of the screen's rows between box edges, trimmed.
    private func segments(_ screen: [String]) -> [String] {
        screen.flatMap { $0.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test func learnFlipsRemembersAndForgets() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.registerAndStart()
        #expect(BundledDeck.shared.entries.count == 1395)
        // A new learner's Learn round is the day's new words (10 by default), not the whole deck.
        let deckSize = 10

        try session.sendKeys("l")
        let front = try session.waitForText("Remembered 0/\(deckSize)")
        #expect(front[0].contains("[Learn]"))
        #expect(front.contains { $0.contains("╭─ Word") })
        let card = BundledDeck.shared.words(on: front)
        try #require(card.count == 1, "one word on the card:\n\(HarnessError.framed(front))")
        // A kana word's reading line is its kana and romaji (the pitch line is drawn over the kana).
        #expect(segments(front).contains(card[0].hint) || segments(front).contains("\(card[0].question) · \(card[0].hint)"))

        try session.sendKeys("Space")
        let back = try session.waitForText("╭─ Meaning")
        #expect(segments(back).contains(card[0].answer))
        #expect(segments(back).contains(card[0].question))

        try session.sendKeys("r")
        let remembered = try session.waitForText("Remembered 1/\(deckSize)")
        #expect(joinedScreen(remembered).contains("\(deckSize - 1) cards left"))
        #expect(!joinedScreen(remembered).contains("Forgot once"), "nothing about forgetting before the first miss")
        #expect(remembered.contains { $0.contains("╭─ Word") })  // the next card, face up

        try session.sendKeys("f")
        let forgot = try session.waitForText("Forgot once")
        #expect(joinedScreen(forgot).contains("\(deckSize - 1) cards left"), "a forgotten card stays in the stack")
        #expect(joinedScreen(forgot).contains("Remembered 1/\(deckSize)"))
    }

    @Test func settingsChangeTheProfileOnDiskAndForgetMe() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.registerAndStart()
        try app.waitForProfiles("the registered profile") { $0.first?.numberOfQuestions == 6 }

        try session.sendKeys("s")
        // Waited for whole: a capture can land while the tab is still being painted.
        let settings = try session.waitFor("the Settings tab with 6 questions") { screen in
            joinedScreen(screen).contains("Settings for さくら")
                && screen.contains { $0.contains("▸ Number of questions") && $0.contains("◂ 6 ▸") }
        }
        #expect(settings[0].contains("[Settings]"))
        try session.sendKeys("Right")
        try session.waitForText("◂ 7 ▸")
        try app.waitForProfiles("7 questions saved") { $0.count == 1 && $0[0].numberOfQuestions == 7 }

        // Learning enabled off hides the Learn tab, and `l` no longer opens it.
        #expect(settings[0].contains(" Learn "))
        try session.sendKeys("Down", "Down")
        try session.waitForText("▸ Learning enabled")
        try session.sendKeys("Space")
        let off = try session.waitForText("[ ] off")
        #expect(!off[0].contains("Learn"))
        #expect(off[0].contains("[Settings]"))
        try app.waitForProfiles("learning off saved") { $0.first?.learningEnabled == false }
        try session.sendKeys("l", "Down")
        let stillSettings = try session.waitForText("▸ Card colour")
        #expect(stillSettings[0].contains("[Settings]"))

        // Forget me asks first; y deletes the profile and returns to Register.
        try session.sendKeys("End")
        try session.waitForText("▸ Forget me")
        try session.sendKeys("Enter")
        let confirm = try session.waitForText("Are you sure?")
        #expect(joinedScreen(confirm).contains("Forget さくら?"))
        #expect(app.profileFiles().count == 1)
        try session.sendKeys("y")
        try app.waitForRegister()
        try app.waitForProfiles("no profile left") { $0.isEmpty }
        #expect(app.profileFiles().isEmpty)
    }

    /// After Forget me, the next learner starts afresh: no "Continue", an empty score.
    @Test func forgetMeStartsTheNextLearnerAfresh() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.registerAndStart(name: "Alice")
        try app.answer(right: true)
        try app.answer(right: false)
        try session.sendKeys("s")
        try session.waitForText("Settings for Alice")
        try session.sendKeys("End", "Enter")
        try session.waitForText("Are you sure?")
        try session.sendKeys("y")
        try app.register(name: "Bob")
        let welcome = try session.waitForText("Hi, Bob")
        #expect(welcome.contains { $0.contains("▸ Start ◂") })
        try session.sendKeys("Enter")
        let bobs = try app.waitForChallenge("Bob's challenge")
        #expect(bobs.score == [0, 6, 0, 0])
    }

    @Test func forgetMeCanBeCancelled() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.registerAndStart()
        try session.sendKeys("s")
        try session.waitForText("Settings for さくら")
        try session.sendKeys("End", "Space")
        try session.waitForText("Are you sure?")
        try session.sendKeys("n")
        let kept = try session.waitFor("the confirmation gone") { !$0.contains { $0.contains("Are you sure?") } }
        #expect(kept.contains { $0.contains("Settings for さくら") })
        #expect(try app.savedProfiles().map(\.name) == ["さくら"])
    }
}
