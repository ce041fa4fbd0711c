import GRDB

/// SummaryRebuild: migration v4 — the `review_slot` summary follows every write of the log.
///
/// v2's triggers followed INSERT and DELETE only, so a sync's replay, which rewrites a review's
/// state-before with an UPDATE, left the summary's Review-state counts behind: two machines with
/// equal logs showed different true retention, and a learner brought in by `sync --profile`
/// had "No reviews of learnt words" (every received review was summed as New). v4 adds the
/// UPDATE trigger and rebuilds every summary row from the log, repairing files that drifted.
package enum SummaryRebuild {
    /// learnerRows: how Forget removes a learner from the summary (before the log, so the
    /// log's delete trigger finds no row to lower).
    package static let learnerRows = [LearnerRows("review_slot", "DELETE FROM review_slot WHERE learner_deck IN (\(LearnerRows.decks))",
                                                        notRestored: "the review log's insert trigger sums it again as the reviews come back")]

    /// sql: the UPDATE trigger, then the summary recomputed from `review` (the v2 statement).
    package static let sql = """
        CREATE TRIGGER review_slot_update AFTER UPDATE OF card, time, rating, state, duration ON review BEGIN
            UPDATE review_slot SET reviews = reviews - 1, passed = passed - (OLD.rating > 1),
                duration = duration - OLD.duration, review_state = review_state - (OLD.state = 2),
                review_state_passed = review_state_passed - (OLD.state = 2 AND OLD.rating > 1)
            WHERE slot = OLD.time / 900000 AND learner_deck = (SELECT learner_deck FROM card WHERE id = OLD.card);
            -- Only the row just lowered (by its key): a sync's replay restates thousands of reviews.
            DELETE FROM review_slot WHERE slot = OLD.time / 900000 AND learner_deck = (SELECT learner_deck FROM card WHERE id = OLD.card)
                AND reviews <= 0;
            INSERT INTO review_slot (learner_deck, slot, reviews, passed, duration, review_state, review_state_passed)
                SELECT learner_deck, NEW.time / 900000, 1, NEW.rating > 1, NEW.duration, NEW.state = 2,
                       NEW.state = 2 AND NEW.rating > 1
                FROM card WHERE id = NEW.card
                ON CONFLICT (learner_deck, slot) DO UPDATE SET
                    reviews = reviews + 1, passed = passed + excluded.passed, duration = duration + excluded.duration,
                    review_state = review_state + excluded.review_state,
                    review_state_passed = review_state_passed + excluded.review_state_passed;
        END;
        DELETE FROM review_slot;
        INSERT INTO review_slot
            SELECT c.learner_deck, r.time / 900000, COUNT(*), SUM(r.rating > 1), SUM(r.duration),
                   SUM(r.state = 2), SUM(r.state = 2 AND r.rating > 1)
            FROM review r JOIN card c ON c.id = r.card GROUP BY 1, 2;
        """

    /// migrate: applies v4 (the schema version only ever goes up: a file that took a later
    /// step first keeps its number).
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: sql)
        if try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < 4 { try db.execute(sql: "PRAGMA user_version = 4") }
    }
}
