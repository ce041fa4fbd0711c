import Foundation

/// DeckValidator: turns parsed JSON into a deck, recording each problem with entry and field.
struct DeckValidator {
    private(set) var problems: [DeckProblem] = []

    /// validate: returns a deck when the shape is usable (problems may still have been found).
    mutating func validate(_ raw: RawDeck) -> Deck? {
        let title = optionalString(raw.title, entry: nil, field: "title") ?? "Untitled deck"
        let attribution = optionalString(raw.attribution, entry: nil, field: "attribution")
        guard let rawEntries = raw.challenges else {
            problems.append(DeckProblem(.missingField, field: "challenges", "missing; it must be an array of entries"))
            return nil
        }
        guard case .entries(let entries) = rawEntries else {
            problems.append(DeckProblem(.wrongType, field: "challenges", "must be an array of entries"))
            return nil
        }
        var challenges: [Challenge] = []
        challenges.reserveCapacity(entries.count)
        var questions: [String: Int] = [:]
        var answers: [String: Int] = [:]
        questions.reserveCapacity(entries.count)
        answers.reserveCapacity(entries.count)
        for (offset, rawEntry) in entries.enumerated() {
            let entry = offset + 1
            let parsed = challenge(from: rawEntry, entry: entry)
            // Duplicates are checked on every entry that has the field, even one with other
            // problems, so a single pass reports everything there is to fix.
            if let question = parsed.question {
                if let first = questions[question] {
                    problems.append(DeckProblem(.duplicateQuestion, entry: entry, field: "question",
                                                "\"\(question)\" is already entry \(first)"))
                } else {
                    questions[question] = entry
                }
            }
            if let answer = parsed.answer {
                let answerKey = Self.answerKey(answer)
                if let first = answers[answerKey] {
                    problems.append(DeckProblem(.duplicateAnswer, entry: entry, field: "answer",
                                                "\"\(answer)\" is already the answer of entry \(first); two right-looking choices would show"))
                } else {
                    answers[answerKey] = entry
                }
            }
            if let challenge = parsed.challenge { challenges.append(challenge) }
        }
        if entries.count < Deck.minimumEntries {
            problems.append(DeckProblem(.tooFewEntries, field: "challenges",
                                        "has \(entries.count) entries; at least \(Deck.minimumEntries) are needed to offer \(Deck.minimumEntries) choices"))
        }
        return Deck(title: title, attribution: attribution, challenges: challenges)
    }

    /// answerKey: answers are compared ignoring case and surrounding white space.
    static func answerKey(_ answer: String) -> String {
        answer.trimmedWhitespace.lowercased()
    }

    private mutating func challenge(from raw: RawEntry, entry: Int) -> (challenge: Challenge?, question: String?, answer: String?) {
        guard case let .fields(rawQuestion, rawReading, rawPronunciation, rawAnswer, rawCategory) = raw else {
            problems.append(DeckProblem(.wrongType, entry: entry, "must be an object with question, pronunciation and answer"))
            return (nil, nil, nil)
        }
        let question = requiredString(rawQuestion, entry: entry, field: "question")
        let reading = optionalString(rawReading, entry: entry, field: "reading")
        let pronunciation = requiredString(rawPronunciation, entry: entry, field: "pronunciation")
        let answer = requiredString(rawAnswer, entry: entry, field: "answer")
        let category = optionalString(rawCategory, entry: entry, field: "category")
        if let answer, let scalar = Script.invisibleCharacter(in: answer) {
            problems.append(DeckProblem(.invisibleCharacter, entry: entry, field: "answer",
                                        "contains the invisible character U+\(String(format: "%04X", scalar.value))"))
        }
        if let question, Script.containsKanji(question), reading == nil, rawReading == nil || rawReading == .null {
            problems.append(DeckProblem(.readingRequired, entry: entry, field: "reading",
                                        "missing; required because \"\(question)\" contains kanji"))
        }
        if let reading, !Script.isKana(reading) {
            problems.append(DeckProblem(.readingNotKana, entry: entry, field: "reading", "\"\(reading)\" must be written in kana"))
        }
        guard let question, let pronunciation, let answer else { return (nil, question, answer) }
        return (Challenge(question: question, reading: reading, pronunciation: pronunciation, answer: answer, category: category),
                question, answer)
    }

    private mutating func requiredString(_ value: JSONField?, entry: Int, field: String) -> String? {
        guard let value else {
            problems.append(DeckProblem(.missingField, entry: entry, field: field, "missing"))
            return nil
        }
        return checkedString(value, entry: entry, field: field)
    }

    /// optionalString: absent or null is "not given"; anything else must be a good string.
    private mutating func optionalString(_ value: JSONField?, entry: Int?, field: String) -> String? {
        guard let value, value != .null else { return nil }
        return checkedString(value, entry: entry, field: field)
    }

    private mutating func checkedString(_ value: JSONField, entry: Int?, field: String) -> String? {
        guard case .string(let string) = value else {
            problems.append(DeckProblem(.wrongType, entry: entry, field: field, "must be a string, not \(value.typeName)"))
            return nil
        }
        let trimmed = string.trimmedWhitespace
        if trimmed.isEmpty {
            problems.append(DeckProblem(.emptyField, entry: entry, field: field, "is empty"))
            return nil
        }
        if let scalar = Script.controlCharacter(in: trimmed) {
            problems.append(DeckProblem(.controlCharacter, entry: entry, field: field,
                                        "contains the control character U+\(String(format: "%04X", scalar.value))"))
            return nil
        }
        return trimmed
    }
}

extension String {
    /// trimmedWhitespace: without leading and trailing white space and newlines. Returns self
    /// untouched in the common case; Foundation's `trimmingCharacters(in:)` bridges through
    /// NSString on Linux and was most of a large deck's load time.
    var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        guard Self.isTrimmed(first) || Self.isTrimmed(last) else { return self }
        guard let start = scalars.firstIndex(where: { !Self.isTrimmed($0) }),
              let end = scalars.lastIndex(where: { !Self.isTrimmed($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// isTrimmed: Unicode white space plus the zero-width space, the same set as Foundation's
    /// `.whitespacesAndNewlines`.
    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: the Unicode property lookup was a visible cost on 100k-entry decks.
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
