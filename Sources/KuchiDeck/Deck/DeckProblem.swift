/// DeckProblem: one thing wrong with a deck, located by entry and field so a person can fix it.
public struct DeckProblem: Hashable, Sendable, CustomStringConvertible {
    /// Kind: what is wrong, as a value tests and tools can match on.
    public enum Kind: Hashable, Sendable {
        case unreadable
        case notJSON
        case wrongShape
        case missingField
        case wrongType
        case emptyField
        case controlCharacter
        case invisibleCharacter
        case readingRequired
        case readingNotKana
        case duplicateReading
        case duplicateQuestion
        case duplicateAnswer
        case tooFewEntries
        case tooLarge
        case unknownPartOfSpeech
        case levelOutOfRange
        case unknownConfusable
    }

    /// kind: what is wrong.
    public let kind: Kind
    /// entry: the 1-based position of the entry in `challenges`, or nil for the whole deck.
    public let entry: Int?
    /// field: the entry's field at fault, if one is.
    public let field: String?
    /// message: the problem in words, without the location.
    public let message: String

    public init(_ kind: Kind, entry: Int? = nil, field: String? = nil, _ message: String) {
        self.kind = kind
        self.entry = entry
        self.field = field
        self.message = message
    }

    /// description: "entry 12, field answer: …", the line `check-deck` prints.
    public var description: String {
        switch (entry, field) {
        case let (entry?, field?): "entry \(entry), field \(field): \(message)"
        case let (entry?, nil): "entry \(entry): \(message)"
        case let (nil, field?): "field \(field): \(message)"
        case (nil, nil): message
        }
    }
}

/// DeckError: a deck that cannot be played, with every problem found (not just the first).
public struct DeckError: Error, Sendable, CustomStringConvertible {
    /// source: the deck's path or name.
    public let source: String
    /// problems: every problem found, in file order.
    public let problems: [DeckProblem]

    public init(source: String, problems: [DeckProblem]) {
        self.source = source
        self.problems = problems
    }

    /// description: one headline sentence, then a line per problem.
    public var description: String {
        let noun = problems.count == 1 ? "problem" : "problems"
        return (["The deck \(source) has \(problems.count) \(noun):"] + problems.map { "  \($0)" })
            .joined(separator: "\n")
    }
}
