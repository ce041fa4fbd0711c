import Foundation
import GRDB
@testable import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// StatsCommandTests: `kuchi stats` against profiles and a database file in a temporary
/// folder — the learner chosen as `kuchi due` chooses, the JSON's figures, the text's width.
@MainActor
@Suite("kuchi stats")
struct StatsCommandTests {
    /// Folder: a config folder with profiles and a data folder with a learner database.
    struct Folder {
        let root: URL
        var config: URL { root.appendingPathComponent("config") }
        var data: URL { root.appendingPathComponent("data") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-stats-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// profile: saves a profile named `name`.
        @discardableResult
        func profile(_ name: String) throws -> Profile {
            let profile = Profile(name: name)
            _ = try ProfileStore(directory: config).create(profile)
            return profile
        }
    }

    /// command: `kuchi ARGS` parsed as the binary parses it.
    func command(_ arguments: [String]) throws -> StatsCommand {
        try #require(try KuchiCommand.parseAsRoot(arguments) as? StatsCommand)
    }

    /// database: the learner database (migrated by the store) with two reviews today
    /// and one yesterday, for `learner`.
    func database(in folder: Folder, learner: UUID, now: Date) throws {
        // The store's own migrator makes the file, as the app would.
        let queue = try DatabaseQueue(path: folder.data.appendingPathComponent("kuchi.sqlite").path)
        try LearnerSchema.migrator.migrate(queue)
        try queue.write { db in
            let nowMs = Int64(now.timeIntervalSince1970 * 1000)
            try db.execute(sql: "INSERT INTO learner_deck (id, learner, deck) VALUES (1, ?, 'Kuchi')", arguments: [learner.uuidString.lowercased()])
            try db.execute(sql: """
                INSERT INTO card (id, learner_deck, question, reading, direction, answer, state, stability, due, lapses)
                VALUES (1, 1, '犬', 'いぬ', 'jp-en', 'dog', 2, 25, ?, 2), (2, 1, '猫', 'ねこ', 'jp-en', 'cat', 0, NULL, NULL, 0)
                """, arguments: [nowMs - 1000])
            try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (1, ?, 3, 2, 1500), (1, ?, 1, 2, 900), (1, ?, 3, 1, 800)",
                           arguments: [nowMs - 60_000, nowMs - 30_000, nowMs - 86_400_000])
        }
    }

    @Test("several learners and none named, or an unknown name: exit 2 with a clear message")
    func ambiguousOrUnknown() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.profile("さくら")
        try folder.profile("Ken")
        let environment = ["HOME": folder.root.path]
        let several = try command(["stats", "--config-dir", folder.config.path, "--data-dir", folder.data.path]).report(environment: environment)
        #expect(several.status == 2)
        #expect(several.lines == ["kuchi: several learners — choose one with --profile NAME: Ken, さくら"])
        let unknown = try command(["stats", "--profile", "Yuki", "--config-dir", folder.config.path]).report(environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.lines.first?.contains("no saved profile named \"Yuki\"") == true)
        let none = try command(["stats", "--config-dir", folder.root.appendingPathComponent("empty").path]).report(environment: environment)
        #expect(none.status == 2)
        #expect(none.lines.first?.contains("no saved learner yet") == true)
    }

    @Test("--json: the figures of the database, every key present")
    func json() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let learner = try folder.profile("さくら")
        try folder.profile("Ken")
        // Noon in the learner's zone, so "today" holds the two reviews a minute ago.
        let now = StudyCalendar(timeZone: .current).start(ofDay: StudyCalendar(timeZone: .current).day(of: Date())).addingTimeInterval(8 * 3600)
        try database(in: folder, learner: learner.id, now: now)
        let report = try command(["stats", "--json", "--profile", "さくら", "--config-dir", folder.config.path, "--data-dir", folder.data.path])
            .report(now: now, environment: ["HOME": folder.root.path])
        #expect(report.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.lines.joined().utf8)) as? [String: Any])
        #expect(object["reviews_total"] as? Int == 3)
        #expect(object["reviews_today"] as? Int == 2)
        #expect(object["days_studied"] as? Int == 2)
        #expect(object["streak_days"] as? Int == 2)
        #expect(object["due_now"] as? Int == 1)
        #expect((object["due_forecast"] as? [Int])?.first == 1)
        #expect(object["retention_30d"] as? Double == 0.5)
        // Words: 犬 in review; 猫, a row no loaded deck names and never reviewed, is no word the
        // learner studies (a machine brought in by sync would not have its row).
        #expect(object["cards"] as? [String: Int] == ["new": 0, "learning": 0, "review": 1, "relearning": 0, "suspended": 0])
        let categories = try #require(object["by_category"] as? [[String: Any]])
        #expect(categories.count == 1)
        #expect(categories.first?["category"] as? String == StatsCategoryIndex.other)
        #expect(categories.first?["total"] as? Int == 1)
        #expect(categories.first?["mature"] as? Int == 1)
        // Ken has no data yet: zeros and a null retention, not an error.
        let ken = try command(["stats", "--json", "--profile", "ken", "--config-dir", folder.config.path, "--data-dir", folder.data.path])
            .report(now: now, environment: ["HOME": folder.root.path])
        #expect(ken.status == 0)
        #expect(ken.lines.joined().contains("\"retention_30d\":null"))
        #expect(ken.lines.joined().contains("\"reviews_total\":0"))
    }

    @Test("text: the charts fitted to $COLUMNS, in monochrome glyphs", arguments: [50, 80, 130])
    func text(columns: Int) throws {
        let folder = try Folder()
        defer { folder.remove() }
        let learner = try folder.profile("さくら")
        let now = Date()
        try database(in: folder, learner: learner.id, now: now)
        let report = try command(["stats", "--config-dir", folder.config.path, "--data-dir", folder.data.path])
            .report(now: now, environment: ["HOME": folder.root.path, "COLUMNS": "\(columns)"])
        #expect(report.status == 0)
        #expect(report.lines.first == "Kuchi — さくら")
        #expect(report.lines.allSatisfy { $0.displayWidth <= columns })
        #expect(report.lines.contains { $0.contains("─ Today ") })
        #expect(report.lines.contains { $0.contains("Less · ░ ▒ ▓ █ More") })
        #expect(report.lines.contains { $0.contains("2 reviews today") })
        #expect(report.lines.contains { $0.contains("犬") && $0.contains("いぬ") && $0.contains("dog") })
        #expect(!report.lines.contains { $0.contains("\u{1B}") }, "no escape sequences: the text is for pipes")
    }
}
