import Foundation
import GRDB
import KuchiCore
import KuchiBase
import KuchiMemory
import KuchiDeck
import KuchiData
import KuchiSync

/// HistoryMaker: `kuchi-bench make-history` — a learner with a year of study, for measuring
/// what memory costs (`scripts/bench`) or trying Kuchi on a big history by hand.
///
/// It writes a profile, a generated deck, and a learner database in which every card of that
/// deck has its share of the reviews at random times over the past year, graded at random
/// (mostly Good), each run through the real `FSRSScheduler`, so every card's state is one Kuchi
/// itself could have reached. The cards are created through `LearnerDatabase.cards` (Kuchi's
/// own path); the reviews go through the review log's one write path (`ReviewLog`), each with
/// its id and its fuzz drawn from that id as a live answer's is (so every card equals its
/// replay), all in one transaction in time order, so a million take seconds, not the hours a
/// transaction per answer would.
enum HistoryMaker {
    /// Review: one generated review, before it is written.
    struct Review {
        let card: Int64
        let time: Int64
        let rating: Rating
        let state: CardState
        let duration: Int
        let uid: String
    }

    /// run: makes the history; returns what it made (counts, file sizes, seconds).
    @MainActor
    static func run(_ options: HistoryOptions) -> [String: Any] {
        let started = Measure.now()
        guard options.cards >= Deck.minimumEntries else { Measure.fail("--cards must be at least \(Deck.minimumEntries)") }
        let profile = saveProfile(options)
        let deckData = DeckGenerator.json(entries: options.cards, categories: 50)
        let deckURL = options.deck.map { URL(fileURLWithPath: $0) }
            ?? options.dataURL.appendingPathComponent("generated-deck-\(options.cards).json")
        do {
            try FileManager.default.createDirectory(at: deckURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try deckData.write(to: deckURL)
        } catch {
            Measure.fail("cannot write the deck \(deckURL.path): \(error)")
        }
        let deck: Deck
        do throws(DeckError) {
            deck = try Deck.load(from: deckURL)
        } catch {
            Measure.fail("the generated deck is not valid: \(error)")
        }
        let databaseURL = options.dataURL.appendingPathComponent(LearnerDatabase.fileName)
        if FileManager.default.fileExists(atPath: databaseURL.path) {
            Measure.fail("\(databaseURL.path) already exists; make-history writes a new history only")
        }
        let now = Date()
        let yearAgo = now.addingTimeInterval(-365 * 86_400)
        // The cards, created by Kuchi's own code (learner and deck rows, one New card per word).
        let cardIDs: [Int64]
        do {
            let database = LearnerDatabase.open(directory: options.dataURL)
            if let problem = database.problem { Measure.fail(problem.message) }
            cardIDs = try database.cards(learner: profile.id, deck: deck, now: yearAgo).cards.map(\.id)
        } catch {
            Measure.fail("could not create the cards: \(error)")
        }
        var random = SeededGenerator(seed: options.seed)
        let (reviews, finals) = simulate(cards: cardIDs, reviews: options.reviews, from: yearAgo, to: now, random: &random)
        let generated = Measure.now()
        do {
            try write(reviews: reviews, cards: finals, to: databaseURL)
        } catch {
            Measure.fail("could not write the reviews: \(error)")
        }
        let written = Measure.now()
        let size = (try? FileManager.default.attributesOfItem(atPath: databaseURL.path)[.size] as? Int) ?? 0
        return [
            "profile": profile.name, "learner": profile.id.uuidString.lowercased(),
            "deck": deckURL.path, "database": databaseURL.path,
            "cards": cardIDs.count, "reviews": reviews.count, "database_bytes": size,
            "simulate_s": Double(generated - started) / 1e9, "write_s": Double(written - generated) / 1e9,
        ]
    }

    /// saveProfile: the learner named `--profile` (kept when saved already, so its UUID — the
    /// database's key — stays), else a new one.
    static func saveProfile(_ options: HistoryOptions) -> Profile {
        let store = ProfileStore(directory: options.configURL)
        let name = (options.profile ?? "").trimmingSpaces()
        if let saved = store.loadAll().profiles.first(where: { $0.isNamed(name) }) { return saved }
        let profile = Profile(name: name)
        do throws(KuchiCore.PersistenceError) {
            try store.save(profile)
        } catch {
            Measure.fail("could not save the profile: \(error.message)")
        }
        return profile
    }

    /// simulate: `reviews` reviews shared out over the cards (the first cards get the
    /// remainder), each card's at sorted random times between `start` and `end`, graded Again
    /// 10 %, Hard 5 %, Good 75 %, Easy 10 % and scheduled by FSRS. Returns the reviews in time
    /// order and every reviewed card's final state with its first review time.
    static func simulate(cards: [Int64], reviews: Int, from start: Date, to end: Date,
                         random: inout SeededGenerator) -> ([Review], [Int64: (FSRSCard, Int64)]) {
        let scheduler = FSRSScheduler()
        let ids = ReviewIDSource(seed: random.next())
        var log: [Review] = []
        log.reserveCapacity(reviews)
        var finals: [Int64: (FSRSCard, Int64)] = [:]
        let span = end.timeIntervalSince(start)
        guard !cards.isEmpty else { return (log, finals) }
        for (index, id) in cards.enumerated() {
            let count = reviews / cards.count + (index < reviews % cards.count ? 1 : 0)
            guard count > 0 else { continue }
            let times = (0..<count).map { _ in start.addingTimeInterval(Double.random(in: 0..<span, using: &random)) }.sorted()
            var card = FSRSCard(due: start)
            for time in times {
                let roll = Int.random(in: 0..<100, using: &random)
                let rating: Rating = roll < 10 ? .again : roll < 15 ? .hard : roll < 90 ? .good : .easy
                let before = card.state
                let uid = ids.next()
                // Whole milliseconds, as the log stores them, so a replay computes this card.
                let stored = Date(timeIntervalSince1970: Double(milliseconds(time)) / 1000)
                card = scheduler.review(card, rating: rating, at: max(stored, card.lastReview ?? stored), fuzzSeed: ReviewID.fuzzSeed(uid))
                log.append(Review(card: id, time: milliseconds(time), rating: rating, state: before,
                                  duration: Int.random(in: 1500..<9000, using: &random), uid: uid))
            }
            finals[id] = (card, milliseconds(times[0]))
        }
        log.sort { $0.time < $1.time }
        return (log, finals)
    }

    /// write: inserts the reviews and updates the cards in one transaction, then checkpoints the
    /// write-ahead log into the file (so its size is the database's).
    static func write(reviews: [Review], cards: [Int64: (FSRSCard, Int64)], to url: URL) throws {
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.inTransaction {
                for review in reviews {
                    try ReviewLog.write(.add(ReviewLog.Entry(card: review.card, time: review.time, rating: review.rating,
                                                             state: review.state, duration: review.duration, uid: review.uid)), in: db)
                }
                for (id, (card, introduced)) in cards {
                    try CardMemory(card, introduced: introduced).write(db, card: id)
                }
                return .commit
            }
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try queue.close()
    }

    /// milliseconds: the database's time unit (whole ms since the Unix epoch).
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
