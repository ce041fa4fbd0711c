/// EntryBuilder: turns source notes into deck entries one by one, leaving out — with the reason
/// — each one the deck rules would refuse, so one bad row never sinks a whole import.
///
/// The checks mirror `DeckValidator` (and `ImportedDeck` re-validates the result with it), but
/// are made here first so the reasons name the row and say what is missing in plain words.
struct EntryBuilder {
    /// entries: the accepted entries, in source order.
    private(set) var entries: [ImportedEntry] = []
    /// labels: the source label of each accepted entry.
    private(set) var labels: [String] = []
    /// skipped: every note left out, with its reason.
    private(set) var skipped: [SkippedEntry] = []
    private var questions: [String: String] = [:]
    private var answers: [String: String] = [:]

    /// maximumQuestionLength, maximumAnswerLength: longer text is not a quiz item (it would not
    /// fit on one screen line) and is usually a whole note pasted into one field.
    static let maximumQuestionLength = 60
    static let maximumAnswerLength = 120

    /// add: converts `note` and keeps it, or records why it was left out.
    mutating func add(_ note: SourceNote) {
        switch entry(for: note) {
        case .success(let entry):
            let answerKey = entry.answer.lowercased()
            if let first = questions[entry.question] {
                skip(note, "duplicate word '\(entry.question)' (already \(first))")
            } else if let first = answers[answerKey] {
                skip(note, "duplicate answer '\(entry.answer)' (already \(first))")
            } else {
                questions[entry.question] = note.label
                answers[answerKey] = note.label
                entries.append(entry)
                labels.append(note.label)
            }
        case .failure(let reason):
            skip(note, reason.text)
        }
    }

    /// skip: records `note` as left out.
    mutating func skip(_ note: SourceNote, _ reason: String) {
        skipped.append(SkippedEntry(label: note.label, reason: reason))
    }

    /// remove: drops the accepted entry at `index` (refused by the validator after all).
    mutating func remove(at index: Int, reason: String) {
        skipped.append(SkippedEntry(label: labels[index], reason: reason))
        entries.remove(at: index)
        labels.remove(at: index)
    }

    /// Reason: why a note makes no entry.
    struct Reason: Error {
        let text: String
    }

    /// entry: the deck entry for `note`, or why there is none.
    private func entry(for note: SourceNote) -> Result<ImportedEntry, Reason> {
        func clean(_ field: FieldMapping.Field) -> String {
            note.values[field].map { TextCleanup.plain($0, html: note.html) } ?? ""
        }
        var question = clean(.question)
        var reading = clean(.reading)
        if let ruby = Furigana.split(question) {
            question = ruby.question
            if reading.isEmpty { reading = ruby.reading }
        }
        if let ruby = Furigana.split(reading) { reading = ruby.reading }
        var meanings = [clean(.answer)]
        if note.splitsMeanings { meanings = meanings[0].split(separator: ";").map { $0.trimmedWhitespace } }
        meanings = meanings.filter { !$0.isEmpty }
        let also = clean(.also).split(separator: ";").map { $0.trimmedWhitespace }.filter { !$0.isEmpty }
        guard !question.isEmpty else { return .failure(Reason(text: "no word (the question field is empty)")) }
        guard let answer = meanings.first else { return .failure(Reason(text: "no meaning")) }
        guard question.count <= Self.maximumQuestionLength else {
            return .failure(Reason(text: "the word is \(question.count) characters long; at most \(Self.maximumQuestionLength) fit a quiz"))
        }
        guard answer.count <= Self.maximumAnswerLength else {
            return .failure(Reason(text: "the meaning is \(answer.count) characters long; at most \(Self.maximumAnswerLength) fit a quiz"))
        }
        if reading == question { reading = "" }
        if !reading.isEmpty, !Script.isKana(reading) { return .failure(Reason(text: "the reading '\(reading)' is not in kana")) }
        if reading.isEmpty, Script.containsKanji(question) {
            return .failure(Reason(text: "no reading for '\(question)' (a word with kanji needs its kana reading)"))
        }
        var pronunciation = clean(.pronunciation)
        if pronunciation.isEmpty {
            let kana = reading.isEmpty ? question : reading
            guard let romaji = Hepburn.romaji(kana) else {
                return .failure(Reason(text: "no pronunciation, and '\(kana)' cannot be spelt in romaji (it is not all kana)"))
            }
            pronunciation = romaji
        }
        var category = clean(.category)
        if category.isEmpty { category = note.tags.first.map { TextCleanup.plain($0, html: false) } ?? "" }
        if category.isEmpty, let deck = note.deckName, deck != "Default" {
            category = deck.components(separatedBy: "::").last?.trimmedWhitespace ?? ""
        }
        let others = (meanings.dropFirst() + also).filter { $0.lowercased() != answer.lowercased() && $0.count <= Self.maximumAnswerLength }
        var unique: [String] = []
        for meaning in others where !unique.contains(meaning) { unique.append(meaning) }
        return .success(ImportedEntry(question: question, reading: reading.isEmpty ? nil : reading, pronunciation: pronunciation,
                                      answer: answer, category: category.isEmpty ? nil : category,
                                      also: unique.isEmpty ? nil : unique))
    }
}
