import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData
@testable import KuchiSync

/// Station: one machine — a config folder and a data folder — synced in process.
struct Station {
    let home: TemporaryDirectory
    var config: URL { home.file("config") }
    var data: URL { home.file("data") }
    var store: ProfileStore { ProfileStore(directory: config) }

    /// init: an empty machine.
    init() throws { home = try TemporaryDirectory() }

    /// sync: one `SyncService` run at `now` (`name`: bring that learner in).
    @discardableResult
    func sync(_ folder: URL, name: String? = nil, now: Date, sourceLocation: SourceLocation = #_sourceLocation) throws -> SyncReport {
        try SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data, statusOnly: false,
                                        now: now)).get()
    }

    /// database: this machine's learner database (a new connection).
    func database() -> LearnerDatabase { LearnerDatabase.open(directory: data) }

    /// answer: the learner answers `word` of `deck` at `time`, as a live answer is recorded.
    func answer(_ learner: UUID, deck: Deck, word: Int, rating: Rating, at time: Date) throws {
        let database = database()
        try LogInvariant.withoutIDFallback(database)
        let cards = try database.cards(learner: learner, deck: deck, now: time)
        try database.record(ReviewInput(cardID: cards.cards[word].id, rating: rating, time: time, duration: 1000 + word * 10),
                            scheduler: FSRSScheduler())
    }

    /// statsJSON: `kuchi stats --json`'s figures on this machine at `now` (UTC days).
    func statsJSON(_ learner: UUID, deck: Deck, now: Date) throws -> StatsJSON {
        let snapshot = try database().statsSource.snapshot(learner: learner, calendar: LogFigures.calendar,
                                                           categories: StatsCategoryIndex(decks: [deck]), now: now)
        return StatsJSON(snapshot)
    }

    /// exportedLog: `kuchi export reviews` on this machine.
    func exportedLog(_ learner: UUID) throws -> String {
        var text = ""
        try LearnerExport.reviews(database(), learner: learner) { text += $0 }
        return text
    }
}

/// LogFigures: the review figures of `kuchi stats --json`, computed straight from the exported
/// review log (`kuchi export reviews`), with none of the store's code.
struct LogFigures: Equatable {
    static let calendar = StudyCalendar(rolloverHour: 4, timeZone: TimeZone(identifier: "UTC") ?? .current)

    var reviewsTotal = 0
    var reviewsToday = 0
    var daysStudied = 0
    var retention30d: Double?

    /// init: the figures of the CSV `log` at `now`.
    init(csv log: String, now: Date) {
        let today = Self.calendar.day(of: now)
        var days: Set<Int> = []
        var (inReview, passed) = (0, 0)
        for line in log.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",").compactMap { Int64($0) }
            guard fields.count == 5 else { continue }
            let day = Self.calendar.day(of: Date(timeIntervalSince1970: Double(fields[1]) / 1000))
            reviewsTotal += 1
            if day == today { reviewsToday += 1 }
            days.insert(day)
            if fields[3] == 2, day > today - 30, day <= today {
                inReview += 1
                if fields[2] > 1 { passed += 1 }
            }
        }
        daysStudied = days.count
        retention30d = inReview == 0 ? nil : Double(passed) / Double(inReview)
    }

    /// init: the same figures as `kuchi stats --json` gives them.
    init(_ json: StatsJSON) {
        reviewsTotal = json.reviewsTotal
        reviewsToday = json.reviewsToday
        daysStudied = json.daysStudied
        retention30d = json.retention30d
    }
}
