import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI

/// DeckChoiceTests: choosing what to study — the category filter narrows the quiz at once and
/// Welcome says what is studied; the deck picker lists the decks; every choice is saved.
@MainActor
@Suite("Choosing what to study")
struct DeckChoiceTests {
    /// deck: two categories of three words each, and a third of two.
    static let deck = TestDecks.make([
        ("猫", "ねこ", "neko", "cat", "Animals"), ("犬", "いぬ", "inu", "dog", "Animals"), ("鳥", "とり", "tori", "bird", "Animals"),
        ("水", "みず", "mizu", "water", "Food"), ("肉", "にく", "niku", "meat", "Food"), ("魚", "さかな", "sakana", "fish", "Food"),
        ("はい", nil, "hai", "yes", "Greetings"), ("いいえ", nil, "iie", "no", "Greetings"),
    ])

    /// pilot: on Settings with a learner database, so choices make new quizzes as in the app.
    func pilot() -> Pilot {
        Pilot(rows: 40, columns: 100, deck: Self.deck, route: .settings, database: .inMemory())
    }

    @Test("leaving out categories narrows the quiz at once, is saved, and Welcome says so")
    func categories() {
        let pilot = pilot()
        pilot.press(.end)
        pilot.press(.up)  // Categories, above Forget me
        #expect(pilot.state.settingsRow == .categories)
        #expect(pilot.contains("All 3"))
        pilot.press(.enter)
        #expect(pilot.state.route == .categories)
        #expect(pilot.contains("[x] Animals") && pilot.contains("[x] Food") && pilot.contains("[x] Greetings"))
        pilot.press(" ")  // leave out Animals
        #expect(pilot.user.categories == ["Food", "Greetings"])
        #expect(pilot.contains("[ ] Animals"))
        pilot.press(.down)
        pilot.press(" ")  // and Food: Greetings alone has only 2 words — refused
        #expect(pilot.user.categories == ["Food", "Greetings"], "fewer words than a challenge needs is not a choice")
        pilot.press(.enter)
        #expect(pilot.state.route == .settings && pilot.contains("2 of 3"))
        // The words Start plays are narrowed at once (the quiz itself is built at Start).
        #expect(Set(pilot.session.deck.challenges.compactMap(\.category)) == ["Food", "Greetings"], "the study is narrowed at once")
        pilot.press("q")
        #expect(pilot.contains("2 of 3 categories"))
        pilot.press("s")
        pilot.press(.end)
        pilot.press(.up)
        pilot.press(.enter)
        pilot.press("a")
        #expect(pilot.user.categories.isEmpty && pilot.session.deck.challenges.count == Self.deck.challenges.count)
        pilot.session.startSession()
        #expect(pilot.quiz.deck.challenges.count == Self.deck.challenges.count, "Start plays every category again")
    }

    @Test("after leaving out a category, Start plays only the words of the others")
    func startPlaysTheChosenCategories() {
        let pilot = pilot()
        pilot.press(.end)
        pilot.press(.up)  // Categories
        pilot.press(.enter)
        pilot.press(" ")  // leave out Animals
        pilot.press(.enter)
        pilot.press("q")  // Welcome
        #expect(pilot.contains("2 of 3 categories"))
        pilot.press(.enter)  // Start
        #expect(pilot.state.route == .challenge)
        #expect(Set(pilot.quiz.deck.challenges.compactMap(\.category)) == ["Food", "Greetings"])
    }

    @Test("the deck picker lists the decks, marks the one studied, and Esc goes back")
    func deckPicker() {
        let pilot = pilot()
        pilot.press(.end)
        pilot.press(.up)
        pilot.press(.up)
        #expect(pilot.state.settingsRow == .deck)
        pilot.press(.enter)
        #expect(pilot.state.route == .decks)
        #expect(pilot.contains("Choose a deck") && pilot.contains("● Test deck") && pilot.contains("8 words"))
        #expect(pilot.lines.last!.contains("Enter Study this deck"))
        pilot.press(.escape)
        #expect(pilot.state.route == .settings)
    }
}
