import Foundation
import GRDB
import KuchiMemory

/// StatsQueries: every SQL statement the statistics run, in one file so the column names can
/// be adjusted to the learner database's schema in one place.
///
/// Schema read (the store's v1): `learner_deck(id, learner, deck)`, `card(id, learner_deck,
/// question, reading, answer, state, stability, due, lapses)` and `review(card, time, rating,
/// state, duration)`, times in integer ms since the Unix epoch (UTC). The review log is never
/// scanned when the `review_slot` summary exists: it holds one row per learner deck and
/// 15-minute slot (15 minutes so every real time zone's day boundary falls on a slot edge), kept
/// up to date by triggers, so a year of history is a few thousand rows whatever the log's size.
public enum StatsQueries {
    /// slotMilliseconds: the summary's time slot.
    public static let slotMilliseconds: Int64 = 900_000

    /// summaryMigrationSQL: the migration that creates and fills `review_slot` and the triggers
    /// that keep it in step with `review`, and a small index for the hardest words (to be
    /// registered as the store's next migration).
    public static let summaryMigrationSQL = """
        CREATE TABLE review_slot (
            learner_deck INTEGER NOT NULL,
            slot INTEGER NOT NULL,
            reviews INTEGER NOT NULL,
            passed INTEGER NOT NULL,
            duration INTEGER NOT NULL,
            review_state INTEGER NOT NULL,
            review_state_passed INTEGER NOT NULL,
            PRIMARY KEY (learner_deck, slot)
        ) WITHOUT ROWID;
        INSERT INTO review_slot
            SELECT c.learner_deck, r.time / 900000, COUNT(*), SUM(r.rating > 1), SUM(r.duration),
                   SUM(r.state = 2), SUM(r.state = 2 AND r.rating > 1)
            FROM review r JOIN card c ON c.id = r.card GROUP BY 1, 2;
        CREATE TRIGGER review_slot_insert AFTER INSERT ON review BEGIN
            INSERT INTO review_slot (learner_deck, slot, reviews, passed, duration, review_state, review_state_passed)
                SELECT learner_deck, NEW.time / 900000, 1, NEW.rating > 1, NEW.duration, NEW.state = 2,
                       NEW.state = 2 AND NEW.rating > 1
                FROM card WHERE id = NEW.card
                ON CONFLICT (learner_deck, slot) DO UPDATE SET
                    reviews = reviews + 1, passed = passed + excluded.passed, duration = duration + excluded.duration,
                    review_state = review_state + excluded.review_state,
                    review_state_passed = review_state_passed + excluded.review_state_passed;
        END;
        CREATE TRIGGER review_slot_delete AFTER DELETE ON review BEGIN
            UPDATE review_slot SET reviews = reviews - 1, passed = passed - (OLD.rating > 1),
                duration = duration - OLD.duration, review_state = review_state - (OLD.state = 2),
                review_state_passed = review_state_passed - (OLD.state = 2 AND OLD.rating > 1)
            WHERE slot = OLD.time / 900000 AND learner_deck = (SELECT learner_deck FROM card WHERE id = OLD.card);
            DELETE FROM review_slot WHERE reviews <= 0;
        END;
        CREATE TRIGGER review_slot_forget AFTER DELETE ON learner_deck BEGIN
            DELETE FROM review_slot WHERE learner_deck = OLD.id;
        END;
        CREATE INDEX card_lapses ON card (learner_deck, lapses) WHERE lapses > 0;
        """

    /// learnerDecks: the SQL naming the learner's decks (`:learner` is the profile id, lower case).
    private static let learnerDecks = "SELECT id FROM learner_deck WHERE learner = :learner"

    /// DayRow: one study day's review figures.
    public struct DayRow: Equatable, Sendable {
        /// day: the study day number (`StudyCalendar`).
        public var day: Int
        public var reviews: Int
        /// passed: reviews graded Hard, Good or Easy.
        public var passed: Int
        public var milliseconds: Int
        /// reviewState: reviews of cards in Review state; `reviewStatePassed` those not Again.
        public var reviewState: Int
        public var reviewStatePassed: Int
    }

    /// hasSummary: whether the database has the `review_slot` summary.
    public static func hasSummary(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'review_slot')") ?? false
    }

    /// firstReview: the learner's earliest review time (ms), nil with none.
    public static func firstReview(_ db: Database, learner: String, useSummary: Bool) throws -> Int64? {
        let sql = useSummary
            ? "SELECT MIN(slot) * 900000 FROM review_slot WHERE learner_deck IN (\(learnerDecks))"
            : "SELECT MIN(r.time) FROM review r JOIN card c ON c.id = r.card WHERE c.learner_deck IN (\(learnerDecks))"
        return try Int64.fetchOne(db, sql: sql, arguments: ["learner": learner])
    }

    /// dayExpression: SQL numbering the study day of `seconds` (an SQL expression, seconds since
    /// the epoch): the local date of (time − rollover), with the zone's offset picked from `spans`
    /// by a CASE, so DST is exact. Only integers computed here go into the text.
    package static func dayExpression(seconds: String, calendar: StudyCalendar, spans: [StudyCalendar.OffsetSpan]) -> String {
        let shifted = "(\(seconds) - \(calendar.rolloverHour * 3600))"
        let offset: String
        if spans.count <= 1 {
            offset = "\(spans.first?.offset ?? 0)"
        } else {
            let cases = spans.dropFirst().enumerated().map { index, span in
                "WHEN \(shifted) < \(span.start) THEN \(spans[index].offset)"
            }
            offset = "(CASE \(cases.joined(separator: " ")) ELSE \(spans[spans.count - 1].offset) END)"
        }
        // Floor division: a clock set to 1960 writes times before the epoch, where SQLite's
        // integer division (towards zero) would put a review in the next day.
        return floorDivision("\(shifted) + \(offset)", by: 86400)
    }

    /// slotSeconds: the seconds that stand for a summary slot in `dayExpression`. The summary's
    /// triggers number slots by SQLite's division, towards zero, so a slot before the epoch
    /// holds the 15 minutes *ending* at its start: its last second is what is dated (a review at
    /// exactly a slot edge before 1970, one millisecond in 900 000, may be dated a slot early).
    package static let slotSeconds = "(slot * 900 - (slot < 0))"

    /// floorDivision: SQL for ⌊x / divisor⌋ (divisor > 0) for negative x too.
    package static func floorDivision(_ expression: String, by divisor: Int) -> String {
        "((\(expression)) / \(divisor) - ((\(expression)) % \(divisor) < 0))"
    }

    /// days: the learner's review figures per study day, oldest first — summed from the slot
    /// summary when there is one (`summaryDays`), else grouped in SQL from the log itself.
    /// `groupedInSQL`: the summary grouped by SQL too (the form `summaryDays` is checked against).
    public static func days(_ db: Database, learner: String, calendar: StudyCalendar, now: Date, useSummary: Bool,
                            groupedInSQL: Bool = false) throws -> [DayRow] {
        guard let first = try firstReview(db, learner: learner, useSummary: useSummary) else { return [] }
        let firstDate = Date(timeIntervalSince1970: Double(first) / 1000 - Double(calendar.rolloverHour * 3600) - 86_400)
        let spans = calendar.offsetSpans(from: firstDate, to: max(now, firstDate).addingTimeInterval(86_400))
        if useSummary && !groupedInSQL { return try summaryDays(db, learner: learner, calendar: calendar, spans: spans) }
        let sql = useSummary ? """
            SELECT \(dayExpression(seconds: slotSeconds, calendar: calendar, spans: spans)) AS day, SUM(reviews) AS reviews,
                   SUM(passed) AS passed, SUM(duration) AS milliseconds, SUM(review_state) AS review_state,
                   SUM(review_state_passed) AS review_state_passed
            FROM review_slot WHERE learner_deck IN (\(learnerDecks)) AND reviews > 0
            GROUP BY day ORDER BY day
            """ : """
            SELECT \(dayExpression(seconds: floorDivision("r.time", by: 1000), calendar: calendar, spans: spans)) AS day, COUNT(*) AS reviews,
                   SUM(r.rating > 1) AS passed, SUM(r.duration) AS milliseconds, SUM(r.state = 2) AS review_state,
                   SUM(r.state = 2 AND r.rating > 1) AS review_state_passed
            FROM review r JOIN card c ON c.id = r.card
            WHERE c.learner_deck IN (\(learnerDecks))
            GROUP BY day ORDER BY day
            """
        let rows = try Row.fetchCursor(db, sql: sql, arguments: ["learner": learner])
        var result: [DayRow] = []
        while let row = try rows.next() {
            result.append(DayRow(day: row["day"], reviews: row["reviews"], passed: row["passed"], milliseconds: row["milliseconds"],
                                 reviewState: row["review_state"], reviewStatePassed: row["review_state_passed"]))
        }
        return result
    }

    /// hasSuspended: whether the learner has a suspended word (else the card queries need not
    /// look for them; a file not yet migrated, opened read-only, has none).
    public static func hasSuspended(_ db: Database, learner: String) throws -> Bool {
        guard try db.hasTable("suspension") else { return false }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM suspension WHERE learner = :learner AND suspended = 1)",
                                 arguments: ["learner": learner]) ?? false
    }

    /// suspendedCard: SQL true for a `card` row whose word is suspended (Welcome and `kuchi due`
    /// leave such cards out; so do the statistics).
    private static let suspendedCard = """
        EXISTS (SELECT 1 FROM suspension s JOIN learner_deck d ON d.id = card.learner_deck
                WHERE s.learner = d.learner AND s.deck = d.deck AND s.question = card.question AND s.reading = card.reading
                AND s.suspended = 1)
        """

    /// dueTimes: due times (ms) of the learner's reviewed cards due before `before`; with
    /// `suspended`, a suspended word's cards are left out (they are never asked).
    public static func dueTimes(_ db: Database, learner: String, before: Int64, suspended: Bool = false) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            SELECT due FROM card WHERE learner_deck IN (\(learnerDecks)) AND state != 0 AND due < :before
            \(suspended ? "AND NOT " + suspendedCard : "")
            """, arguments: ["learner": learner, "before": before])
    }

    /// CardMasteryRow: one card's deck, word, state, whether it is mature and whether its word
    /// is suspended.
    public struct CardMasteryRow: Equatable, Sendable {
        public var cardID: Int64
        public var deck: String
        public var question: String
        public var reading: String
        public var state: CardState
        public var mature: Bool
        public var suspended: Bool
    }

    /// cardMastery: every card of the learner with what the word figures need; with `suspended`,
    /// whether its word is suspended (else none is).
    public static func cardMastery(_ db: Database, learner: String, suspended: Bool = false) throws -> [CardMasteryRow] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT card.id, d.deck, card.question, card.reading, card.state, COALESCE(card.stability >= :mature, 0) AS mature,
                   \(suspended ? suspendedCard : "0") AS suspended
            FROM card JOIN learner_deck d ON d.id = card.learner_deck WHERE d.learner = :learner
            """, arguments: ["learner": learner, "mature": CategoryMastery.matureStability])
        var result: [CardMasteryRow] = []
        while let row = try rows.next() {
            // By position (the SELECT's order): a lookup by name per column per card was a
            // quarter of this read at 10k cards.
            result.append(CardMasteryRow(cardID: row[0], deck: row[1], question: row[2], reading: row[3],
                                         state: CardState(rawValue: row[4]) ?? .new, mature: row[5], suspended: row[6]))
        }
        return result
    }

    /// learnerDeckTitles: the titles of the decks the learner studies (a deck is the learner's
    /// from its first card, here or received by a sync).
    public static func learnerDeckTitles(_ db: Database, learner: String) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT deck FROM learner_deck WHERE learner = :learner ORDER BY deck", arguments: ["learner": learner])
    }

    /// hardest: the learner's cards with the most lapses (ties: the older card first).
    public static func hardest(_ db: Database, learner: String, limit: Int = HardWord.limit) throws -> [HardWord] {
        try Row.fetchAll(db, sql: """
            SELECT id, question, reading, answer, lapses FROM card
            WHERE learner_deck IN (\(learnerDecks)) AND lapses > 0 ORDER BY lapses DESC, id LIMIT :limit
            """, arguments: ["learner": learner, "limit": limit])
            .map { HardWord(cardID: $0["id"], question: $0["question"], reading: $0["reading"], meaning: $0["answer"], lapses: $0["lapses"]) }
    }
}
