import Foundation
import GRDB
import KuchiMemory
import KuchiDeck

/// CardTally: migration v12 (issue 39) — what `kuchi due` needs to know of a learner deck's
/// card rows without stepping through them: per (learner deck, direction), how many rows were
/// ever reviewed, kept by triggers on `card` (every writer: the app, undo, sync, a replay,
/// Forget), and what the last deck opening found when it matched every row against its words.
///
/// `card_tally` holds per (learner_deck, direction): `rows` and `reviewed` (state other than
/// New), `odd` (a state outside New…Relearning, which no writer makes: the quick count then
/// declines), `generation` (raised by every INSERT or DELETE of a row and every change of its
/// deck, word or direction), and the opening's record: `words` and `word_count` (the
/// `WordSetFingerprint` of the words it matched against), `words_generation` (the generation
/// it matched at) and `unmatched` (the ids, 8 bytes each, of the rows no word matched byte for
/// byte: words removed or edited, another Unicode form). The record holds while the generation
/// is unchanged: the rows are then the same rows with the same keys.
///
/// `card_due` becomes (learner_deck, state, due, direction, question, reading): the rows due by
/// now are read from the index alone; `card_introduced` counts today's new cards by a range.
package enum CardTally {
    /// learnerRows: how Forget removes a learner's tallies (before the cards, so the cards'
    /// delete trigger finds nothing to lower).
    package static let learnerRows = [LearnerRows("card_tally", "DELETE FROM card_tally WHERE learner_deck IN (\(LearnerRows.decks))",
                                                  notRestored: "the card table's insert trigger counts the cards again as they come back")]

    /// version: the schema version this step brings.
    package static let version = 12

    /// unmatchedLimit: the most rows an opening records as matching no word; past it (a deck
    /// opened for a few categories of a larger one) there is no record and `kuchi due` counts
    /// row by row, which is then the quicker way.
    package static let unmatchedLimit = 1_000

    /// tallied: the SQL of a row's contribution (`who` is OLD or NEW).
    private static func contribution(_ who: String) -> (reviewed: String, odd: String) {
        ("(\(who).state <> 0)", "(\(who).state NOT IN (0, 1, 2, 3))")
    }

    /// keysChanged: an UPDATE moved a row to another deck, word or direction.
    private static let keysChanged = """
        (OLD.learner_deck IS NOT NEW.learner_deck OR OLD.question IS NOT NEW.question OR OLD.reading IS NOT NEW.reading
         OR OLD.direction IS NOT NEW.direction)
        """

    /// sql: the table, its triggers, the indexes, and the tallies counted from the rows.
    package static var sql: String {
        let old = contribution("OLD"), new = contribution("NEW")
        return """
            CREATE TABLE card_tally (
                learner_deck INTEGER NOT NULL,
                direction TEXT NOT NULL,
                rows INTEGER NOT NULL DEFAULT 0,
                reviewed INTEGER NOT NULL DEFAULT 0,
                odd INTEGER NOT NULL DEFAULT 0,
                generation INTEGER NOT NULL DEFAULT 0,
                words INTEGER,
                word_count INTEGER,
                words_generation INTEGER,
                unmatched BLOB,
                PRIMARY KEY (learner_deck, direction)
            ) WITHOUT ROWID;
            CREATE TRIGGER card_tally_insert AFTER INSERT ON card BEGIN
                INSERT INTO card_tally (learner_deck, direction, rows, reviewed, odd, generation)
                VALUES (NEW.learner_deck, NEW.direction, 1, \(new.reviewed), \(new.odd), 1)
                ON CONFLICT (learner_deck, direction) DO UPDATE SET rows = rows + 1, reviewed = reviewed + excluded.reviewed,
                    odd = odd + excluded.odd, generation = generation + 1;
            END;
            CREATE TRIGGER card_tally_delete AFTER DELETE ON card BEGIN
                UPDATE card_tally SET rows = rows - 1, reviewed = reviewed - \(old.reviewed), odd = odd - \(old.odd),
                    generation = generation + 1
                WHERE learner_deck = OLD.learner_deck AND direction = OLD.direction;
            END;
            CREATE TRIGGER card_tally_update AFTER UPDATE OF learner_deck, question, reading, direction, state ON card BEGIN
                UPDATE card_tally SET rows = rows - 1, reviewed = reviewed - \(old.reviewed), odd = odd - \(old.odd),
                    generation = generation + \(keysChanged)
                WHERE learner_deck = OLD.learner_deck AND direction = OLD.direction;
                INSERT INTO card_tally (learner_deck, direction, rows, reviewed, odd, generation)
                VALUES (NEW.learner_deck, NEW.direction, 1, \(new.reviewed), \(new.odd), 1)
                ON CONFLICT (learner_deck, direction) DO UPDATE SET rows = rows + 1, reviewed = reviewed + excluded.reviewed,
                    odd = odd + excluded.odd, generation = generation + \(keysChanged);
            END;
            INSERT INTO card_tally (learner_deck, direction, rows, reviewed, odd, generation)
                SELECT learner_deck, direction, COUNT(*), SUM(state <> 0), SUM(state NOT IN (0, 1, 2, 3)), 1
                FROM card GROUP BY learner_deck, direction;
            DROP INDEX IF EXISTS card_due;
            CREATE INDEX card_due ON card (learner_deck, state, due, direction, question, reading);
            CREATE INDEX card_introduced ON card (learner_deck, introduced) WHERE introduced IS NOT NULL;
            PRAGMA user_version = \(version);
            """
    }

    /// migrate: applies v12.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: sql)
    }

    /// record: what a deck opening found — `words`, the set it matched (learner deck, direction)'s
    /// rows against, and `unmatched`, the rows none of them matched byte for byte — at the
    /// rows' present generation; no record past `unmatchedLimit`. Written only when it differs
    /// from the one kept (an opening that changed nothing writes no page).
    package static func record(_ db: Database, learnerDeck: Int64, direction: StudyDirection, words: WordSetFingerprint,
                               unmatched: [Int64]) throws {
        guard unmatched.count <= unmatchedLimit else {
            try db.execute(sql: """
                UPDATE card_tally SET words = NULL, word_count = NULL, words_generation = NULL, unmatched = NULL
                WHERE learner_deck = ? AND direction = ? AND words IS NOT NULL
                """, arguments: [learnerDeck, direction.rawValue])
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unmatched.count * 8)
        for id in unmatched.sorted() { withUnsafeBytes(of: id.littleEndian) { bytes.append(contentsOf: $0) } }
        let blob = Data(bytes)
        try db.execute(sql: """
            UPDATE card_tally SET words = ?1, word_count = ?2, words_generation = generation, unmatched = ?3
            WHERE learner_deck = ?4 AND direction = ?5
            AND (words IS NOT ?1 OR word_count IS NOT ?2 OR words_generation IS NOT generation OR unmatched IS NOT ?3)
            """, arguments: [words.stored, words.count, blob, learnerDeck, direction.rawValue])
    }

    /// Tally: one (learner deck, direction)'s row.
    package struct Tally: Sendable {
        package var rows = 0, reviewed = 0, odd = 0
        /// opening: the record, when it still holds (the generation it was made at is the
        /// rows' present one): the words' fingerprint and count, and the unmatched rows' ids.
        package var opening: (words: Int64, count: Int, unmatched: [Int64])?
    }

    /// tallies: a learner deck's tallies by direction (a direction with no row has none).
    package static func tallies(_ db: Database, learnerDeck: Int64) throws -> [String: Tally] {
        var tallies: [String: Tally] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT direction, rows, reviewed, odd, words, word_count, words_generation = generation AS holds, unmatched
            FROM card_tally WHERE learner_deck = ?
            """, arguments: [learnerDeck])
        while let row = try rows.next() {
            var tally = Tally(rows: row["rows"], reviewed: row["reviewed"], odd: row["odd"])
            let holds: Bool? = row["holds"]
            if holds == true, let words: Int64 = row["words"], let count: Int = row["word_count"] {
                let blob = (row["unmatched"] as Data?) ?? Data()
                guard blob.count % 8 == 0 else { continue }
                let ids = stride(from: 0, to: blob.count, by: 8).map { offset in
                    blob.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
                }
                tally.opening = (words, count, ids)
            }
            tallies[row["direction"]] = tally
        }
        return tallies
    }
}
