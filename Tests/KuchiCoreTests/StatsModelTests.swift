import Foundation
import Observation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// StatsModelTests: the model's incremental updates agree with a full recompute, and an answer
/// writes only the aggregates it changed.
@MainActor
@Suite("Stats model")
struct StatsModelTests {
    let learner = UUID()
    let calendar = StudyCalendar(rolloverHour: 4, timeZone: TokyoTime.zone)
    let start = TokyoTime.at(2026, 11, 23, 12)

    /// Fixture: a database with 24 cards in three categories and some history, and a model on it.
    struct Fixture {
        let db: StatsTestDatabase
        let deck: Deck
        var memory: [Int64: FSRSCard]
        var words: [Int64: Challenge]
    }

    func fixture(random: inout SeededGenerator) throws -> Fixture {
        let categories = ["Animals", "Food", "Time"]
        let kana = Array("あいうえおかきくけこさしすせそたちつてとなにぬね")
        let entries = (0..<24).map { index in
            DeckJSON.entry("語\(index)", "go\(index)", "word \(index)", reading: "ご" + String(kana[index]), category: categories[index % 3])
        }
        let deck = try makeDeck(entries)
        let db = try StatsTestDatabase()
        let deckID = try db.deck(learner: learner, title: deck.title)
        var memory: [Int64: FSRSCard] = [:]
        var words: [Int64: Challenge] = [:]
        // Two cards a word: the word figures (its least settled card, mature when every seen
        // card is) must follow an answer to either.
        for challenge in deck.challenges + deck.challenges {
            let direction = memory.count < deck.challenges.count ? "jp-en" : "en-jp"
            // New, or reviewed with a due well before the test or a day or more after it, so no
            // card falls due while the test answers (time passing is what `refresh` is for).
            let card: FSRSCard = Bool.random(using: &random)
                ? FSRSCard(due: start)
                : FSRSCard(state: [.learning, .review, .relearning].randomElement(using: &random) ?? .review,
                           stability: Double.random(in: 0.5...40, using: &random),
                           due: start.addingTimeInterval(Double.random(in: -5...40, using: &random).rounded() * 86_400 + 3600),
                           reps: 1, lapses: Int.random(in: 0...3, using: &random))
            let id = try db.card(deck: deckID, question: challenge.question, reading: challenge.reading ?? "",
                                 answer: challenge.answer, direction: direction, memory: card.state == .new ? nil : card)
            memory[id] = card
            words[id] = challenge
            if card.state != .new {
                for back in 1...Int.random(in: 1...4, using: &random) {
                    try db.review(card: id, at: start.addingTimeInterval(-Double(back) * 86_400 * Double.random(in: 0.5...3, using: &random)),
                                  rating: Rating.allCases.randomElement(using: &random) ?? .good, state: .review)
                }
            }
        }
        return Fixture(db: db, deck: deck, memory: memory, words: words)
    }

    func model(_ fixture: Fixture) -> StatsModel {
        let source = StatsSource(reader: fixture.db.queue)
        let index = StatsCategoryIndex(decks: [fixture.deck])
        let learner = learner
        return StatsModel(calendar: calendar, categories: index, now: start) { calendar, now in
            try source.snapshot(learner: learner, calendar: calendar, categories: index, now: now)
        }
    }

    /// answer: a random answer to a random card, written to the database as the store would and
    /// described to the model.
    func answer(_ fixture: inout Fixture, at time: Date, random: inout SeededGenerator) throws -> StatsReview {
        let id = try #require(fixture.memory.keys.sorted().randomElement(using: &random))
        let before = try #require(fixture.memory[id])
        let word = try #require(fixture.words[id])
        let rating = Rating.allCases.randomElement(using: &random) ?? .good
        var after = before
        after.state = [.learning, .review, .relearning].randomElement(using: &random) ?? .review
        after.stability = Double.random(in: 0.1...60, using: &random)
        after.due = time.addingTimeInterval(Double.random(in: 600...(45 * 86_400), using: &random))
        after.reps += 1
        if rating == .again && before.state == .review { after.lapses += 1 }
        try fixture.db.review(card: id, at: time, rating: rating, state: before.state, duration: Int.random(in: 500...9000, using: &random))
        try fixture.db.update(card: id, to: after)
        fixture.memory[id] = after
        return StatsReview(cardID: id, deck: fixture.deck.title, question: word.question, reading: word.reading ?? "",
                           meaning: word.answer, time: time, rating: rating, milliseconds: 0, before: before, after: after)
    }

    @Test("after random answers the incremental figures equal a full recompute", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func incrementalMatchesRecompute(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var fixture = try fixture(random: &random)
        let model = model(fixture)
        model.refresh(now: start)
        #expect(model.problem == nil)
        for step in 0..<120 {
            let time = start.addingTimeInterval(Double(step))
            var review = try answer(&fixture, at: time, random: &random)
            // The log's duration is what the model adds up.
            review.milliseconds = try fixture.db.queue.read { db in
                try Int.fetchOne(db, sql: "SELECT duration FROM review ORDER BY id DESC LIMIT 1") ?? 0
            }
            model.record(review, now: time)
            if step % 20 == 19 {
                let fresh = try fixture.db.snapshot(learner: learner, calendar: calendar,
                                                    categories: StatsCategoryIndex(decks: [fixture.deck]), now: time)
                #expect(model.snapshot == fresh, "after \(step + 1) answers")
            }
        }
        // An answer on the next study day reloads everything, so it agrees as well.
        let tomorrow = TokyoTime.at(2026, 11, 24, 4, 30)
        model.record(try answer(&fixture, at: tomorrow, random: &random), now: tomorrow)
        let fresh = try fixture.db.snapshot(learner: learner, calendar: calendar,
                                            categories: StatsCategoryIndex(decks: [fixture.deck]), now: tomorrow)
        #expect(model.snapshot == fresh)
        #expect(model.today.reviews == 1)
    }

    @Test("an answer writes only the aggregates it changes")
    func writesOnlyChanges() throws {
        var random = SeededGenerator(seed: 9)
        var fixture = try fixture(random: &random)
        let model = model(fixture)
        model.refresh(now: start)
        // A Learning card answered Good that stays Learning with a small stability: today,
        // heatmap, forecast change; retention (not a Review card), cards, categories and the
        // hardest words do not.
        let id = try #require(fixture.memory.first { $0.value.state == .learning && ($0.value.stability ?? 0) < 21 }?.key)
        let before = try #require(fixture.memory[id])
        var after = before
        after.due = start.addingTimeInterval(3 * 86_400)
        after.stability = 3
        fixture.memory[id] = after
        let word = try #require(fixture.words[id])
        var fired: Set<String> = []
        func watch<Value>(_ name: String, _ read: @escaping @MainActor () -> Value) {
            withObservationTracking { _ = read() } onChange: { MainActor.assumeIsolated { _ = fired.insert(name) } }
        }
        watch("today") { model.today }
        watch("heatmap") { model.heatmap }
        watch("forecast") { model.forecast }
        watch("retention") { model.retention }
        watch("cards") { model.cards }
        watch("categories") { model.categories }
        watch("hardest") { model.hardest }
        model.record(StatsReview(cardID: id, deck: fixture.deck.title, question: word.question, reading: word.reading ?? "",
                                 meaning: word.answer, time: start, rating: .good, milliseconds: 1200, before: before, after: after),
                     now: start)
        let moved = StatsSnapshot.forecastBucket(due: before.due, ends: StatsSnapshot.forecastEnds(calendar: calendar, today: calendar.day(of: start)))
            != StatsSnapshot.forecastBucket(due: after.due, ends: StatsSnapshot.forecastEnds(calendar: calendar, today: calendar.day(of: start)))
            || (before.due <= start)
        #expect(fired == (moved ? ["today", "heatmap", "forecast"] : ["today", "heatmap"]))
    }
}
