/// EntryBuilder: turns source notes into deck entries one by one, leaving out — with the reason
/// — each one the deck rules would refuse, so one bad row never sinks a whole import.
///
/// The checks mirror `DeckValidator` (and `ImportedDeck` re-validates the result with it), but
/// are made here first so the reasons name the row and say what is missing in plain words.
package struct EntryBuilder {
    /// entries: the accepted entries, in source order.
    package private(set) var entries: [ImportedEntry] = []
    /// labels: the source label of each accepted entry.
    package private(set) var labels: [String] = []
    /// skipped: every note left out, with its reason.
    package private(set) var skipped: [SkippedEntry] = []
    private var questions: [String: String] = [:]
    private var answers: [String: String] = [:]
    /// meaningOwners: the question of the first entry holding each meaning (by the deck's
    /// lookalike key), with whom a later holder is marked confusable.
    private var meaningOwners: [String: String] = [:]

    /// maximumQuestionLength, maximumAnswerLength: longer text is not a quiz item (it would not
    /// fit on one screen line) and is usually a whole note pasted into one field.
    package static let maximumQuestionLength = 60
    package static let maximumAnswerLength = 120

    /// add: converts `note` and keeps it, or records why it was left out. An entry sharing a
    /// meaning with an earlier one is marked confusable with it: both keep the meaning, and the
    /// two are never drawn together.
    package mutating func add(_ note: SourceNote) {
        if let reason = note.unmappable { return skip(note, reason) }
        switch entry(for: note) {
        case .success(var entry):
            // When the first meaning is already another entry's answer, the next free one is
            // asked instead (two entries with one answer would look alike as choices).
            let meanings = [entry.answer] + (entry.also ?? [])
            if answers[Lookalike.key(entry.answer)] != nil,
               let free = meanings.firstIndex(where: { answers[Lookalike.key($0)] == nil }) {
                entry.answer = meanings[free]
                var others = meanings
                others.remove(at: free)
                entry.also = others
            }
            let answerKey = Lookalike.key(entry.answer)
            if let first = questions[entry.question] {
                skip(note, "duplicate word '\(InputQuote.short(entry.question))' (already \(first))")
            } else if let first = answers[answerKey] {
                skip(note, "duplicate answer '\(InputQuote.short(entry.answer))' (already \(first))")
            } else {
                questions[entry.question] = note.label
                answers[answerKey] = note.label
                var confusable: [String] = []
                for key in [answerKey] + (entry.also ?? []).map(Lookalike.key) {
                    if let owner = meaningOwners[key] {
                        if !confusable.contains(owner) { confusable.append(owner) }
                    } else {
                        meaningOwners[key] = entry.question
                    }
                }
                entry.confusable = confusable.isEmpty ? nil : confusable
                entries.append(entry)
                labels.append(note.label)
            }
        case .failure(let reason):
            skip(note, reason.text)
        }
    }

    /// skip: records `note` as left out.
    package mutating func skip(_ note: SourceNote, _ reason: String) {
        skipped.append(SkippedEntry(label: note.label, reason: reason))
    }

    /// remove: drops the accepted entry at `index` (refused by the validator after all), and
    /// its name from the others' confusable lists.
    package mutating func remove(at index: Int, reason: String) {
        skipped.append(SkippedEntry(label: labels[index], reason: reason))
        let question = entries[index].question
        entries.remove(at: index)
        labels.remove(at: index)
        for other in entries.indices where entries[other].confusable?.contains(question) == true {
            let rest = (entries[other].confusable ?? []).filter { $0 != question }
            entries[other].confusable = rest.isEmpty ? nil : rest
        }
    }

    /// Reason: why a note makes no entry.
    package struct Reason: Error {
        package let text: String
    }

    /// entry: the deck entry for `note`, or why there is none.
    private func entry(for note: SourceNote) -> Result<ImportedEntry, Reason> {
        func isHTML(_ field: FieldMapping.Field) -> Bool {
            note.html || TextCleanup.looksLikeHTML(note.values[field] ?? "")
        }
        func clean(_ field: FieldMapping.Field) -> String {
            note.values[field].map { TextCleanup.plain($0, html: isHTML(field)) } ?? ""
        }
        var (question, rubyReading) = Self.word(note.values[.question] ?? "", html: isHTML(.question))
        let readingField = Self.word(note.values[.reading] ?? "", html: isHTML(.reading))
        // A reading field written with furigana or ruby is read as its kana.
        var reading = readingField.reading ?? readingField.text
        if let ruby = Furigana.split(reading) { reading = ruby.reading }
        if let ruby = Furigana.split(question) {
            question = ruby.question
            rubyReading = rubyReading ?? ruby.reading
        }
        if reading.isEmpty, let rubyReading { reading = rubyReading }
        let meanings = MeaningSplitter.meanings(note.values[.answer] ?? "", html: isHTML(.answer))
        let also = MeaningSplitter.meanings(note.values[.also] ?? "", html: isHTML(.also))
        guard !question.isEmpty else { return .failure(Reason(text: "no word (the question field is empty)")) }
        guard let answer = meanings.first else { return .failure(Reason(text: "no meaning")) }
        guard question.count <= Self.maximumQuestionLength else {
            return .failure(Reason(text: "the word is \(question.count) characters long; at most \(Self.maximumQuestionLength) fit a quiz"))
        }
        guard answer.count <= Self.maximumAnswerLength else {
            return .failure(Reason(text: "the meaning is \(answer.count) characters long; at most \(Self.maximumAnswerLength) fit a quiz"))
        }
        if reading == question { reading = "" }
        if !reading.isEmpty, !Script.isKana(reading) {
            return .failure(Reason(text: "the reading '\(InputQuote.short(reading))' is not in kana"))
        }
        if reading.isEmpty, Script.containsKanji(question) {
            return .failure(Reason(text: "no reading for '\(question)' (a word with kanji needs its kana reading)"))
        }
        var pronunciation = clean(.pronunciation)
        if pronunciation.isEmpty {
            let kana = reading.isEmpty ? question : reading
            guard let romaji = Hepburn.romaji(kana) else {
                return .failure(Reason(text: "no pronunciation, and '\(InputQuote.short(kana))' cannot be spelt in romaji (it is not all kana)"))
            }
            pronunciation = romaji
        }
        var category = clean(.category)
        if category.isEmpty { category = note.tags.first.map { TextCleanup.plain($0, html: false) } ?? "" }
        if category.isEmpty, let deck = note.deckName, deck != "Default" {
            // Cleaned like any field: a deck name holding ESC or U+202E would otherwise make
            // every note's category invalid, and every note be skipped.
            category = TextCleanup.plain(deck.components(separatedBy: "::").last ?? "", html: false)
        }
        // Other meanings, each once (as the deck compares them), none repeating the answer.
        var keys: Set<String> = [Lookalike.key(answer)]
        var unique: [String] = []
        for meaning in meanings.dropFirst() + also where meaning.count <= Self.maximumAnswerLength {
            if keys.insert(Lookalike.key(meaning)).inserted { unique.append(meaning) }
        }
        return .success(ImportedEntry(question: question, reading: reading.isEmpty ? nil : reading, pronunciation: pronunciation,
                                      answer: answer, category: category.isEmpty ? nil : category,
                                      also: unique.isEmpty ? nil : unique))
    }

    /// word: a question or reading field as one line of text, and the reading its HTML ruby
    /// gives, if any.
    private static func word(_ field: String, html: Bool) -> (text: String, reading: String?) {
        guard html else { return (TextCleanup.plain(field, html: false), nil) }
        let stripped = TextCleanup.stripHTML(field)
        return (TextCleanup.plain(stripped.text, html: false), stripped.rubyReading.map { TextCleanup.plain($0, html: false) })
    }
}
