/// ImportError: why `kuchi import` wrote nothing — a usage mistake (exit 2) or a file that
/// yields no deck (exit 1).
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Kind: usage errors are the command line's fault, content errors the file's.
    public enum Kind: Equatable, Sendable {
        case usage
        case content
    }

    /// kind: whose fault it is, which decides the exit status.
    public let kind: Kind
    /// message: one sentence saying what is wrong and, where possible, what to do.
    public let message: String
    /// skipped: the entries refused before the import failed (shown with the error).
    public var skipped: [SkippedEntry]

    public init(_ kind: Kind, _ message: String, skipped: [SkippedEntry] = []) {
        self.kind = kind
        self.message = message
        self.skipped = skipped
    }

    /// description: the message.
    public var description: String { message }
}

/// SkippedEntry: one row or note left out of an import, and why.
public struct SkippedEntry: Equatable, Sendable, CustomStringConvertible {
    /// label: where it came from, as the learner can find it ("row 5", "note 12").
    public let label: String
    /// reason: why it was left out ("no meaning", "duplicate answer 'cat'").
    public let reason: String

    public init(label: String, reason: String) {
        self.label = label
        self.reason = reason
    }

    /// description: "row 5: duplicate answer 'cat'".
    public var description: String { "\(label): \(reason)" }
}
