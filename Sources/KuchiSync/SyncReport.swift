import Foundation
import KuchiData

/// SyncRequest: what one sync is asked to do.
public struct SyncRequest: Sendable {
    /// folder: the shared folder (DIR).
    public var folder: URL
    /// learner: the learner by id (the app), else `profileName`, else the only saved one.
    public var learner: UUID?
    /// profileName: `--profile NAME`: a saved learner, or one the folder brings in.
    public var profileName: String?
    /// configDirectory: where profiles are kept.
    public var configDirectory: URL
    /// dataDirectory: where the learner database and imported decks are kept.
    public var dataDirectory: URL
    /// statusOnly: `--status`: count what would travel, change nothing.
    public var statusOnly: Bool
    /// now: the sync's time (stamps local setting changes and the batch's name).
    public var now: Date
    /// seed: `KUCHI_SEED`: the machine and batch ids are drawn from it (reproducible runs).
    public var seed: UInt64?
    /// budget: the most bytes of the folder this sync reads; the next sync reads on from there.
    public var budget = SyncFolder.defaultBudget
    /// lockTimeout: how long a sync waits for another one on this data folder to finish.
    public var lockTimeout: Duration = .seconds(120)
    /// stop: set by the app, so quitting ends the reading at once and keeps what was read.
    public var stop: SyncStop?
    /// failAfterSend: tests — the sync fails once its batch is in the folder, before it
    /// commits, as a sync killed at that moment does.
    package var failAfterSend = false

    /// Interrupted: what `failAfterSend` throws.
    package struct Interrupted: Error {}

    /// init: a request; the learner is chosen by id, name, or being the only one.
    public init(folder: URL, learner: UUID? = nil, profileName: String? = nil, configDirectory: URL, dataDirectory: URL,
                statusOnly: Bool = false, now: Date = Date(), seed: UInt64? = nil) {
        self.folder = folder
        self.learner = learner
        self.profileName = profileName
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
        self.statusOnly = statusOnly
        self.now = now
        self.seed = seed
    }
}

/// SyncReport: what a sync did (or, with `--status`, would do).
public struct SyncReport: Equatable, Sendable {
    /// sent: reviews and undos written to the folder.
    public var sent = 0
    /// received: reviews and undos taken from the folder.
    public var received = 0
    /// ownAnswersSent, ownAnswersReceived: changes of the learner's own answers (`kuchi synonyms`)
    /// written to, and taken from, the folder.
    public var ownAnswersSent = 0
    public var ownAnswersReceived = 0
    /// machines: other machines whose records brought something new.
    public var machines = 0
    /// rescheduled: cards studied here whose state changed.
    public var rescheduled = 0
    /// started: cards never reviewed here whose first reviews arrived (studied on another
    /// machine): said apart, so a sync that brings words in does not say it rescheduled them.
    public var started = 0
    /// arrived: the learner was brought onto this machine by this sync.
    public var arrived = false
    /// forgotten: the learner was forgotten on every machine, and so here (nothing else was done).
    public var forgotten = false
    /// settingsSent: this machine's setting changes written to the folder (sent again until there).
    public var settingsSent = 0
    /// settingsChanged: profile fields taken from other machines.
    public var settingsChanged: [ProfileField] = []
    /// statusOnly: nothing was changed.
    public var statusOnly = false
    /// notices: one sentence per problem met (skipped records, unreadable files).
    public var notices: [String] = []
    /// partial: the folder held more new data than one sync reads; the next sync reads on.
    public var partial = false
    /// told: what other machines changed, by machine (weights in force, answers kept, a deck
    /// added), one sentence each; `kuchi sync` prints them under its line (`SyncTold`).
    public var told: [String] = []

    /// summary: the one line `kuchi sync` prints.
    public var summary: String {
        if forgotten { return statusOnly ? "would forget this learner (forgotten on every machine)" : "forgot this learner (forgotten on every machine)" }
        let reviews = "\(sent) review\(sent == 1 ? "" : "s")"
        let from = "\(received) from \(machines) other machine\(machines == 1 ? "" : "s")"
        let cards = "\(rescheduled) card\(rescheduled == 1 ? "" : "s")"
        // Own answers are named only when some travelled, so the usual line stays as it was.
        let own = ownAnswersSent + ownAnswersReceived == 0 ? ""
            : " · own answers: \(ownAnswersSent) \(statusOnly ? "would be " : "")sent, \(ownAnswersReceived) \(statusOnly ? "would be " : "")received"
        let elsewhere = started == 0 ? "" : " · \(started) card\(started == 1 ? "" : "s") \(statusOnly ? "would be " : "")new from other machines"
        if statusOnly {
            return "would send \(reviews) · would receive \(from) · \(cards) would be rescheduled" + elsewhere + own
        }
        return "sent \(reviews) · received \(from) · \(cards) rescheduled" + elsewhere + own
    }
}

/// SyncFailure: why a sync did not run: a usage problem (exit 2) or a folder with nothing for
/// the learner (exit 1); one sentence.
public enum SyncFailure: Error, Equatable, Sendable {
    case usage(String)
    case nothing(String)

    /// message: the sentence.
    public var message: String {
        switch self {
        case .usage(let message), .nothing(let message): message
        }
    }
}
