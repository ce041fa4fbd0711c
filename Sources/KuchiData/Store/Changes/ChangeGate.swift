import Foundation
import KuchiDeck

/// ChangeGate: the one validation every change passes before `apply` writes it — made here,
/// replayed from a busy copy, or read from the sync folder (issue 36).
///
/// Before it, a change made here met the Settings and `kuchi config` rules while the same change
/// read from the folder met only the line decoder's: levels `[9223372036854775807]`, a category
/// holding a newline and weights that put every due date in 2126 were all taken. Now `apply`
/// throws `ChangeRefusal` for a change that fails, and the sync asks `check` first so a refused
/// record becomes one notice naming its file and machine instead of stopping the sync. The
/// rules for each record type are listed in ARCHITECTURE.md ("What each record passes").
public enum ChangeGate {
    /// earliest, latest: the times (ms since 1970) a change may carry: 1970 to the end of 9999.
    package static let earliest = RecordRules.earliest
    package static let latest = RecordRules.latest

    /// check: why `change` may not be applied, nil when it may.
    public static func check(_ change: LearnerChange) -> ChangeRefusal? {
        switch change {
        case .answer(let answer):
            return answer.review.flatMap { review in
                isTime(Milliseconds.from(review.time)) ? nil : ChangeRefusal("an answer dated before 1970 or after 9999")
            }
        case .overrule(_, let answer):
            return check(.answer(answer))
        case .settings(let write):
            return SettingRules.problem(in: write.profile, fields: write.fields.filter { SettingValues.travelling.contains($0) })
                .map(ChangeRefusal.init)
        case .settingsReceived:
            // Several machines' changes at once: `apply` leaves out each one `check(_: SettingChange)` refuses.
            return nil
        case .suspension(let write):
            guard [write.deck, write.question, write.reading].allSatisfy(RecordRules.isCleanText), !write.deck.isEmpty,
                  !write.question.isEmpty else { return ChangeRefusal("a suspension of a word with an empty, overlong or control-character name") }
            return write.stamp.flatMap { isTime($0) ? nil : ChangeRefusal("a suspension dated before 1970 or after 9999") }
        case .ownAnswer(let write):
            for own in write.answers {
                guard [own.deck, own.word, own.answer].allSatisfy(RecordRules.isCleanText), !own.deck.isEmpty, !own.word.isEmpty,
                      !own.answer.trimmingSpaces().isEmpty
                else { return ChangeRefusal("an own answer that is empty, overlong or holds a control character") }
            }
            return write.stamp.flatMap { isTime($0) ? nil : ChangeRefusal("an own answer dated before 1970 or after 9999") }
        case .parameters(let write):
            if let time = write.time, !isTime(time) { return ChangeRefusal("scheduler parameters dated before 1970 or after 9999") }
            return ParameterPlausibility.problem(write.weights).map(ChangeRefusal.init)
        case .received:
            // Several machines' records at once: `apply` leaves out each review `check(_: SyncReview)` refuses.
            return nil
        case .undo, .deckOpened, .learned, .forgotten, .resetLearn, .carryOver, .leechNoticed, .forgetLearner, .restoreLearner, .replay:
            // Made here only (a profile file carried over is filtered field by field, `carryOver`).
            return nil
        }
    }

    /// check: why a setting change (made here or received) may not be logged.
    package static func check(_ setting: SettingChange) -> ChangeRefusal? {
        guard setting.stamp.rawValue > 0, setting.stamp.rawValue <= SettingStamp.ticks(latest) else {
            return ChangeRefusal("a setting stamped before 1970 or after 9999")
        }
        guard SettingValues.isValid(setting.value, for: setting.field, base: gateProfile) else {
            return ChangeRefusal("a \(setting.field.settingTitle) setting that Kuchi's own rules refuse")
        }
        return nil
    }

    /// check: why a review read from the sync folder may not enter the log (its text fields are
    /// the decoder's: `RecordRules`).
    package static func check(_ review: SyncReview) -> ChangeRefusal? {
        isTime(review.time) && review.duration >= 0 ? nil : ChangeRefusal("a review dated before 1970 or after 9999")
    }

    /// isTime: whether `time` (ms) is between 1970 and the end of 9999.
    package static func isTime(_ time: Int64) -> Bool {
        (earliest...latest).contains(time)
    }

    /// gateProfile: the profile a received value is tried on (each field's rules are its own).
    private static let gateProfile = Profile(name: "Gate")
}

/// ChangeRefusal: why a change was refused, one phrase.
public struct ChangeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    package init(_ reason: String) { self.reason = reason }
    public var description: String { "Kuchi refused the change: \(reason)." }
}
