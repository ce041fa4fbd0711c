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
        let choices = SettingsScene.levelChoices(try Deck.bundled().outline)
        #expect(choices.prefix(3) == [[], [5], [5, 4]])
        #expect(choices.contains([4]), "a learner done with N5 studies N4 alone")
        #expect(choices.map(SettingsScene.levelTitle).prefix(3) == ["All levels", "N5", "N5–N4"])
        #expect(SettingsScene.levelTitle([4]) == "N4")
        #expect(Set(choices.map { $0 }).count == choices.count, "no choice twice")
    }

    @Test("Welcome names the levels played: none when the levels chosen hold no word and every level is played (issue 36)")
    func welcomeNamesLevelsPlayed() throws {
        let bundled = try Deck.bundled()
        #expect(WelcomeScene.levelsPlayed(chosen: [1], deck: bundled.outline) == nil, "N1 has no word: every level is played")
        #expect(WelcomeScene.levelsPlayed(chosen: [], deck: bundled.outline) == nil)
        let n5 = try #require(bundled.selecting(levels: [5]))
        #expect(WelcomeScene.levelsPlayed(chosen: [5], deck: n5.outline) == "N5")
        #expect(WelcomeScene.levelsPlayed(chosen: [5, 1], deck: n5.outline) == "N5", "N1 named only if played")
        let both = try #require(bundled.selecting(levels: [5, 4]))
        #expect(WelcomeScene.levelsPlayed(chosen: [5, 4], deck: both.outline) == "N5–N4")
    }
}
