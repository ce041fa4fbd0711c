import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// A plain-text export written by Anki itself (`export_note_csv` with GUID, note type, deck and
/// tags columns) of two note types whose fields are ordered differently, one with an audio field.
@Suite(.enabled(if: AnkiTools.isInstalled || AnkiTools.isCI, Comment(rawValue: AnkiTools.missingMessage)))
struct AnkiRealExportTests {
    static let script = #"""
        import os, sys, tempfile
        from anki.collection import Collection, DeckIdLimit
        col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
        def notetype(name, fields):
            model = col.models.new(name)
            for field in fields: col.models.add_field(model, col.models.new_field(field))
            template = col.models.new_template("Card 1")
            template["qfmt"] = "{{%s}}" % fields[0]; template["afmt"] = "{{%s}}" % fields[1]
            col.models.add_template(model, template); col.models.add(model)
            return col.models.by_name(name)
        audio = notetype("JP audio", ["Expression", "Meaning", "Reading", "Audio"])
        kana = notetype("Kana first", ["Kana", "Kanji", "English"])
        deck = col.decks.id("Export::Words")
        for expression, meaning, reading in [("猫", "cat, kitty", "ねこ"), ("犬", "dog", "いぬ"), ("鳥", "bird<br>fowl", "とり")]:
            note = col.new_note(audio)
            note["Expression"], note["Meaning"], note["Reading"], note["Audio"] = expression, meaning, reading, "[sound:%s.mp3]" % reading
            note.tags = ["animals"]
            col.add_note(note, deck)
        for reading, word, english in [("さかな", "魚", "fish"), ("みず", "水", "water; H2O")]:
            note = col.new_note(kana)
            note["Kana"], note["Kanji"], note["English"] = reading, word, english
            col.add_note(note, deck)
        col.export_note_csv(out_path=sys.argv[1], limit=DeckIdLimit(deck), with_html=True, with_tags=True,
                            with_deck=True, with_notetype=True, with_guid=True)
        """#

    @Test func ankisOwnExportOfTwoNoteTypesImportsWhole() throws {
        let folder = try TemporaryDirectory()
        let export = folder.path("export.txt")
        let process = Process()
        process.executableURL = AnkiTools.python
        process.arguments = ["-c", Self.script, export.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let imported = try DeckImporter().convert(export, title: "x")
        #expect(imported.deck.challenges == [
            Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat", category: "animals", also: ["kitty"]),
            Challenge(question: "犬", reading: "いぬ", pronunciation: "inu", answer: "dog", category: "animals"),
            Challenge(question: "鳥", reading: "とり", pronunciation: "tori", answer: "bird", category: "animals", also: ["fowl"]),
            Challenge(question: "魚", reading: "さかな", pronunciation: "sakana", answer: "fish", category: "Words"),
            Challenge(question: "水", reading: "みず", pronunciation: "mizu", answer: "water", category: "Words", also: ["H2O"]),
        ])
        #expect(imported.skipped.isEmpty)
    }
}
