/// FieldMapping: which column (CSV) or note field (Anki) fills each Kuchi deck field.
///
/// Columns are matched by name, ignoring case, spaces and punctuation, against the names common
/// Japanese note types use (Expression/Reading/Meaning, Vocab/Kana/English, Front/Back,
/// Japanese/English, Kanji/Kana/Meaning…); `--map answer=Gloss,question=3` overrides by name or
/// 1-based position.
public struct FieldMapping: Equatable, Sendable {
    /// Field: a field of a Kuchi deck entry that an import can fill.
    public enum Field: String, CaseIterable, Sendable {
        case question, reading, pronunciation, answer, category, also
    }

    /// overrides: the columns named with `--map`, by field.
    public let overrides: [Field: String]

    public init(overrides: [Field: String] = [:]) {
        self.overrides = overrides
    }

    /// init(parsing:): reads `FIELD=COLUMN,...`; an unknown field or a malformed pair is a usage
    /// error naming the fields there are.
    public init(parsing text: String) throws(ImportError) {
        var overrides: [Field: String] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let names = Field.allCases.map(\.rawValue).joined(separator: ", ")
            guard parts.count == 2 else {
                throw ImportError(.usage, "--map takes FIELD=COLUMN pairs separated by commas, not \"\(pair)\".")
            }
            guard let field = Field(rawValue: parts[0].trimmingSpacesAndNewlines().lowercased()) else {
                throw ImportError(.usage, "--map: \"\(parts[0])\" is not a deck field; the fields are \(names).")
            }
            let column = parts[1].trimmingSpacesAndNewlines()
            guard !column.isEmpty else { throw ImportError(.usage, "--map: \(field.rawValue)= needs a column name or number.") }
            overrides[field] = column
        }
        self.overrides = overrides
    }

    /// aliases: the column names each field is found under when not mapped, best first
    /// (normalised: lowercase letters and digits only).
    package static let aliases: [Field: [String]] = [
        .question: ["question", "expression", "vocab", "vocabulary", "vocabkanji", "vocabularykanji", "word", "japanese",
                    "kanji", "front", "term"],
        .reading: ["reading", "kana", "vocabkana", "vocabularykana", "hiragana", "furigana", "yomi", "readings",
                   "vocabfurigana", "vocabularyfurigana"],
        .pronunciation: ["pronunciation", "romaji", "romanization", "romanisation", "vocabromaji"],
        .answer: ["answer", "meaning", "meanings", "english", "vocabenglish", "vocabularyenglish", "vocabmeaning",
                  "definition", "translation", "gloss", "back"],
        .category: ["category"],
        .also: ["also", "othermeanings", "alternatives"],
    ]

    /// resolve: the column index for each field among `columns`; an override that names no
    /// column is reported by `missingOverrides`.
    public func resolve(columns: [String]) -> [Field: Int] {
        var result: [Field: Int] = [:]
        var used = Set<Int>()
        for field in Field.allCases {
            if let override = overrides[field], let index = Self.index(of: override, in: columns) {
                result[field] = index
                used.insert(index)
            }
        }
        let normalised = columns.map(Self.normalise)
        for field in Field.allCases where overrides[field] == nil {
            for alias in Self.aliases[field] ?? [] {
                if let index = normalised.indices.first(where: { normalised[$0] == alias && !used.contains($0) }) {
                    result[field] = index
                    used.insert(index)
                    break
                }
            }
        }
        return result
    }

    /// missingOverrides: the `--map` columns that are not among `columns`.
    public func missingOverrides(columns: [String]) -> [String] {
        Field.allCases.compactMap { field in
            overrides[field].flatMap { Self.index(of: $0, in: columns) == nil ? "\(field.rawValue)=\($0)" : nil }
        }
    }

    /// index: a column by exact name (ignoring case) or by 1-based number.
    package static func index(of name: String, in columns: [String]) -> Int? {
        if let match = columns.firstIndex(where: { $0.trimmingSpacesAndNewlines().lowercased() == name.lowercased() }) { return match }
        if let number = Int(name), number >= 1, number <= columns.count { return number - 1 }
        return nil
    }

    /// normalise: lowercase ASCII letters and digits only ("Vocab-Kana" → "vocabkana").
    package static func normalise(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }
}
