/// SourceNote: one CSV row or Anki note, reduced to the deck fields it maps to, before any
/// clean-up — the common shape every import format produces.
package struct SourceNote {
    /// label: how messages name it ("row 5", "note 12").
    package let label: String
    /// values: the raw text of each mapped field.
    package let values: [FieldMapping.Field: String]
    /// tags: the note's tags (Anki), the first of which becomes the category.
    package var tags: [String] = []
    /// deckName: the Anki deck the note's cards are in, the category when there are no tags.
    package var deckName: String?
    /// html: whether the fields are HTML (Anki), to be stripped to text.
    package var html = false
    /// unmappable: why the note cannot be read at all (its note type has no word or meaning
    /// field), said in its place among the skipped notes.
    package var unmappable: String?
}

/// ImportedEntry: one deck entry as written to the imported deck's JSON, in the bundled
/// deck's field order; `also` only when there are other meanings.
package struct ImportedEntry: Equatable {
    package var question: String
    package var reading: String?
    package var pronunciation: String
    package var answer: String
    package var category: String?
    package var also: [String]?
    /// confusable: earlier entries sharing one of its meanings (never drawn together).
    package var confusable: [String]?
}
