/// PersistenceError: a file Kuchi could not read or write, in one sentence a learner can act on.

public struct PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Kind: the failure, for code that reacts differently (tests, the status line).
    public enum Kind: Hashable, Sendable {
        case corrupt
        case newerVersion
        /// foreign: an SQLite file that is not Kuchi's (another program's), left untouched.
        case foreign
        /// busy: another program holds the file's write lock.
        case busy
        case unreadable
        case unwritable
        case tooLarge
    }

    public let kind: Kind
    public let path: String
    public let message: String

    public init(_ kind: Kind, path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
