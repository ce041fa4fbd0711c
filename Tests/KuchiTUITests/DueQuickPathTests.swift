import Foundation
import GRDB
@testable import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiDeck
@testable import KuchiData

/// DueQuickPathTests: `kuchi due`'s quick path (the schema by one `PRAGMA user_version` read,
/// the deck read back for counting only) gives what the full path gives — due, new, next
/// review — under every setting that changes them, with a busy and with a damaged database;
/// and it answers itself whenever the file is plainly this Kuchi's (a test of sameness that
/// passed because the quick path always declined would prove nothing).
@MainActor
@Suite("kuchi due: the quick path")
struct DueQuickPathTests {
    /// Folder: profiles, a learner database made by the store's migrator, and the bundled deck.
    struct Folder {
        let root: URL
        var config: URL { root.appendingPathComponent("config") }
        var data: URL { root.appendingPathComponent("data") }
        var file: URL { data.appendingPathComponent(LearnerDatabase.fileName) }
        let deck: Deck

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-due-quick-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
            deck = try Deck.bundled()
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// profile: saves a learner named "さくら" with `settings`.
        func profile(_ settings: Settings = Settings()) throws -> Profile {
            let profile = Profile(name: "さくら", settings: settings)
            // Every field, settings included: no log yet, so the file's settings are the learner's.
            try ProfileStore(directory: config).save(profile)
            return profile
        }

        /// history: cards of the deck's words for `learner`: due ones, ones due later, new ones,
        /// some introduced today, in several directions, categories and levels, and a word the
        /// deck no longer has.
        func history(learner: UUID, now: Date) throws {
            let queue = try DatabaseQueue(path: file.path)
            try LearnerSchema.migrator.migrate(queue)
            try LearnerSchema.claim(queue)
            let nowMs = Int64(now.timeIntervalSince1970 * 1000)
            let hour: Int64 = 3_600_000
            try queue.write { db in
                try db.execute(sql: "INSERT INTO learner_deck (id, learner, deck) VALUES (1, ?, ?)",
                               arguments: [learner.uuidString.lowercased(), deck.title])
                let directions = ["jp-en", "jp-en", "en-jp", "reading"]
                // Every fourth word: several categories and levels.
                for (index, word) in deck.challenges.enumerated().filter({ $0.offset % 4 == 0 }).map(\.element).prefix(160).enumerated() {
                    let direction = directions[index % directions.count]
                    // state 0 new; 2 review: due an hour ago, or later by a step of hours.
                    let state = index % 5 == 0 ? 0 : 2
                    let due: Int64? = state == 0 ? nil : index % 3 == 0 ? nowMs - hour * Int64(index % 7 + 1) : nowMs + hour * Int64(index % 11 + 1)
                    let introduced: Int64? = state == 0 ? nil : index % 40 == 1 ? nowMs - hour : nowMs - 30 * 24 * hour
                    try db.execute(sql: """
                        INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, difficulty, due,
                                          last_review, reps, introduced)
                        VALUES (1, ?, ?, ?, ?, ?, ?, 5, ?, ?, ?, ?)
                        """, arguments: [word.question, word.reading ?? "", direction, word.answer, state, state == 0 ? nil : 3.0, due,
                                         state == 0 ? nil : nowMs - 24 * hour, state == 0 ? 0 : 2, introduced])
                }
                try db.execute(sql: """
                    INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, difficulty, due, reps, introduced)
                    VALUES (1, '廃語', 'はいご', 'jp-en', 'obsolete word', 2, 3, 5, ?, 2, ?)
                    """, arguments: [nowMs - hour, nowMs - hour])
            }
            try queue.close()
        }
    }

    func command(_ folder: Folder, _ extra: [String] = []) throws -> DueCommand {
        try #require(try KuchiCommand.parseAsRoot(["due", "--config-dir", folder.config.path, "--data-dir", folder.data.path] + extra)
                        as? DueCommand)
    }

    /// both: the quick path's answer (which must exist) and the full path's.
    func both(_ folder: Folder, _ extra: [String] = [], now: Date) throws -> (quick: StudyStatus?, full: StudyStatus) {
        let due = try command(folder, extra)
        let options = due.learner.resolved(root: due.root)
        let profile = try options.learner()
        let deck = due.deck ?? due.root.deck
        let full = try DueSummary.fullStatus(profile: profile, options: options, deck: deck, now: now)
        return (DueSummary.quickStatus(profile: profile, options: options, deck: deck, now: now), full)
    }

    nonisolated static let settings: [(String, Settings)] = {
        var list: [(String, Settings)] = [("defaults", Settings())]
        var few = Settings()
        few.newWordsPerDay = 3
        list.append(("3 new words a day", few))
        var categories = Settings()
        categories.categories = ["Greetings & phrases", "Food & drink"]
        list.append(("two categories", categories))
        var levels = Settings()
        levels.levels = [4, 3, 2]
        list.append(("N4 to N2", levels))
        var reading = Settings()
        reading.studyDirection = .reading
        list.append(("reading", reading))
        var english = Settings()
        english.studyDirection = .englishToJapanese
        list.append(("English → Japanese", english))
        var mixed = Settings()
        mixed.studyDirection = .mixed
        mixed.newWordsPerDay = 50
        list.append(("mixed, 50 a day", mixed))
        var rollover = Settings()
        rollover.dayRolloverHour = 23
        list.append(("day starts at 23:00", rollover))
        return list
    }()

    @Test("the same due, new and next review as the full path, for every setting that changes them",
          arguments: settings.indices)
    func sameFigures(_ index: Int) throws {
        let (name, settings) = Self.settings[index]
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile(settings)
        let now = Date()
        try folder.history(learner: profile.id, now: now)
        _ = try both(folder, now: now)  // the first full read caches the deck, as any start does
        let (quick, full) = try both(folder, now: now)
        #expect(quick != nil, "\(name): the quick path answers for a plain file")
        #expect(quick == full, "\(name)")
        if index == 0 { #expect(full.dueNow > 0 && full.newAvailable > 0 && full.nextReview != nil, "the history has cards due and new") }
    }

    @Test("the shortcut reads a prompt's plain arguments as ArgumentParser does, and leaves every other form to it")
    func shortcutArguments() throws {
        let plain = [["due"], ["due", "--quiet"], ["due", "--profile", "さくら", "--deck", "challenges"],
                     ["due", "--config-dir", "/c", "--data-dir", "/d", "--quiet", "--profile", "Ken"]]
        for arguments in plain {
            let read = try #require(DueSummary.plainArguments(arguments), "\(arguments)")
            let parsed = try #require(try KuchiCommand.parseAsRoot(arguments) as? DueCommand)
            let options = parsed.learner.resolved(root: parsed.root)
            #expect(read.options.profile == options.profile && read.options.configDir == options.configDir
                    && read.options.dataDir == options.dataDir, "\(arguments)")
            #expect(read.deck == parsed.deck ?? parsed.root.deck && read.quiet == parsed.quiet, "\(arguments)")
        }
        let others = [["due", "--list"], ["due", "--json"], ["due", "--help"], ["due", "-h"], ["due", "--profile"],
                      ["due", "--profile=Ken"], ["due", "--profile", ""], ["due", "--profile", " "], ["due", "--data-dir", ""],
                      ["due", "--quiet", "--quiet"], ["due", "--deck", "a", "--deck", "b"], ["due", "extra"], ["stats"], [],
                      ["due", "--profile", "--quiet"]]
        for arguments in others {
            #expect(DueSummary.plainArguments(arguments) == nil, "\(arguments)")
        }
    }

    @Test("the settings above do change the figures (so their sameness says something)")
    func settingsMatter() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let now = Date()
        var seen: [StudyStatus] = []
        for (_, settings) in Self.settings {
            try? FileManager.default.removeItem(at: folder.config)
            try? FileManager.default.removeItem(at: folder.file)
            let profile = try folder.profile(settings)
            try folder.history(learner: profile.id, now: now)
            let figures = try both(folder, now: now).full
            if !seen.contains(figures) { seen.append(figures) }
        }
        #expect(seen.count >= Self.settings.count - 2, "\(seen)")
    }

    @Test("--deck, suspended words and settings changed in the log: still the full path's figures")
    func deckSuspensionAndLog() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        try folder.history(learner: profile.id, now: now)
        let database = LearnerDatabase.open(directory: folder.data)
        try database.setSuspended(true, learner: profile.id, deck: folder.deck.title, question: folder.deck.challenges[1].question,
                                  reading: folder.deck.challenges[1].reading ?? "", now: now)
        var changed = profile
        changed.settings.newWordsPerDay = 7
        changed.settings.studyDirection = .mixed
        try database.record([.newWordsPerDay, .studyDirection], of: changed, now: now)
        try database.writer.close()
        _ = try both(folder, now: now)
        for extra in [[], ["--deck", "challenges"]] {
            let (quick, full) = try both(folder, extra, now: now)
            #expect(quick != nil)
            #expect(quick == full, "\(extra)")
        }
        #expect(try both(folder, now: now).full.newAvailable <= 7, "the log's limit counts")
    }

    @Test("a busy database (another connection writing): the same answer")
    func busy() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        try folder.history(learner: profile.id, now: now)
        // Opened once by the app (WAL mode), then another window holds the write lock (a sync
        // mid-transaction) with a change not yet committed: readers see the committed file.
        try LearnerDatabase.open(directory: folder.data).writer.close()
        _ = try both(folder, now: now)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: folder.file.path, configuration: configuration)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "UPDATE card SET due = 0 WHERE state != 0")
        }
        defer { try? other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") } }
        let (quick, full) = try both(folder, now: now)
        #expect(quick != nil)
        #expect(quick == full)
    }

    @Test("a damaged database, a newer one, another program's: the quick path declines or agrees, and `kuchi due` says the same")
    func damagedNewerForeign() throws {
        let now = Date()
        for damage in ["card pages", "header", "newer", "foreign"] {
            let folder = try Folder()
            defer { folder.remove() }
            let profile = try folder.profile()
            try folder.history(learner: profile.id, now: now)
            _ = try both(folder, now: now)
            switch damage {
            case "card pages":
                // Garbage over every page after the schema's: the card table's b-tree.
                let handle = try FileHandle(forUpdating: folder.file)
                let size = try handle.seekToEnd()
                try handle.seek(toOffset: 8192)
                try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 8192))
                try handle.close()
            case "header":
                try Data("not a database at all, just text".utf8).write(to: folder.file)
            case "newer":
                let queue = try DatabaseQueue(path: folder.file.path)
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(LearnerSchema.version + 1)") }
                try queue.close()
            default:
                let queue = try DatabaseQueue(path: folder.file.path)
                try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
                try queue.close()
            }
            let due = try command(folder)
            let options = due.learner.resolved(root: due.root)
            let quick = DueSummary.quickStatus(profile: profile, options: options, deck: nil, now: now)
            let full = Result(catching: { () throws(LearnerOptions.CommandFailure) -> StudyStatus in try DueSummary.fullStatus(profile: profile, options: options, deck: nil, now: now) })
            let whole = Result(catching: { () throws(LearnerOptions.CommandFailure) -> StudyStatus in try due.status(now: now) })
            switch (full, whole) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(damage)")
                if let quick { #expect(quick == a, "\(damage)") }
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message, "\(damage)")
                #expect(quick == nil, "\(damage): the quick path never answers where the full one fails")
            default:
                Issue.record("\(damage): the full path gave \(full), `kuchi due` \(whole)")
            }
            if damage == "newer" || damage == "header" { #expect(quick == nil, "\(damage)") }
        }
    }
}

