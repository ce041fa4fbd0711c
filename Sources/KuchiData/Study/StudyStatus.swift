import Foundation

/// StudyStatus: where a learner stands — what is due now, how many new words are left today,
/// and when the next review falls due — for Welcome and `kuchi due`.
public struct StudyStatus: Equatable, Sendable {
    /// dueNow: reviewed cards due now.
    public var dueNow: Int
    /// newAvailable: new words still allowed today (the daily limit minus today's, at most the
    /// new words left).
    public var newAvailable: Int
    /// nextReview: the earliest due time after now, nil when no reviewed card waits.
    public var nextReview: Date?

    /// dueElsewhere: cards of the same words due now in the directions not chosen (Welcome
    /// warns that the choice leaves them out).
    public var dueElsewhere: Int

    /// init: a status from its figures.
    public init(dueNow: Int, newAvailable: Int, nextReview: Date?, dueElsewhere: Int = 0) {
        self.dueElsewhere = dueElsewhere
        self.dueNow = dueNow
        self.newAvailable = newAvailable
        self.nextReview = nextReview
    }

    /// isCaughtUp: nothing due and today's new words done: extra practice is what is left.
    public var isCaughtUp: Bool {
        dueNow == 0 && newAvailable == 0
    }

    /// welcomeText: "3 due now · 10 new today · next review in 5 min", or when caught up
    /// "All caught up — next review in 3 h".
    /// With due cards in the directions not chosen, it ends "· 4 more due in other directions".
    public func welcomeText(now: Date) -> String {
        // A review whose time has come is counted as due, not announced as "next review now".
        let next = nextReview.flatMap { date -> String? in
            guard date > now else { return dueNow > 0 ? nil : "a review is due now" }
            return "next review " + Self.relative(from: now, to: date)
        }
        let elsewhere = dueElsewhere > 0 ? " · \(dueElsewhere) more due in other directions" : ""
        if isCaughtUp {
            return (next.map { "All caught up — \($0)" } ?? "All caught up") + elsewhere
        }
        return (["\(dueNow) due now", "\(newAvailable) new today"] + (next.map { [$0] } ?? [])).joined(separator: " · ") + elsewhere
    }

    /// commandLineText: `kuchi due`'s line, "3 due now, 10 new available, next review
    /// 2026-12-01 14:00" (local time); "no review scheduled" when nothing waits.
    public func commandLineText(timeZone: TimeZone = .current) -> String {
        let next: String
        if let nextReview {
            // The Gregorian calendar's fields, not a DateFormatter: the formatter brings ICU's
            // pattern machinery into a command that runs in shell prompts (issue 21).
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: nextReview)
            func padded(_ value: Int?, _ width: Int) -> String {
                let digits = String(value ?? 0)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            next = "next review \(padded(fields.year, 4))-\(padded(fields.month, 2))-\(padded(fields.day, 2)) "
                + "\(padded(fields.hour, 2)):\(padded(fields.minute, 2))"
        } else {
            next = "no review scheduled"
        }
        return "\(dueNow) due now, \(newAvailable) new available, \(next)"
    }

    /// relative: "in 5 min", "in 3 h", "in 2 days" (rounded up, so "in 1 min" is never late);
    /// "now" for a time already past.
    public static func relative(from now: Date, to date: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        if seconds <= 0 { return "now" }
        let minutes = Int((seconds / 60).rounded(.up))
        if minutes < 60 { return "in \(minutes) min" }
        let hours = Int((seconds / 3600).rounded())
        if hours < 48 { return "in \(hours) h" }
        let days = Int((seconds / 86_400).rounded())
        return "in \(days) days"
    }
}
