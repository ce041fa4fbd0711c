import Foundation
import Testing

/// DeckChoiceE2ETests: `--category` in a real terminal.
@Suite(.requiresTmux)
struct DeckChoiceE2ETests {
    @Test func categoryOptionNarrowsTheRunAndAnUnknownOneIsAUsageError() throws {
        let app = try KuchiApp(["--category", "Animals", "--category", "Colours"])
        try app.register(name: "さくら")
        let welcome = try app.session.waitForText("2 of 27 categories")
        #expect(joinedScreen(welcome).contains("Kuchi deck (JLPT N5 and N4)"))

        let wrong = try KuchiApp(["--category", "Dinosaurs"])
        #expect(try wrong.session.waitForExit() == 2)
        #expect(wrong.standardError().contains("no category “Dinosaurs”"))
        #expect(wrong.standardError().contains("Animals"), "the message lists the deck's categories")
    }
}
