import Foundation
import KuchiBase
import KuchiMemory

/// WordHistory+Text: the page as `kuchi word` prints it — lines for people, or JSON with the
/// keys the issues name (`word`, `reading`, `meaning`, `kanji`: `kanji`, `meanings`; `accent`;
/// `sentences`: `ja`, `en`, `id`; `cards`: `direction`, `state`,
/// `suspended`, `leech`, `stability`, `difficulty`, `retrievability`, `due`, `reviews`: `time`,
/// `rating`, `interval_days`).
extension WordHistory {
    /// stateName: new, learning, review or relearning.
    public static func stateName(_ state: CardState) -> String {
        switch state {
        case .new: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        }
    }

    /// ratingName: Again, Hard, Good or Easy.
    public static func ratingName(_ rating: Rating) -> String {
        switch rating {
        case .again: "Again"
        case .hard: "Hard"
        case .good: "Good"
        case .easy: "Easy"
        }
    }

    /// days: "3.2 d", "12 d"; under a day "20 h" or "10 min" (never "1193 min": minutes only
    /// below an hour).
    public static func days(_ value: Double) -> String {
        if value < 1 {
            let minutes = Int((value * 1440).rounded())
            return minutes < 60 ? "\(minutes) min" : "\(Int((value * 24).rounded())) h"
        }
        return value < 10 ? String(format: "%.1f d", value) : "\(Int(value.rounded())) d"
    }

    /// textLines: the entry, then per card its figures and its reviews, times local.
    public func textLines(timeZone: TimeZone = .current) -> [String] {
        let time = Self.localTime(timeZone)
        var lines = ["\(challenge.question)  \(challenge.reading ?? challenge.question)  \(challenge.pronunciation)  “\(challenge.answer)”"]
        // Each kanji with its first meaning, as the New word card shows them (issue 38).
        let kanji = challenge.kanji
        if !kanji.isEmpty { lines.append("kanji: " + kanji.map(\.gloss).joined(separator: " · ")) }
        for card in cards {
            var flags: [String] = [Self.stateName(card.state)]
            if card.suspended { flags.append("suspended") }
            if card.leech { flags.append("leech") }
            var figures: [String] = []
            if let stability = card.stability { figures.append("stability \(Self.days(stability))") }
            if let difficulty = card.difficulty { figures.append(String(format: "difficulty %.1f", difficulty)) }
            if let retrievability = card.retrievability { figures.append("retrievability \(Int((retrievability * 100).rounded()))%") }
            if let due = card.due { figures.append("due \(time(due))") }
            lines.append("")
            lines.append("\(card.direction.rawValue)  " + flags.joined(separator: ", ") + (figures.isEmpty ? "" : "  ") + figures.joined(separator: "  "))
            if card.reviews.isEmpty { lines.append("  no reviews yet") }
            for review in card.reviews {
                lines.append("  \(time(review.time))  \(Self.ratingName(review.rating).padding(toLength: 5, withPad: " ", startingAt: 0))  next in \(Self.days(review.intervalDays))")
            }
        }
        return lines
    }

    /// json: the page as one JSON object (times ISO 8601 UTC with milliseconds; a new card's
    /// memory figures are null).
    public func json() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let string = JSONText.quoted
        func number(_ value: Double?) -> String {
            guard let value, value.isFinite else { return "null" }
            return "\(value)"
        }
        let cards = self.cards.map { card in
            let reviews = card.reviews.map { review in
                "{\"time\": \(string(formatter.string(from: review.time))), \"rating\": \(review.rating.rawValue), "
                    + "\"interval_days\": \(number(review.intervalDays))}"
            }
            return "{\"direction\": \(string(card.direction.rawValue)), \"state\": \(string(Self.stateName(card.state))), "
                + "\"suspended\": \(card.suspended), \"leech\": \(card.leech), \"stability\": \(number(card.stability)), "
                + "\"difficulty\": \(number(card.difficulty)), \"retrievability\": \(number(card.retrievability)), "
                + "\"due\": \(card.due.map { string(formatter.string(from: $0)) } ?? "null"), \"reviews\": [\(reviews.joined(separator: ", "))]}"
        }
        let kanji = challenge.kanji.map { entry in
            "{\"kanji\": \(string(entry.kanji)), \"meanings\": [\(entry.meanings.map(string).joined(separator: ", "))]}"
        }
        let sentences = challenge.sentences.map { "{\"ja\": \(string($0.ja)), \"en\": \(string($0.en)), \"id\": \($0.id)}" }
        return "{\"word\": \(string(challenge.question)), \"reading\": \(string(challenge.reading ?? challenge.question)), "
            + "\"meaning\": \(string(challenge.answer)), \"kanji\": [\(kanji.joined(separator: ", "))], "
            + "\"accent\": \(challenge.accent.map { String($0.accent) } ?? "null"), \"sentences\": [\(sentences.joined(separator: ", "))], "
            + "\"cards\": [\(cards.joined(separator: ", "))]}"
    }

    /// localTime: "2026-12-01 14:00" in `timeZone`, from the calendar's fields.
    static func localTime(_ timeZone: TimeZone) -> (Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return { date in
            let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(format: "%04d-%02d-%02d %02d:%02d", fields.year ?? 0, fields.month ?? 0, fields.day ?? 0, fields.hour ?? 0,
                          fields.minute ?? 0)
        }
    }
}
