import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// StatsFiguresTests: a known review log in Tokyo time (4 am rollover), every figure checked
/// against values worked out by hand in the comments.
@Suite("Stats figures")
struct StatsFiguresTests {
    let learner = UUID()
    let other = UUID()
    let calendar = StudyCalendar(rolloverHour: 4, timeZone: TokyoTime.zone)
    /// now: 02:00 on the 24th — still the study day of the 23rd (D) because of the 4 am rollover.
    let now = TokyoTime.at(2026, 11, 24, 2)

    static func deck() throws -> Deck {
        try makeDeck([
            DeckJSON.entry("犬", "inu", "dog", reading: "いぬ", category: "Animals"),
            DeckJSON.entry("猫", "neko", "cat", reading: "ねこ", category: "Animals"),
            DeckJSON.entry("水", "mizu", "water", reading: "みず", category: "Food"),
            DeckJSON.entry("肉", "niku", "meat", reading: "にく", category: "Food"),
            DeckJSON.entry("はい", "hai", "yes"),
        ])
    }

    /// knownLog: six cards of the learner and one of another learner, and reviews on days
    /// D, D-1 (one at 03:59 on the 23rd), D-2, D-4, D-5 (D-3 missed), D-29, D-30 and 2025-01-01.
    func knownLog(summary: Bool) throws -> StatsTestDatabase {
        let db = try StatsTestDatabase(summary: summary)
        let deck = try db.deck(learner: learner, title: "Test deck")
        let t = TokyoTime.at
        let c1 = try db.card(deck: deck, question: "犬", reading: "いぬ", answer: "dog",
                             memory: FSRSCard(state: .review, stability: 30, due: t(2026, 11, 22, 12, 0), lapses: 3))
        let c2 = try db.card(deck: deck, question: "猫", reading: "ねこ", answer: "cat",
                             memory: FSRSCard(state: .review, stability: 21, due: t(2026, 11, 24, 3, 59), lapses: 1))
        let c3 = try db.card(deck: deck, question: "水", reading: "みず", answer: "water",
                             memory: FSRSCard(state: .learning, stability: 2, due: t(2026, 11, 24, 4, 0)))
        let c4 = try db.card(deck: deck, question: "肉", reading: "にく", answer: "meat",
                             memory: FSRSCard(state: .relearning, stability: 5, due: t(2026, 12, 23, 3, 0), lapses: 5))
        try db.card(deck: deck, question: "はい", answer: "yes")
        try db.card(deck: deck, question: "犬", reading: "いぬ", answer: "dog", direction: "en-jp",
                    memory: FSRSCard(state: .review, stability: 20.9, due: t(2026, 12, 23, 4, 0), lapses: 3))
        try db.card(deck: deck, question: "はい", answer: "yes", direction: "en-jp")
        let otherDeck = try db.deck(learner: other, title: "Test deck")
        let foreign = try db.card(deck: otherDeck, question: "犬", reading: "いぬ", answer: "dog",
                                  memory: FSRSCard(state: .review, stability: 50, due: t(2026, 11, 23, 12, 0), lapses: 9))
        try db.review(card: c1, at: t(2026, 11, 23, 4, 0), rating: .good, state: .review, duration: 2000)
        try db.review(card: c2, at: t(2026, 11, 23, 20, 0), rating: .again, state: .review, duration: 3000)
        try db.review(card: c3, at: t(2026, 11, 24, 1, 30), rating: .good, state: .learning, duration: 1500)
        try db.review(card: c4, at: t(2026, 11, 23, 3, 59), rating: .hard, state: .review)
        try db.review(card: c1, at: t(2026, 11, 21, 12, 0), rating: .again, state: .relearning)
        try db.review(card: c2, at: t(2026, 11, 19, 9, 0), rating: .good, state: .review)
        try db.review(card: c1, at: t(2026, 11, 18, 10, 0), rating: .good, state: .learning)
        try db.review(card: c2, at: t(2026, 11, 18, 10, 5), rating: .easy, state: .review)
        try db.review(card: c1, at: t(2026, 10, 25, 12, 0), rating: .again, state: .review)
        try db.review(card: c2, at: t(2026, 10, 24, 12, 0), rating: .good, state: .review)
        try db.review(card: c1, at: t(2025, 1, 1, 12, 0), rating: .good, state: .new)
        try db.review(card: foreign, at: t(2026, 11, 23, 10, 0), rating: .good, state: .review)
        return db
    }

    @Test("every figure of the known log", arguments: [true, false])
    func knownFigures(summary: Bool) throws {
        let db = try knownLog(summary: summary)
        let figures = try db.snapshot(learner: learner, calendar: calendar, categories: StatsCategoryIndex(decks: [Self.deck()]), now: now)
        // Today (D): 04:00 Good, 20:00 Again, 01:30 on the 24th Good — 03:59 on the 23rd was D-1.
        #expect(figures.today == TodayStats(reviews: 3, correct: 2, milliseconds: 6500, streakDays: 3, daysStudied: 8, reviewsTotal: 11))
        #expect(figures.today.accuracy == 2.0 / 3.0)
        // Retention, D-29…D, Review state only: r1 ✓ r2 ✗ r4 ✓ r6 ✓ r8 ✓ r9 ✗ (r10 is D-30).
        #expect(figures.retention == Retention(reviews: 6, passed: 4))
        // Heatmap: today is the last of 371 entries.
        let today = calendar.day(of: now)
        #expect(today == StudyCalendar.dayNumber(year: 2026, month: 11, day: 23))
        var heat = Array(repeating: 0, count: Heatmap.dayCount)
        heat[370] = 3
        heat[369] = 1
        heat[368] = 1
        heat[366] = 1
        heat[365] = 2
        heat[341] = 1
        heat[340] = 1
        #expect(figures.heatmap == Heatmap(today: today, counts: heat))
        // Forecast: overdue 犬 and 猫 (03:59 < 04:00) today, 水 at 04:00 tomorrow, 肉 on D+29;
        // the reverse card on D+30 is beyond; only 犬 is due now.
        var forecast = Array(repeating: 0, count: 30)
        forecast[0] = 2
        forecast[1] = 1
        forecast[29] = 1
        #expect(figures.forecast == DueForecast(dueNow: 1, counts: forecast))
        // Words by state, not cards: はい (two new cards) is one new word, 犬 (two Review cards)
        // one word in review; the states add up to the category totals.
        #expect(figures.cards == CardStateCounts(new: 1, learning: 1, review: 2, relearning: 1))
        #expect(figures.cards.total == figures.categories.map(\.total).reduce(0, +))
        // Words, not cards: 犬 counts once (its en-jp card at 20.9 days keeps it from mature),
        // 猫 at 21 days is mature.
        #expect(figures.categories == [
            CategoryMastery(category: "Animals", total: 2, seen: 2, mature: 1),
            CategoryMastery(category: "Food", total: 2, seen: 2, mature: 0),
            CategoryMastery(category: "Other", total: 1, seen: 0, mature: 0),
        ])
        #expect(figures.hardest.map(\.question) == ["肉", "犬", "犬", "猫"])
        #expect(figures.hardest.map(\.lapses) == [5, 3, 3, 1])
        #expect(figures.hardest[0] == HardWord(cardID: 4, question: "肉", reading: "にく", meaning: "meat", lapses: 5))
    }

    @Test("the streak survives until the day is over and breaks on a missed day")
    func streakAcrossDays() throws {
        let db = try knownLog(summary: true)
        // D+1 with no review yet: the streak still ends yesterday (D, D-1, D-2 = 3).
        let nextDay = try db.snapshot(learner: learner, calendar: calendar, now: TokyoTime.at(2026, 11, 24, 22))
        #expect(nextDay.today.streakDays == 3)
        #expect(nextDay.today.reviews == 0)
        #expect(nextDay.today.accuracy == nil)
        // D+2: D+1 was missed, so no streak.
        let broken = try db.snapshot(learner: learner, calendar: calendar, now: TokyoTime.at(2026, 11, 25, 12))
        #expect(broken.today.streakDays == 0)
        #expect(broken.today.daysStudied == 8)
        // 03:00 on the 25th is still D+1 (before the rollover): streak 3 still.
        let beforeRollover = try db.snapshot(learner: learner, calendar: calendar, now: TokyoTime.at(2026, 11, 25, 3))
        #expect(beforeRollover.today.streakDays == 3)
    }

    @Test("a midnight rollover moves the early-morning reviews to the next day")
    func midnightRollover() throws {
        let db = try knownLog(summary: true)
        let midnight = StudyCalendar(rolloverHour: 0, timeZone: TokyoTime.zone)
        let figures = try db.snapshot(learner: learner, calendar: midnight, now: now)
        // Today is the 24th: only the 01:30 review; the 23rd (04:00 Good, 20:00 Again, 03:59 Hard)
        // is yesterday, then the 21st: the 22nd is missed, so the streak is 2.
        #expect(figures.today.reviews == 1)
        #expect(figures.today.streakDays == 2)
        #expect(figures.heatmap.counts[370] == 1)
        #expect(figures.heatmap.counts[369] == 3)
    }

    @Test("the JSON has exactly the documented keys and values")
    func json() throws {
        let db = try knownLog(summary: true)
        let figures = try db.snapshot(learner: learner, calendar: calendar, categories: StatsCategoryIndex(decks: [Self.deck()]), now: now)
        let text = try StatsJSON(figures).text()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["reviews_total", "reviews_today", "days_studied", "streak_days", "due_now", "due_forecast",
                                     "retention_30d", "cards", "by_category"])
        #expect(object["reviews_total"] as? Int == 11)
        #expect(object["reviews_today"] as? Int == 3)
        #expect(object["days_studied"] as? Int == 8)
        #expect(object["streak_days"] as? Int == 3)
        #expect(object["due_now"] as? Int == 1)
        #expect((object["due_forecast"] as? [Int])?.count == 30)
        #expect((object["due_forecast"] as? [Int])?.reduce(0, +) == 4)
        let retention = try #require(object["retention_30d"] as? Double)
        #expect(abs(retention - 4.0 / 6.0) < 1e-12)
        #expect(object["cards"] as? [String: Int] == ["new": 1, "learning": 1, "review": 2, "relearning": 1, "suspended": 0])
        let categories = try #require(object["by_category"] as? [[String: Any]])
        #expect(categories.map { $0["category"] as? String } == ["Animals", "Food", "Other"])
        #expect(categories.map { Set($0.keys) } == Array(repeating: ["category", "total", "seen", "mature"], count: 3))
        #expect(categories.first?["mature"] as? Int == 1)
        #expect(categories.first?["total"] as? Int == 2, "words, not cards")
        // No Review-state reviews: null, not a missing key.
        let empty = try StatsJSON(StatsTestDatabase().snapshot(learner: learner, calendar: calendar, now: now)).text()
        #expect(empty.contains("\"retention_30d\":null"))
    }

    @Test("the summary triggers follow inserts and deletes, and a late migration fills it from the log")
    func summaryTriggers() throws {
        let plain = try knownLog(summary: false)
        let expected = try plain.snapshot(learner: learner, calendar: calendar, now: now)
        try plain.addSummary()
        #expect(try plain.snapshot(learner: learner, calendar: calendar, now: now) == expected)
        try plain.queue.write { db in
            try db.execute(sql: "DELETE FROM review WHERE time = ?", arguments: [StatsSnapshot.milliseconds(TokyoTime.at(2026, 11, 23, 20))])
        }
        let afterDelete = try plain.snapshot(learner: learner, calendar: calendar, now: now)
        #expect(afterDelete.today.reviews == 2)
        #expect(afterDelete.today.correct == 2)
        #expect(afterDelete.retention == Retention(reviews: 5, passed: 4))
        let slots = try plain.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review_slot WHERE reviews <= 0") }
        #expect(slots == 0)
    }
}
