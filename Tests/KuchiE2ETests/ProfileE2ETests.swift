import Foundation
import Testing

/// Profiles across launches: remembered, not remembered, the picker and `--profile`.
@Suite(.requiresTmux)
struct ProfileE2ETests {
    /// Quits from Welcome with `q` and checks the exit status.
    private func quitFromWelcome(_ app: KuchiApp) throws {
        try app.session.sendKeys("q")
        #expect(try app.session.waitForExit() == 0)
    }

    /// Writes a profile file in Kuchi's format before a launch (for the picker tests).
    private func writeProfile(_ name: String, id: String, lastUsed: String, in directory: TemporaryDirectory) throws {
        let profiles = directory.file("config/kuchi/profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        let json = """
            {"version": 1, "profile": {"id": "\(id)", "name": "\(name)", "lastUsed": "\(lastUsed)",
             "settings": {"numberOfQuestions": 5, "appearance": "terminal", "learningEnabled": true, "cardColor": "green"}}}
            """
        try Data(json.utf8).write(to: profiles.appendingPathComponent("\(id.lowercased()).json"), options: .atomic)
    }

    @Test func rememberedProfileSkipsRegister() throws {
        let first = try KuchiApp()
        try first.register(name: "さくら")
        try quitFromWelcome(first)
        #expect(try first.savedProfiles().map(\.name) == ["さくら"])

        let second = try KuchiApp(directory: first.directory)
        let screen = try second.session.waitForText("Hi, さくら")
        #expect(!screen.contains { $0.contains("Type your name") })
        #expect(screen.first?.hasSuffix("さくら") == true)
        try quitFromWelcome(second)
    }

    @Test func rememberMeOffLeavesNoProfile() throws {
        let first = try KuchiApp()
        try first.waitForRegister()
        try first.session.type("さくら")
        try first.session.waitForText("✓ 3 characters")
        try first.session.sendKeys("Tab", "Space")
        try first.session.waitForText("[ ] Remember me")
        try first.session.sendKeys("Enter")
        try first.session.waitForText("Hi, さくら")
        try quitFromWelcome(first)
        #expect(first.profileFiles().isEmpty)

        let second = try KuchiApp(directory: first.directory)
        let screen = try second.waitForRegister()
        #expect(screen.contains { $0.contains("✗ 0 of at least 3 characters") })
        #expect(second.profileFiles().isEmpty)
    }

    @Test func pickerListsProfilesLastUsedFirst() throws {
        let directory = try TemporaryDirectory()
        // Taro was used more recently but sorts after さくら by file name and ahead of it by name.
        try writeProfile("さくら", id: "00000000-0000-0000-0000-000000000001", lastUsed: "2024-01-01T10:00:00Z", in: directory)
        try writeProfile("Taro", id: "FFFFFFFF-0000-0000-0000-000000000002", lastUsed: "2024-06-01T10:00:00Z", in: directory)
        let first = try KuchiApp(directory: directory)
        let picker = try first.session.waitForText("Who is learning today?")
        let rows = picker.compactMap { row -> String? in
            let text = row.trimmingCharacters(in: .whitespaces)
            return ["▸ Taro", "Taro", "さくら", "▸ さくら", "+ New profile", "▸ + New profile"].contains(text) ? text : nil
        }
        #expect(rows == ["▸ Taro", "さくら", "+ New profile"])

        // Choosing さくら makes it the last used: the next launch lists it first.
        try first.session.sendKeys("Down")
        try first.session.waitForText("▸ さくら")
        try first.session.sendKeys("Enter")
        try first.session.waitForText("Hi, さくら")
        try quitFromWelcome(first)

        let second = try KuchiApp(directory: first.directory)
        let again = try second.session.waitForText("Who is learning today?")
        let order = again.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasSuffix("さくら") || $0.hasSuffix("Taro") }
        #expect(order == ["▸ さくら", "Taro"])
        // (Registering "taro" again no longer deletes Taro's file: the name is refused as taken;
        // see RegistrationTests in KuchiCoreTests and the Register screen's own tests.)
    }

    @Test func profileOptionStartsAsThatProfile() throws {
        let directory = try TemporaryDirectory()
        try writeProfile("さくら", id: "00000000-0000-0000-0000-000000000001", lastUsed: "2024-06-01T10:00:00Z", in: directory)
        try writeProfile("Taro", id: "00000000-0000-0000-0000-000000000002", lastUsed: "2024-01-01T10:00:00Z", in: directory)
        let app = try KuchiApp(["--profile", "taro"], directory: directory)
        let screen = try app.session.waitForText("Hi, Taro")
        #expect(!screen.contains { $0.contains("Who is learning today?") })
        try quitFromWelcome(app)
        // Signing in records the use: Taro is now the most recent.
        let taro = try #require(try app.savedProfiles().first { $0.name == "Taro" })
        #expect((taro.profile["lastUsed"] as? String ?? "") > "2024-06-01T10:00:00Z")
    }

    @Test func unknownProfileFailsBeforeTheScreen() throws {
        let directory = try TemporaryDirectory()
        try writeProfile("さくら", id: "00000000-0000-0000-0000-000000000001", lastUsed: "2024-06-01T10:00:00Z", in: directory)
        let app = try KuchiApp(["--profile", "nobody"], directory: directory)
        #expect(try app.session.waitForExit() == 1)
        let error = app.standardError()
        #expect(error == "kuchi: there is no saved profile named \"nobody\"; saved profiles: さくら.\n")
        // No screen was opened: nothing was drawn, and the normal screen shows only the wrapper.
        #expect(!FileManager.default.fileExists(atPath: app.log.url.path))
        let screen = try app.session.capture().filter { !$0.isEmpty }
        #expect(screen == ["kuchi-e2e: started", "kuchi-e2e: exited 1"])
    }
}
