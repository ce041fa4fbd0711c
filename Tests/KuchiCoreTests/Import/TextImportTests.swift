import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// convert: imports `text` saved as `name` in `folder`.
func convert(_ text: String, named name: String, in folder: TemporaryDirectory, map: String? = nil) throws -> ImportedDeck {
    let url = folder.path(name)
    try Data(text.utf8).write(to: url)
    return try DeckImporter(mapping: map.map { try FieldMapping(parsing: $0) } ?? FieldMapping()).convert(url, title: "Mine")
}

/// entryObjects: the imported deck's challenges as JSON objects (to see `also`, which
/// `Challenge` may not carry yet).
func entryObjects(_ imported: ImportedDeck) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: imported.data) as? [String: Any]
    return object?["challenges"] as? [[String: Any]] ?? []
}

/// Text imports: CSV, TSV and Anki's plain-text export, each producing a deck `Deck` accepts.
struct TextImportTests {
    @Test func importsACSVAndSkipsWhatCannotBePlayed() throws {
        let folder = try TemporaryDirectory()
        let csv = """
            question,reading,answer,category,also
            猫,ねこ,cat,Animals,kitty; puss
            犬,いぬ,dog,Animals,
            コーヒー,,coffee,Food,
            学校,がっこう,"school, place",Places,
            魚,さかな,,Food,
            子猫,こねこ,Cat,Animals,
            鳥,,bird,Animals,
            """
        let imported = try convert(csv, named: "words.csv", in: folder)
        #expect(imported.deck.challenges.map(\.question) == ["猫", "犬", "コーヒー", "学校"])
        #expect(imported.deck.challenges.map(\.pronunciation) == ["neko", "inu", "kōhī", "gakkō"])
        #expect(imported.deck.challenges[3].answer == "school")
        #expect(imported.deck.challenges[3].also == ["place"])
        #expect(imported.deck.challenges[2].category == "Food")
        #expect(imported.skipped.map(\.description) == [
            "row 6: no meaning",
            "row 7: duplicate answer 'Cat' (already row 2)",
            "row 8: no reading for '鳥' (a word with kanji needs its kana reading)",
        ])
        let entries = try entryObjects(imported)
        #expect(entries[0]["also"] as? [String] == ["kitty", "puss"])
        #expect(entries[1]["also"] == nil)
        // What was written is what `check-deck` reads.
        #expect(try Deck.decode(imported.data).challenges == imported.deck.challenges)
    }

    @Test func importsATSVWithAGivenPronunciationAndColumnsInAnyOrder() throws {
        let folder = try TemporaryDirectory()
        let tsv = "Answer\tPronunciation\tQuestion\tReading\nto eat\ttaberu\t食べる\tたべる\nto drink\tnomu\t飲む\tのむ\nwater, cold\tmizu\t水\tみず\n"
        let imported = try convert(tsv, named: "verbs.tsv", in: folder)
        #expect(imported.deck.challenges == [
            Challenge(question: "食べる", reading: "たべる", pronunciation: "taberu", answer: "to eat"),
            Challenge(question: "飲む", reading: "のむ", pronunciation: "nomu", answer: "to drink"),
            Challenge(question: "水", reading: "みず", pronunciation: "mizu", answer: "water", also: ["cold"]),
        ])
        #expect(imported.skipped.isEmpty)
    }

    @Test func importsAnAnkiPlainTextExportWithHeadersHTMLAndFurigana() throws {
        let folder = try TemporaryDirectory()
        let export = """
            #separator:tab
            #html:true
            #tags column:3
            #deck column:4
            猫[ねこ]\tcat<br>kitty\tanimals\tJP::Animals
             日本[にほん] 語[ご]\tJapanese &amp; more\t\tJP::Words
            お 茶[ちゃ]\t<div>tea</div>\t\tJP::Food
            食[た]べる\tto eat; to consume\tverbs\tJP
            \t<b></b>\t\tJP
            """
        let imported = try convert(export, named: "anki.txt", in: folder)
        #expect(imported.deck.challenges == [
            Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat", category: "animals", also: ["kitty"]),
            Challenge(question: "日本語", reading: "にほんご", pronunciation: "nihongo", answer: "Japanese & more", category: "Words"),
            Challenge(question: "お茶", reading: "おちゃ", pronunciation: "ocha", answer: "tea", category: "Food"),
            Challenge(question: "食べる", reading: "たべる", pronunciation: "taberu", answer: "to eat", category: "verbs", also: ["to consume"]),
        ])
        #expect(try entryObjects(imported)[3]["also"] as? [String] == ["to consume"])
        #expect(imported.skipped.map(\.description) == ["row 9: no word (the question field is empty)"])
    }

    @Test func readsNamedColumnsFromTheColumnsHeader() throws {
        let folder = try TemporaryDirectory()
        let export = "#separator:Semicolon\n#html:false\n#columns:Kanji;Kana;Meaning;Tags\n#tags column:4\n山;やま;mountain;nature\n川;かわ;river;nature\n空;そら;sky;\n"
        let imported = try convert(export, named: "n.txt", in: folder)
        #expect(imported.deck.challenges.map(\.question) == ["山", "川", "空"])
        #expect(imported.deck.challenges.map(\.category) == ["nature", "nature", nil])
    }

    @Test func mapOverridesTheAutomaticMatch() throws {
        let folder = try TemporaryDirectory()
        let csv = "word,kana,sense,notes\n山,やま,mountain,x\n川,かわ,river,y\n空,そら,sky,z\n"
        #expect(throws: ImportError.self) { try convert(csv, named: "a.csv", in: folder) }
        let imported = try convert(csv, named: "a.csv", in: folder, map: "answer=sense, category=4")
        #expect(imported.deck.challenges.map(\.answer) == ["mountain", "river", "sky"])
        #expect(imported.deck.challenges.map(\.category) == ["x", "y", "z"])
        #expect(throws: ImportError(.usage, "--map answer=meaning: there is no such column; the columns are word, kana, sense, notes.")) {
            try convert(csv, named: "a.csv", in: folder, map: "answer=meaning")
        }
        #expect((try? FieldMapping(parsing: "colour=2")) == nil)
        #expect((try? FieldMapping(parsing: "answer")) == nil)
    }

    @Test func refusesInvalidUTF8UTF16AndHugeFieldsWithAClearError() throws {
        let folder = try TemporaryDirectory()
        var bytes = Data("question,answer\nねこ,cat\n".utf8)
        bytes.append(contentsOf: [0xE3, 0x81, 0x2C, 0x78, 0x0A])
        try bytes.write(to: folder.path("bad.csv"))
        #expect(throws: ImportError(.content, "bad.csv is not UTF-8 text (invalid bytes on line 3); save it as UTF-8 and import that.")) {
            try DeckImporter().convert(folder.path("bad.csv"), title: "x")
        }
        try Data([0xFF, 0xFE, 0x71, 0x00]).write(to: folder.path("wide.csv"))
        #expect(throws: ImportError.self) { try DeckImporter().convert(folder.path("wide.csv"), title: "x") }
        let huge = "question,answer\nねこ,cat\nいぬ," + String(repeating: "d", count: 1_048_576) + "\n"
        #expect(throws: ImportError(.content, "a field on line 3 is longer than 256 KiB; this is not a word list.")) {
            try convert(huge, named: "huge.csv", in: folder)
        }
    }

    @Test func tooFewEntriesIsAFailureThatListsTheSkipped() throws {
        let folder = try TemporaryDirectory()
        do {
            _ = try convert("question,answer\nねこ,cat\nいぬ,\n", named: "few.csv", in: folder)
            Issue.record("a one-entry deck was accepted")
        } catch let error as ImportError {
            #expect(error.kind == .content)
            #expect(error.message == "only 1 entry could be imported; a deck needs at least 3.")
            #expect(error.skipped.map(\.description) == ["row 3: no meaning"])
        }
    }

    @Test func longAndInvisibleTextIsCleanedOrSkipped() throws {
        let folder = try TemporaryDirectory()
        let long = String(repeating: "very ", count: 40) + "long"
        let csv = "question,answer\nねこ,\"c\u{200B}at\"\nいぬ,\"dog\n(animal)\"\nとり,bird\nうま,\(long)\n"
        let imported = try convert(csv, named: "c.csv", in: folder)
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog (animal)", "bird"])
        #expect(imported.skipped.map(\.description) == ["row 6: the meaning is 204 characters long; at most 120 fit a quiz"])
    }
}
