import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// SyncMachine: one data folder standing for one machine — its own profiles and learner
/// database under XDG folders — that studies through KuchiCore and syncs by running `kuchi`.
struct SyncMachine {
    /// home: the machine's folders (`config/kuchi`, `data/kuchi`).
    let home: TemporaryDirectory
    /// seed: this machine's review-id seed, so its reviews are reproducible and its own.
    let seed: UInt64

    /// init: an empty machine.
    init(seed: UInt64) throws {
        home = try TemporaryDirectory(prefix: "kuchi-sync-machine")
        self.seed = seed
    }

    /// environment: the XDG folders `kuchi` run by `runKuchiThrough` uses.
    var environment: [String: String] {
        ["XDG_CONFIG_HOME": home.file("config").path, "XDG_DATA_HOME": home.file("data").path]
    }

    /// store: the machine's profiles.
    var store: ProfileStore { ProfileStore(directory: ProfileStore.defaultDirectory(environment: environment)) }

    /// dataDirectory: where the learner database is.
    var dataDirectory: URL { LearnerDatabase.defaultDirectory(environment: environment) }

    /// register: saves a new learner here, as Register with Remember me on does.
    func register(_ name: String, settings: Settings = Settings()) throws -> Profile {
        let profile = Profile(name: name, settings: settings)
        // Saved whole, as a Kuchi before the settings log wrote it: the first run carries the
        // settings over into the learner database.
        try store.save(profile)
        return profile
    }

    /// profile: the learner named `name` as saved here, if any, with their settings as the
    /// learner database's log holds them.
    func profile(_ name: String) -> Profile? {
        guard let saved = store.loadAll().profiles.first(where: { $0.isNamed(name) }) else { return nil }
        let database = (try? LearnerDatabase.openReadOnly(directory: dataDirectory)) ?? nil
        return database?.settings(of: saved) ?? saved
    }

    /// Answer: a word of the deck (by position) graded at a moment.
    struct Answer {
        let position: Int
        let rating: Rating
        let time: Date
    }

    /// study: the learner's answers, each recorded as the quiz records one (KuchiCore's
    /// `LearnerDatabase.record`, FSRS at the learner's retention, fuzz from the review id).
    func study(_ name: String, deck: Deck, answers: [Answer]) throws {
        let profile = try #require(self.profile(name))
        let database = LearnerDatabase.open(directory: dataDirectory)
        #expect(database.problem == nil)
        database.reviewIDs.reseed(seed &+ UInt64(answers.first.map { Int($0.time.timeIntervalSince1970) } ?? 0))
        let scheduler = FSRSScheduler(desiredRetention: profile.settings.desiredRetention)
        for answer in answers {
            let cards = try database.cards(learner: profile.id, deck: deck, now: answer.time)
            try database.record(ReviewInput(cardID: cards.cards[answer.position].id, rating: answer.rating, time: answer.time, duration: 2500),
                                scheduler: scheduler)
        }
    }

    /// sync: `kuchi sync FOLDER ARGS` at `moment` (under faketime), retried once on faketime's
    /// stale-semaphore failure.
    func sync(_ folder: URL, _ arguments: [String] = [], at moment: Date) throws -> ProcessResult {
        try kuchi(["sync", folder.path] + arguments, at: moment)
    }

    /// kuchi: any `kuchi` command on this machine at `moment`. A sync or an export grows with
    /// the history (20,000 reviews in the kill test): the run waits for the exit with a deadline
    /// no loaded machine meets by chance (a hang still fails).
    func kuchi(_ arguments: [String], at moment: Date) throws -> ProcessResult {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let launcher = ["faketime", formatter.string(from: moment)]
        var result = try runKuchiThrough(launcher, arguments, directory: home, timeout: .seconds(600))
        for _ in 0..<3 where result.standardError.contains("sem_open") {
            result = try runKuchiThrough(launcher, arguments, directory: home, timeout: .seconds(600))
        }
        return result
    }

    /// cards: `kuchi export cards` without the card_id column (a row number local to each
    /// machine's database), lines sorted: the same cards compare equal on every machine.
    func cards(_ name: String, at moment: Date) throws -> [String] {
        let result = try kuchi(["export", "cards", "--profile", name], at: moment)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").dropFirst().map { line in
            String(line.drop { $0 != "," }.dropFirst())
        }.sorted()
    }

    /// reviewLog: every review of the learner here, for the oracle (card key: deck, question,
    /// reading, direction).
    func reviewLog(_ name: String) throws -> [SyncOracle.Review] {
        let profile = try #require(self.profile(name))
        let database = try #require(try LearnerDatabase.openReadOnly(directory: dataDirectory))
        return try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.deck, c.question, c.reading, c.direction, lower(hex(r.uid)), r.time, r.rating FROM review r
                JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?
                """, arguments: [profile.id.uuidString.lowercased()]).map { row in
                let key = [row[0], row[1], row[2], row[3]].map { (field: String) in field }.joined(separator: ",")
                return SyncOracle.Review(card: key, uid: row[4], time: row[5], rating: row[6])
            }
        }
    }
}

/// oracleMemory: the reference FSRS's card for each key of `log` (deck,question,reading,direction)
/// as the memory columns of `kuchi export cards` (state … lapses).
func oracleMemory(_ log: [SyncOracle.Review], desiredRetention: Double) throws -> [String: String] {
    try SyncOracle.cards(log, desiredRetention: desiredRetention).mapValues { card in
        [String(card.state), card.step.map(String.init) ?? "", "\(card.stability)", "\(card.difficulty)", card.due, card.lastReview,
         String(card.reps), String(card.lapses)].joined(separator: ",")
    }
}

/// memory: export lines (without card_id, of a deck whose fields hold no commas) as
/// deck,question,reading,direction → state … lapses, for the reviewed cards.
func memory(_ lines: [String]) -> [String: String] {
    var cards: [String: String] = [:]
    for line in lines {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 13, fields[5] != "0" else { continue }
        cards[[fields[0], fields[1], fields[2], fields[4]].joined(separator: ",")] = fields[5...].joined(separator: ",")
    }
    return cards
}

/// reviewed: the export lines (without card_id) of cards that have been reviewed (state not 0).
func reviewed(_ lines: [String]) -> [String] {
    lines.filter { line in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        return fields.count > 5 && fields[5] != "0"
    }
}
