import Foundation
import Testing
@testable import KuchiCore

/// Anki's "Notes in Plain Text" export: mapped by its `#columns:`/`#notetype` headers and by
/// what each note type's fields hold, never by how many fields there are (issue 19).
struct AnkiTextExportTests {
    static let words = [("猫", "ねこ", "cat", "neko"), ("犬", "いぬ", "dog", "inu"), ("鳥", "とり", "bird", "tori"), ("魚", "さかな", "fish", "sakana")]

    @Test func aFourFieldTypeWithAnAudioFieldImportsWhole() throws {
        let folder = try TemporaryDirectory()
        let rows = Self.words.map { "\($0.0)\t\($0.1)\t\($0.2)\t[sound:\($0.3).mp3]" }
        let imported = try convert("#separator:tab\n#html:true\n" + rows.joined(separator: "\n"), named: "audio.txt", in: folder)
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "fish"])
        #expect(imported.deck.challenges.map(\.reading) == ["ねこ", "いぬ", "とり", "さかな"])
        #expect(imported.skipped.isEmpty)
    }

    @Test func aTypeOrderedExpressionMeaningReadingImportsWhole() throws {
        let folder = try TemporaryDirectory()
        let rows = Self.words.map { "\($0.0)\t\($0.2)\t\($0.1)" }
        let imported = try convert("#separator:tab\n#html:true\n" + rows.joined(separator: "\n"), named: "emr.txt", in: folder)
        #expect(imported.deck.challenges.map(\.question) == ["猫", "犬", "鳥", "魚"])
        #expect(imported.deck.challenges.map(\.reading) == ["ねこ", "いぬ", "とり", "さかな"])
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "fish"])
    }

    @Test func theColumnsHeaderNamesFieldsInAnyOrder() throws {
        let folder = try TemporaryDirectory()
        let rows = Self.words.map { "[sound:\($0.3).mp3]\t\($0.2)\t\($0.0)\t\($0.1)" }
        let export = "#separator:tab\n#html:true\n#columns:Audio\tMeaning\tExpression\tReading\n" + rows.joined(separator: "\n")
        let imported = try convert(export, named: "named.txt", in: folder)
        #expect(imported.deck.challenges.map(\.question) == ["猫", "犬", "鳥", "魚"])
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "fish"])
    }

    @Test func aRomajiFieldIsThePronunciationNotTheMeaning() throws {
        let folder = try TemporaryDirectory()
        let rows = Self.words.map { "\($0.0)\t\($0.3)\t\($0.1)\t\($0.2)" }
        let imported = try convert("#separator:tab\n#html:true\n#notetype:Romaji words\n" + rows.joined(separator: "\n"), named: "r.txt", in: folder)
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "fish"])
        #expect(imported.deck.challenges.map(\.pronunciation) == ["neko", "inu", "tori", "sakana"])
    }

    /// As Anki writes it with "Include notetype name", "Include deck name" and tags: the
    /// fields padded to the widest type, tags after them.
    @Test func severalNoteTypesInOneFileEachMapByTheirOwnFields() throws {
        let folder = try TemporaryDirectory()
        let export = """
            #separator:tab
            #html:true
            #notetype column:1
            #deck column:2
            #tags column:7
            Japanese (recognition)\tJP::Animals\t猫\tねこ\tcat\t[sound:neko.mp3]\tanimals
            Basic\tJP::Food\tcoffee\tコーヒー\t\t\tfood
            Japanese (recognition)\tJP::Animals\t犬\tいぬ\tdog\t[sound:inu.mp3]\t
            Basic\tJP::Food\ttea, green tea\t<ruby>お茶<rt>おちゃ</rt></ruby>\t\t\t
            Vocab (meaning first)\tJP\tbird\tとり\t鳥\t\t
            Vocab (meaning first)\tJP\tfish\tさかな\t魚\t\t
            """
        let imported = try convert(export, named: "mixed.txt", in: folder)
        #expect(imported.deck.challenges.map(\.question) == ["猫", "コーヒー", "犬", "お茶", "鳥", "魚"])
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "coffee", "dog", "tea", "bird", "fish"])
        #expect(imported.deck.challenges.map(\.reading) == ["ねこ", nil, "いぬ", "おちゃ", "とり", "さかな"])
        #expect(imported.deck.challenges[3].also == ["green tea"])
        #expect(imported.deck.challenges.map(\.category) == ["animals", "food", "Animals", "Food", "JP", "JP"])
        #expect(imported.skipped.isEmpty)
    }

    @Test func aNoteTypeWithoutAWordOrMeaningIsSkippedNamingItsLinesAndType() throws {
        let folder = try TemporaryDirectory()
        let export = """
            #separator:tab
            #html:true
            #notetype column:1
            Japanese\t猫\tねこ\tcat
            Pictures\t<img src="a.png">\t<img src="b.png">\t
            Japanese\t犬\tいぬ\tdog
            Japanese\t鳥\tとり\tbird
            """
        let imported = try convert(export, named: "pics.txt", in: folder)
        #expect(imported.deck.challenges.count == 3)
        #expect(imported.skipped.map(\.description) == [
            "row 5: its note type 'Pictures' has no field that reads as the word and one that reads as the meaning; use --map question=N,answer=N (N counts the file's columns from 1)",
        ])
    }

    @Test func sharedMeaningsAreKeptAndNoMessageAdvisesMarkingConfusable() throws {
        let folder = try TemporaryDirectory()
        let csv = """
            question,reading,answer
            ある,,"to be, to exist"
            いる,,"to be; to exist (animate)"
            居る,いる,to exist
            存在,そんざい,existence
            """
        let imported = try convert(csv, named: "be.csv", in: folder)
        #expect(imported.deck.challenges.map(\.answer) == ["to be", "to exist (animate)", "to exist", "existence"])
        #expect(imported.deck.challenges[1].answer == "to exist (animate)" && imported.deck.challenges[1].confusable == ["ある"])
        #expect(imported.deck.challenges[2].confusable == ["ある"])
        #expect(imported.skipped.allSatisfy { !$0.reason.contains("confusable") })
    }
}
