import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Anki packages made by Anki itself and genanki, one per collection format; every one gives
/// the same deck.
@Suite(.enabled(if: AnkiTools.isInstalled || AnkiTools.isCI, Comment(rawValue: AnkiTools.missingMessage)))
struct AnkiPackageImportTests {
    /// expected: the fixture words the script writes, less the note with no meaning and the
    /// one repeating "cat"; the categories come from tags, or the deck name when untagged.
    static func expected(untaggedCategory: String) -> [Challenge] {
        [
            Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat", category: "animals"),
            Challenge(question: "犬", reading: "いぬ", pronunciation: "inu", answer: "dog", category: "animals", also: ["hound"]),
            Challenge(question: "鳥", reading: "とり", pronunciation: "tori", answer: "bird", category: "animals"),
            Challenge(question: "コーヒー", pronunciation: "kōhī", answer: "coffee", category: "food"),
            Challenge(question: "学校", reading: "がっこう", pronunciation: "gakkō", answer: "school", category: untaggedCategory),
            Challenge(question: "水", reading: "みず", pronunciation: "mizu", answer: "water & drinks", category: "food", also: ["H2O"]),
        ]
    }

    @Test(arguments: [("legacy1.apkg", "Legacy one"), ("legacy2.apkg", "Anki words"), ("latest.apkg", "Anki words"),
                      ("latest.colpkg", "Anki words")])
    func importsEachFormat(_ file: String, _ untaggedCategory: String) throws {
        let folder = try AnkiTools.folder.get()
        let imported = try DeckImporter().convert(folder.appendingPathComponent(file), title: file)
        // The placeholder collection.anki2 of new packages has one note asking to update Anki;
        // its absence shows the real collection was read.
        #expect(imported.deck.challenges == Self.expected(untaggedCategory: untaggedCategory))
        #expect(imported.skipped.map(\.description) == ["note 6: no meaning", "note 7: duplicate answer 'Cat' (already note 1)"])
        #expect(try entryObjects(imported)[1]["also"] as? [String] == ["hound"])
        #expect(imported.notices.isEmpty)
    }

    @Test func mapCanPointAtOtherFields() throws {
        let folder = try AnkiTools.folder.get()
        let mapping = try FieldMapping(parsing: "question=Vocab,reading=Kana,answer=English")
        let imported = try DeckImporter(mapping: mapping).convert(folder.appendingPathComponent("latest.apkg"), title: "x")
        #expect(imported.deck.challenges.count == 6)
        #expect(throws: ImportError.self) {
            try DeckImporter(mapping: FieldMapping(parsing: "answer=Gloss")).convert(folder.appendingPathComponent("latest.apkg"), title: "x")
        }
    }
}
