import Foundation
import Testing

/// Profiles that are never lost or undone: an empty `--config-dir`, and two real Kuchi windows
/// (two processes) on one learner.
struct ProfileSafetyE2ETests {
    @Test(arguments: [(["--config-dir", ""], "--config-dir needs a folder; an empty path is not one."),
                      (["--config-dir="], "Missing value for '--config-dir <dir>'")])
    func emptyConfigDirIsAUsageError(_ arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let result = try runKuchi(arguments, in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "nothing was created in the current folder")
    }

    /// twoWindows: さくら registered and saved, then two windows started on her.
    private func twoWindows() throws -> (KuchiApp, KuchiApp) {
        let setup = try KuchiApp()
        try setup.register(name: "さくら")
        try setup.session.sendKeys("q")
        #expect(try setup.session.waitForExit() == 0)
        let first = try KuchiApp(directory: setup.directory)
        let second = try KuchiApp(directory: setup.directory)
        for app in [first, second] {
            try app.session.waitForText("Hi, さくら")
            _ = try app.start()
            try app.session.sendKeys("s")
            try app.session.waitForText("Settings for さくら")
        }
        return (first, second)
    }

    /// quit: from Settings back to Welcome, then out; the exit status.
    private func quit(_ app: KuchiApp) throws -> Int32 {
        try app.session.sendKeys("q")
        try app.session.waitForText("Hi, さくら")
        try app.session.sendKeys("q")
        return try app.session.waitForExit()
    }

    @Test(.requiresTmux)
    func twoWindowsKeepBothChanges() throws {
        let (first, second) = try twoWindows()
        try first.session.sendKeys("Right")
        try first.session.waitForText("◂ 7 ▸")
        try first.waitForProfiles("7 questions saved") { $0.first?.numberOfQuestions == 7 }

        try second.session.sendKeys("Down", "Down", "Down")
        try second.session.waitForText("▸ Card colour")
        try second.session.sendKeys("Right")
        try second.waitForProfiles("magenta saved") { $0.first?.settings["cardColor"] as? String == "magenta" }
        #expect(try second.savedProfiles().first?.numberOfQuestions == 7, "the second window's save kept the first one's change")

        #expect(try quit(first) == 0)
        #expect(try quit(second) == 0)
        let saved = try #require(try first.savedProfiles().first)
        #expect(try first.savedProfiles().count == 1)
        #expect(saved.numberOfQuestions == 7)
        #expect(saved.settings["cardColor"] as? String == "magenta")
    }

    @Test(.requiresTmux)
    func forgetInOneWindowIsNotUndoneByTheOther() throws {
        let (first, second) = try twoWindows()
        try first.session.sendKeys("End")
        try first.session.waitForText("▸ Forget me")
        try first.session.sendKeys("Enter")
        try first.session.waitForText("Are you sure?")
        try first.session.sendKeys("y")
        try first.waitForRegister()
        try first.waitForProfiles("no profile left") { $0.isEmpty }

        try second.session.sendKeys("Right")
        try second.session.waitForText("◂ 7 ▸")
        // The learner is told once, in a notice; Esc closes it.
        try second.session.waitForText("deleted in another")
        try second.session.sendKeys("Escape")
        try second.session.waitFor("the notice closed") { !joinedScreen($0).contains("deleted in another") }
        #expect(try quit(second) == 0)
        #expect(second.profileFiles().isEmpty, "neither the change nor the exit stamp brought the profile back")
        #expect(!second.standardError().contains("deleted in another"), "told once, on screen, not again at exit")
    }
}
