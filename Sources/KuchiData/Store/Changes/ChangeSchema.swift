import GRDB

/// ChangeSchema: migration v11 (issue 35) — what follows a change is written by the change.
///
/// v3 wrote an undo's tombstone and v9 its outbox row by triggers on every DELETE of a review,
/// so Forget (which deletes a learner's whole log) wrote a tombstone and an outbox row per
/// review, that nothing could ever send — every later sync thought it had work. v2's summary
/// trigger then scanned the whole summary per deleted review (30,000 reviews: 30 s). Those
/// triggers go: `ReviewLog`'s `.remove` writes the tombstone and the outbox row (it knows an
/// undo from a forget), and the summary's delete trigger deletes by key. Outbox rows a forget
/// left behind are dropped.
package enum ChangeSchema {
    /// version: the schema version this step brings.
    package static let version = 11

    /// migrate: replaces the triggers and drops orphaned outbox rows.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS review_tombstone_on_delete;
            DROP TRIGGER IF EXISTS review_tombstone_forget;
            DROP TRIGGER IF EXISTS sync_outbox_undo;
            DROP TRIGGER IF EXISTS review_slot_delete;
            CREATE TRIGGER review_slot_delete AFTER DELETE ON review BEGIN
                UPDATE review_slot SET reviews = reviews - 1, passed = passed - (OLD.rating > 1),
                    duration = duration - OLD.duration, review_state = review_state - (OLD.state = 2),
                    review_state_passed = review_state_passed - (OLD.state = 2 AND OLD.rating > 1)
                WHERE slot = OLD.time / 900000 AND learner_deck = (SELECT learner_deck FROM card WHERE id = OLD.card);
                DELETE FROM review_slot WHERE slot = OLD.time / 900000
                    AND learner_deck = (SELECT learner_deck FROM card WHERE id = OLD.card) AND reviews <= 0;
            END;
            CREATE INDEX IF NOT EXISTS review_tombstone_card ON review_tombstone (card);
            DELETE FROM sync_outbox WHERE kind = 1 AND uid NOT IN (SELECT uid FROM review_tombstone);
            PRAGMA user_version = \(version);
            """)
    }
}
