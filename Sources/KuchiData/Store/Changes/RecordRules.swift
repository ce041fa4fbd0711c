import KuchiBase

/// RecordRules: the bounds every field of a learner's change passes, whether it was made here or
/// read from the sync folder (which is untrusted): sizes bounded, times within reason, text free
/// of controls.
package enum RecordRules {
    /// maximumText: the longest deck title, question, reading or answer accepted, in bytes.
    package static let maximumText = 4096
    /// earliest, latest: review, suspension and weight-change times before 1970 or after 9999
    /// are refused as nonsense; one after the receiver's tomorrow is kept aside until then
    /// (`SyncIntake`), not refused.
    package static let earliest: Int64 = 0
    package static let latest: Int64 = 253_402_300_799_999
    /// maximumDuration: a review's duration is capped at one day (ms).
    package static let maximumDuration = 86_400_000

    /// isCleanText: short enough and free of control characters (C0, DEL, C1) and of the bidi
    /// embeddings, overrides and isolates: invisible, they would reorder the word or answer on
    /// every screen and in every export (`a cat <U+202E>evil`). Kuchi never writes them (decks,
    /// names and typed answers refuse or drop them), and the writer runs this same check.
    package static func isCleanText(_ text: String) -> Bool {
        text.utf8.count <= maximumText && !text.containsControlCharacters
    }

    /// Refusal: why a line was skipped, one phrase.
    package struct Refusal: Error, Equatable {
        package let reason: String
        /// init: a refusal for `reason`.
        package init(_ reason: String) { self.reason = reason }
    }
}
