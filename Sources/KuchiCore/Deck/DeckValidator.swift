import Foundation

/// DeckValidator: turns parsed JSON into a deck, recording each problem with entry and field.
struct DeckValidator {
    private(set) var problems: [DeckProblem] = []

    /// validate: returns a deck when the shape is usable (problems may still have been found).
    mutating func validate(_ json: Any) -> Deck? {
        guard let root = json as? [String: Any] else {
            problems.append(DeckProblem(.wrongShape, "the top level must be an object with \"title\" and \"challenges\""))
            return nil
        }
        let title = optionalString(root["title"], entry: nil, field: "title") ?? "Untitled deck"
        let attribution = optionalString(root["attribution"], entry: nil, field: "attribution")
        guard let rawEntries = root["challenges"] else {
            problems.append(DeckProblem(.missingField, field: "challenges", "missing; it must be an array of entries"))
            return nil
        }
        guard let entries = rawEntries as? [Any] else {
            problems.append(DeckProblem(.wrongType, field: "challenges", "must be an array of entries"))
            return nil
        }
        var challenges: [Challenge] = []
        challenges.reserveCapacity(entries.count)
        var questions: [String: Int] = [:]
        var answers: [String: Int] = [:]
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
        answer.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private mutating func challenge(from raw: Any, entry: Int) -> (challenge: Challenge?, question: String?, answer: String?) {
        guard let object = raw as? [String: Any] else {
            problems.append(DeckProblem(.wrongType, entry: entry, "must be an object with question, pronunciation and answer"))
            return (nil, nil, nil)
        }
        let question = requiredString(object["question"], entry: entry, field: "question")
        let reading = optionalString(object["reading"], entry: entry, field: "reading")
        let pronunciation = requiredString(object["pronunciation"], entry: entry, field: "pronunciation")
        let answer = requiredString(object["answer"], entry: entry, field: "answer")
        let category = optionalString(object["category"], entry: entry, field: "category")
        if let answer, let scalar = Script.invisibleCharacter(in: answer) {
            problems.append(DeckProblem(.invisibleCharacter, entry: entry, field: "answer",
                                        "contains the invisible character U+\(String(format: "%04X", scalar.value))"))
        }
        if let question, Script.containsKanji(question), reading == nil, object["reading"] == nil || object["reading"] is NSNull {
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

    private mutating func requiredString(_ value: Any?, entry: Int, field: String) -> String? {
        guard let value else {
            problems.append(DeckProblem(.missingField, entry: entry, field: field, "missing"))
            return nil
        }
        return checkedString(value, entry: entry, field: field)
    }

    private mutating func optionalString(_ value: Any?, entry: Int?, field: String) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        return checkedString(value, entry: entry, field: field)
    }

    private mutating func checkedString(_ value: Any, entry: Int?, field: String) -> String? {
        guard let string = value as? String, !(value is NSNumber) else {
            problems.append(DeckProblem(.wrongType, entry: entry, field: field, "must be a string, not \(Self.typeName(of: value))"))
            return nil
        }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
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

    private static func typeName(of value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is NSNumber: "a number or boolean"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "\(type(of: value))"
        }
    }
}
