import Foundation

/// DeckValidator: turns parsed JSON into a deck, recording each problem with entry and field.
package struct DeckValidator {
    package private(set) var problems: [DeckProblem] = []

    /// validate: returns a deck when the shape is usable (problems may still have been found).
    package mutating func validate(_ raw: RawDeck) -> Deck? {
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
        var meanings: [Meaning] = []
        var hasAlso = false
        var entryNumbers: [Int] = []
        var confusables: [(entry: Int, question: String?, names: [String])] = []
        for (offset, rawEntry) in entries.enumerated() {
            let entry = offset + 1
            let parsed = challenge(from: rawEntry, entry: entry)
            if !parsed.also.isEmpty && !hasAlso {
                // The first `also` in the deck: answers before it are collected now, so the
                // common deck without any `also` never builds this list.
                hasAlso = true
                meanings = challenges.enumerated().map { index, challenge in
                    Meaning(entry: entryNumbers[index], question: challenge.question, text: challenge.answer,
                            key: Self.answerKey(challenge.answer), isAnswer: true)
                }
            }
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
                if hasAlso { meanings.append(Meaning(entry: entry, question: parsed.question, text: answer, key: answerKey, isAnswer: true)) }
            }
            meanings += parsed.also.map { Meaning(entry: entry, question: parsed.question, text: $0, key: Self.answerKey($0), isAnswer: false) }
            if !parsed.confusable.isEmpty { confusables.append((entry, parsed.question, parsed.confusable)) }
            if let challenge = parsed.challenge {
                challenges.append(challenge)
                if !hasAlso { entryNumbers.append(entry) }
            }
        }
        checkConfusable(confusables, questions: questions)
        checkAlso(meanings, confusables: confusables)
        if entries.count < Deck.minimumEntries {
            problems.append(DeckProblem(.tooFewEntries, field: "challenges",
                                        "has \(entries.count) entries; at least \(Deck.minimumEntries) are needed to offer \(Deck.minimumEntries) choices"))
        }
        return Deck(title: title, attribution: attribution, challenges: challenges)
    }

    /// answerKey: answers are compared as they look: case, white space, compatibility forms and
    /// Cyrillic or Greek look-alike letters do not make two answers different.
    package static func answerKey(_ answer: String) -> String {
        Lookalike.key(answer.trimmingSpacesAndNewlines())
    }

    /// Meaning: an answer or an `also` meaning, with the entry it belongs to.
    private struct Meaning {
        let entry: Int
        let question: String?
        let text: String
        let key: String
        let isAnswer: Bool
    }

    /// checkConfusable: every name in a `confusable` list is another entry's question.
    private mutating func checkConfusable(_ lists: [(entry: Int, question: String?, names: [String])], questions: [String: Int]) {
        for list in lists {
            for name in list.names where questions[name] == nil || name == list.question {
                let why = name == list.question ? "an entry cannot be confusable with itself" : "\"\(name)\" is not a question in this deck"
                problems.append(DeckProblem(.unknownConfusable, entry: list.entry, field: "confusable", why))
            }
        }
    }

    /// checkAlso: an `also` meaning may repeat another entry's answer or `also` only when the two
    /// entries are marked confusable (they share that meaning and are never drawn together).
    private mutating func checkAlso(_ meanings: [Meaning], confusables: [(entry: Int, question: String?, names: [String])]) {
        var pairs: Set<[String]> = []
        for list in confusables {
            guard let question = list.question else { continue }
            for name in list.names { pairs.insert([question, name].sorted()) }
        }
        var first: [String: Meaning] = [:]
        for meaning in meanings {
            guard let earlier = first[meaning.key] else {
                first[meaning.key] = meaning
                continue
            }
            if meaning.isAnswer && earlier.isAnswer { continue }  // reported as a duplicate answer
            let location = meaning.isAnswer ? "answer" : "also"
            if earlier.entry == meaning.entry {
                problems.append(DeckProblem(.duplicateAnswer, entry: meaning.entry, field: location,
                                            "\"\(meaning.text)\" is given twice in this entry"))
            } else if let a = earlier.question, let b = meaning.question, pairs.contains([a, b].sorted()) {
                continue
            } else {
                let what = earlier.isAnswer ? "the answer" : "an also meaning"
                problems.append(DeckProblem(.duplicateAnswer, entry: meaning.entry, field: location,
                                            "\"\(meaning.text)\" is already \(what) of entry \(earlier.entry); mark the two confusable if they share it"))
            }
        }
    }

    /// Parsed: what one entry gave, kept even when it cannot become a challenge, so duplicates
    /// and confusable names are still checked.
    private struct Parsed {
        var challenge: Challenge?
        var question: String?
        var answer: String?
        var also: [String] = []
        var confusable: [String] = []
    }

    /// challenge: one entry's fields checked, with every problem recorded.
    private mutating func challenge(from raw: RawEntry, entry: Int) -> Parsed {
        guard case let .fields(fields) = raw else {
            problems.append(DeckProblem(.wrongType, entry: entry, "must be an object with question, pronunciation and answer"))
            return Parsed()
        }
        let question = requiredString(fields.question, entry: entry, field: "question")
        let reading = optionalString(fields.reading, entry: entry, field: "reading")
        let pronunciation = requiredString(fields.pronunciation, entry: entry, field: "pronunciation")
        let answer = requiredString(fields.answer, entry: entry, field: "answer")
        let category = optionalString(fields.category, entry: entry, field: "category")
        let also = stringList(fields.also, entry: entry, field: "also")
        let readings = checkedReadings(fields.readings, entry: entry, question: question, reading: reading)
        let confusable = stringList(fields.confusable, entry: entry, field: "confusable")
        let contrast = stringList(fields.contrast, entry: entry, field: "contrast")
        let homographs = stringList(fields.homographs, entry: entry, field: "homographs")
        for item in homographs where Challenge.homograph(item) == nil {
            problems.append(DeckProblem(.wrongType, entry: entry, field: "homographs", "\"\(item)\" must be \"kana: meaning\""))
        }
        let written = stringList(fields.written, entry: entry, field: "written")
        var pos: PartOfSpeech?
        if let name = optionalString(fields.pos, entry: entry, field: "pos") {
            pos = PartOfSpeech(rawValue: name)
            if pos == nil {
                problems.append(DeckProblem(.unknownPartOfSpeech, entry: entry, field: "pos",
                                            "\"\(name)\" is not one of: \(PartOfSpeech.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
        }
        let level = checkedLevel(fields.level, entry: entry)
        if let question, Script.containsKanji(question), reading == nil, fields.reading == nil || fields.reading == .null {
            problems.append(DeckProblem(.readingRequired, entry: entry, field: "reading",
                                        "missing; required because \"\(question)\" contains kanji"))
        }
        if let reading, !Script.isKana(reading) {
            problems.append(DeckProblem(.readingNotKana, entry: entry, field: "reading", "\"\(reading)\" must be written in kana"))
        }
        var parsed = Parsed(question: question, answer: answer, also: also, confusable: confusable + contrast)
        guard let question, let pronunciation, let answer else { return parsed }
        parsed.challenge = Challenge(question: question, reading: reading, pronunciation: pronunciation, answer: answer,
                                     category: category, also: also, pos: pos, level: level, confusable: confusable,
                                     readings: readings, contrast: contrast, homographs: homographs.filter { Challenge.homograph($0) != nil },
                                     written: written)
        return parsed
    }

    /// checkedReadings: other readings are kana, belong to a word written with kanji (a kana
    /// word is its own reading), and repeat neither the reading nor each other.
    private mutating func checkedReadings(_ raw: RawList?, entry: Int, question: String?, reading: String?) -> [String] {
        let readings = stringList(raw, entry: entry, field: "readings")
        var kept: [String] = []
        for other in readings {
            if !Script.isKana(other) {
                problems.append(DeckProblem(.readingNotKana, entry: entry, field: "readings", "\"\(other)\" must be written in kana"))
            } else if let question, !Script.containsKanji(question) {
                problems.append(DeckProblem(.readingNotKana, entry: entry, field: "readings",
                                            "\"\(question)\" is written in kana; other readings belong to words written with kanji"))
            } else if other == reading || kept.contains(other) {
                problems.append(DeckProblem(.duplicateReading, entry: entry, field: "readings", "\"\(other)\" is listed twice"))
            } else {
                kept.append(other)
            }
        }
        return kept
    }

    /// checkedLevel: a JLPT level, a whole number from 5 (N5) to 1 (N1).
    private mutating func checkedLevel(_ raw: RawLevel?, entry: Int) -> Int? {
        switch raw {
        case nil, .other(.null)?: return nil
        case .number(let level)? where (1...5).contains(level): return level
        case .number(let level)?:
            problems.append(DeckProblem(.levelOutOfRange, entry: entry, field: "level", "\(level) is not a JLPT level; use 5 (N5) to 1 (N1)"))
        case .other(let value)?:
            problems.append(DeckProblem(.wrongType, entry: entry, field: "level", "must be a whole number from 5 to 1, not \(value.typeName)"))
        }
        return nil
    }

    /// stringList: an optional array of good strings (`also`, `confusable`).
    private mutating func stringList(_ raw: RawList?, entry: Int, field: String) -> [String] {
        switch raw {
        case nil, .notList(.null)?: return []
        case .notList(let value)?:
            problems.append(DeckProblem(.wrongType, entry: entry, field: field, "must be an array of strings, not \(value.typeName)"))
            return []
        case .items(let items)?:
            return items.compactMap { checkedString($0, entry: entry, field: field) }
        }
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
        let trimmed = string.trimmingSpacesAndNewlines()
        if trimmed.isEmpty {
            problems.append(DeckProblem(.emptyField, entry: entry, field: field, "is empty"))
            return nil
        }
        // Printable ASCII (most fields of most decks) has no control or invisible character; one
        // pass over the bytes saves two over the scalars on a large deck.
        if trimmed.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return trimmed }
        if let scalar = Script.controlCharacter(in: trimmed) {
            problems.append(DeckProblem(.controlCharacter, entry: entry, field: field,
                                        "contains the control character U+\(String(format: "%04X", scalar.value))"))
            return nil
        }
        // Every field is shown somewhere (title, question, hint, choices, category lists).
        if let scalar = Script.invisibleCharacter(in: trimmed) {
            problems.append(DeckProblem(.invisibleCharacter, entry: entry, field: field,
                                        "contains the invisible character U+\(String(format: "%04X", scalar.value))"))
            return nil
        }
        return trimmed
    }
}

