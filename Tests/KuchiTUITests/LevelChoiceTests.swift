import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiDeck

/// LevelChoiceTests: Settings' *JLPT levels* over the bundled deck with N4 (issue 38).
@MainActor
@Suite("JLPT level choices")
struct LevelChoiceTests {
    @Test("every level, the easiest ones together, then a harder level alone: N4 after N5")
    func choices() throws {
        let choices = SettingsScene.levelChoices(try Deck.bundled())
        #expect(choices.prefix(3) == [[], [5], [5, 4]])
        #expect(choices.contains([4]), "a learner done with N5 studies N4 alone")
        #expect(choices.map(SettingsScene.levelTitle).prefix(3) == ["All levels", "N5", "N5–N4"])
        #expect(SettingsScene.levelTitle([4]) == "N4")
        #expect(Set(choices.map { $0 }).count == choices.count, "no choice twice")
    }
}
