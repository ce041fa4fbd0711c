import Foundation
import GRDB
import KuchiMemory

/// LearnerExport: the learner's review log and cards as CSV, in the formats people script
/// against (`kuchi export reviews|cards`). Fields are quoted per RFC 4180; lines end in LF.
public enum LearnerExport {
    /// reviewsHeader: the FSRS optimizer's review-log columns.
    public static let reviewsHeader = "card_id,review_time,review_rating,review_state,review_duration"
    /// cardsHeader: one line per card.
    public static let cardsHeader = "card_id,deck,question,reading,answer,direction,state,step,stability,difficulty,due,last_review,reps,lapses"

    /// reviews: every review of the learner, oldest first: times in ms since the epoch (UTC),
    /// the state before the review, the duration in ms.
    public static func reviews(_ database: LearnerDatabase, learner: UUID, write: (String) -> Void) throws {
        write(reviewsHeader + "\n")
        try database.writer.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT r.card, r.time, r.rating, r.state, r.duration FROM review r
                JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
                WHERE d.learner = ? ORDER BY r.time, r.id
                """, arguments: [learner.uuidString.lowercased()])
            while let row = try rows.next() {
                let fields: [Int64] = [row["card"], row["time"], row["rating"], row["state"], row["duration"]]
                write(fields.map(String.init).joined(separator: ",") + "\n")
            }
        }
    }

    /// cards: every card of the learner (removed words included), by id; a new card's unknown
    /// values are empty cells, `step` is empty in Review, times are ISO 8601 UTC.
    public static func cards(_ database: LearnerDatabase, learner: UUID, write: (String) -> Void) throws {
        write(cardsHeader + "\n")
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        let iso8601 = { (milliseconds: Int64) in formatter.string(from: Milliseconds.date(milliseconds)) }
        try database.writer.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT c.id, d.deck, c.question, c.reading, c.answer, c.direction, c.state, c.step, c.stability, c.difficulty,
                       c.due, c.last_review, c.reps, c.lapses
                FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ? ORDER BY c.id
                """, arguments: [learner.uuidString.lowercased()])
            while let row = try rows.next() {
                let state: Int = row["state"]
                let isNew = state == CardState.new.rawValue
                let step: Int? = state == CardState.review.rawValue ? nil : row["step"]
                let stability: Double? = row["stability"]
                let difficulty: Double? = row["difficulty"]
                let due: Int64? = isNew ? nil : row["due"]
                let lastReview: Int64? = row["last_review"]
                let reps: Int = row["reps"]
                let lapses: Int = row["lapses"]
                let fields: [String] = [
                    String(row["id"] as Int64), row["deck"], row["question"], row["reading"], row["answer"], row["direction"], String(state),
                    step.map(String.init) ?? "", stability.map { "\($0)" } ?? "", difficulty.map { "\($0)" } ?? "",
                    due.map(iso8601) ?? "", lastReview.map(iso8601) ?? "", String(reps), String(lapses),
                ]
                write(fields.map(quoted).joined(separator: ",") + "\n")
            }
        }
    }

    /// quoted: a CSV field per RFC 4180 — in double quotes (inner quotes doubled) when it holds
    /// a comma, a quote or a line break; as is otherwise.
    public static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
