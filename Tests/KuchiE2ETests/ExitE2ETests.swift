import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every way out leaves the terminal as it was: the cursor shown, the alternate screen left,
/// and the profile on disk intact.
@Suite(.requiresTmux)
struct ExitE2ETests {
    /// Checks the terminal and the profile after kuchi ended with `status`.
    private func expectRestored(_ app: KuchiApp, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = app.session
        #expect(try session.waitForExit() == status, sourceLocation: sourceLocation)
        // The wrapper's lines before and after kuchi are on the normal screen, nothing else is.
        let screen = try session.capture().filter { !$0.isEmpty }
        #expect(screen == ["kuchi-e2e: started", "kuchi-e2e: exited \(status)"], sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.isCursorVisible(), "the cursor is still hidden", sourceLocation: sourceLocation)
        let profiles = try app.savedProfiles()
        #expect(profiles.map(\.name) == ["さくら"], sourceLocation: sourceLocation)
        #expect(profiles.first?.numberOfQuestions == 6, sourceLocation: sourceLocation)
    }

    @Test func qOnWelcomeExitsZero() throws {
        let app = try KuchiApp()
        try app.register(name: "さくら")
        #expect(try app.session.display("#{alternate_on}") == "1")
        try app.session.sendKeys("q")
        try expectRestored(app, status: 0)
        #expect(app.standardError().isEmpty)
    }

    @Test func controlCInTheChallengeEndsBySIGINT() throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.answer(right: false)  // the cursor is hidden and feedback is up
        #expect(try !app.session.isCursorVisible())
        try app.session.sendKeys("C-c")
        try expectRestored(app, status: 128 + SIGINT)
    }

    @Test func sigtermEndsWith143() throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.send(signal: SIGTERM)
        try expectRestored(app, status: 128 + SIGTERM)
        #expect(try app.session.termination() == .signalled(SIGTERM))
    }

    @Test func sighupEndsWith129() throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.session.sendKeys("s")
        try app.session.waitForText("Settings for さくら")
        try app.send(signal: SIGHUP)
        try expectRestored(app, status: 128 + SIGHUP)
    }

    @Test func controlCOnRegisterLeavesNothingBehind() throws {
        let app = try KuchiApp()
        try app.waitForRegister()
        try app.session.type("abc")
        try app.session.waitForText("✓ 3 characters")
        #expect(try app.session.isCursorVisible())
        try app.session.sendKeys("C-c")
        #expect(try app.session.waitForExit() == 128 + SIGINT)
        #expect(try app.session.display("#{alternate_on}") == "0")
        #expect(try app.session.isCursorVisible())
        #expect(app.profileFiles().isEmpty)
    }
}
