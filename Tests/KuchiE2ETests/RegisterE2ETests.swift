import Foundation
import Testing

/// Register in the real terminal: the live counter, a Japanese name typed as UTF-8, the cursor
/// in cells, Backspace by character, and the profile that lands on disk.
@Suite(.requiresTmux)
struct RegisterE2ETests {
    @Test func invalidThenJapaneseName() throws {
        let app = try KuchiApp()
        let session = app.session
        let first = try app.waitForRegister()
        // The cursor starts at the field's first cell: two columns right of the Name box's ╭.
        let boxRow = try #require(first.firstIndex { $0.contains("╭─ Name") })
        let boxColumn = try #require(first[boxRow].firstIndex(of: "╭")).utf16Offset(in: first[boxRow])
        let fieldStart = TmuxSession.CursorPosition(column: boxColumn + 2, row: boxRow + 1)
        try waitForCursor(session, at: fieldStart)
        #expect(try session.isCursorVisible())

        try session.type("ab")
        try session.waitForText("✗ 2 of at least 3 characters")
        // Enter on an invalid name does nothing: a later visible key shows it was read and ignored.
        try session.sendKeys("Enter")
        try session.sendKeys("BSpace")
        let stillRegister = try session.waitForText("✗ 1 of at least 3 characters")
        #expect(stillRegister.first?.contains("Kuchi · Register") == true)
        #expect(!stillRegister.contains { $0.contains("Hi, ") })

        try session.sendKeys("BSpace")
        try session.waitForText("✗ 0 of at least 3 characters")
        try session.type("さくら")
        let typed = try session.waitForText("✓ 3 characters")
        #expect(typed[fieldStart.row].contains("│ さくら "))
        // Three double-width characters: the cursor is six cells in.
        try waitForCursor(session, at: .init(column: fieldStart.column + 6, row: fieldStart.row))

        // One Backspace removes ら whole (never half of a wide character); さく is still wide
        // enough for a name (the rule counts columns).
        try session.sendKeys("BSpace")
        let shorter = try session.waitForText("✓ 2 characters")
        #expect(shorter[fieldStart.row].contains("│ さく "))
        #expect(!shorter[fieldStart.row].contains("ら"))
        try waitForCursor(session, at: .init(column: fieldStart.column + 4, row: fieldStart.row))

        try session.type("ら")
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("Enter")
        let welcome = try session.waitForText("Hi, さくら")
        #expect(welcome.contains { $0.contains("Welcome to Kuchi") })

        let profiles = try app.waitForProfiles("one profile named さくら") { $0.count == 1 && $0[0].name == "さくら" }
        let raw = try String(contentsOf: profiles[0].url, encoding: .utf8)
        #expect(raw.contains("さくら"))
        #expect(profiles[0].url.deletingLastPathComponent().path.hasSuffix("/config/kuchi/profiles"))
    }

    @Test func rememberMeToggleShowsAndTabWraps() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.waitForRegister()
        try session.type("Kenji")
        try session.waitForText("✓ 5 characters")
        try session.sendKeys("Tab", "Space")
        try session.waitForText("[ ] Remember me")
        // Tab again reaches OK; Shift-Tab twice goes back to the name, where typing still works.
        try session.sendKeys("Tab")
        try session.waitForText("▸ OK ◂")
        try session.sendKeys("BTab", "BTab")
        try session.type("!")
        try session.waitForText("✓ 6 characters")
        #expect(app.profileFiles().isEmpty)
    }

    @Test func helpOverlayHidesTheFieldCursor() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.waitForRegister()
        try session.type("さくら")
        try session.waitForText("✓ 3 characters")
        let field = try session.cursorPosition()
        #expect(try session.isCursorVisible())
        // The help box covers the name field: the cursor must not blink on top of the help text.
        try session.sendKeys("F1")
        let help = try session.waitForText("? or Esc closes")  // the help box's last line: the whole box is drawn
        #expect(help[field.row].contains("│ ") && !help[field.row].contains("さくら"), "the help box covers the field")
        try session.waitFor("the cursor hidden under the help") { _ in (try? session.isCursorVisible()) == false }
        try session.sendKeys("Escape")
        try session.waitFor("the help closed") { !$0.contains { $0.contains("Help · Register") } }
        try session.waitFor("the cursor back in the field") { _ in
            (try? session.isCursorVisible()) == true && (try? session.cursorPosition()) == field
        }
        #expect(try session.termination() == nil, "Esc closed the help, it did not quit")
    }

    /// Polls the cursor until it is at `expected` (the cursor move may follow the text a moment later).
    private func waitForCursor(_ session: TmuxSession, at expected: TmuxSession.CursorPosition) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        var position = try session.cursorPosition()
        while position != expected {
            if ContinuousClock.now >= deadline {
                throw HarnessError.timedOut(description: "the cursor at \(expected), it is at \(position)",
                                            timeout: .seconds(5), screen: try session.capture())
            }
            Thread.sleep(forTimeInterval: 0.02)
            position = try session.cursorPosition()
        }
    }
}
