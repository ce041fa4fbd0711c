import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Imports keep each meaning (issue 19): one splitter for every format, HTML ruby read as its
/// base, and the same notes giving the same deck as CSV, as an Anki text export and as .apkg.
struct MeaningSplitTests {
    @Test(arguments: [
        ("station, stop", ["station", "stop"]),
        ("to eat; to consume", ["to eat", "to consume"]),
        ("yes/no", ["yes", "no"]),
        ("one (counting, things); first", ["one (counting, things)", "first"]),
        ("1,000 yen, a thousand yen", ["1,000 yen", "a thousand yen"]),
        ("water<br>H2O", ["water", "H2O"]),
        ("<div>tea</div><div>green tea</div>", ["tea", "green tea"]),
        ("dog<br>(animal)", ["dog (animal)"]),
        ("first line\nsecond line", ["first line", "second line"]),
        (" ; , cat ,, ", ["cat"]),
        ("[sound:a.mp3]bird, fowl", ["bird", "fowl"]),
    ])
    func splitsEveryMeaning(_ field: String, _ expected: [String]) {
        #expect(MeaningSplitter.meanings(field, html: true) == expected)
        if !field.contains("<") && !field.contains("[sound") { #expect(MeaningSplitter.meanings(field, html: false) == expected) }
    }

    @Test(arguments: [
        ("<ruby>漢字<rt>かんじ</rt></ruby>", "漢字", "かんじ"),
        ("<ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>", "漢字", "かんじ"),
        ("<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>を", "漢字を", "かんじを"),
        ("<ruby><rb>日本語</rb><rt>にほんご</rt></ruby>", "日本語", "にほんご"),
        ("漢字[かんじ]", "漢字", "かんじ"),
    ])
    func rubyKeepsTheBaseAndGivesTheReading(_ question: String, _ word: String, _ reading: String) throws {
        let folder = try TemporaryDirectory()
        let export = "#separator:tab\n#html:true\n#columns:Expression\tMeaning\n\(question)\tletters\nねこ\tcat\nいぬ\tdog\n"
        let imported = try convert(export, named: "ruby.txt", in: folder)
        #expect(imported.deck.challenges[0].question == word)
        #expect(imported.deck.challenges[0].reading == reading)
        #expect(imported.deck.challenges.allSatisfy { !$0.answer.contains("かんじ") })
    }

    @Test func aReadingFieldWinsOverTheRubyReading() throws {
        let folder = try TemporaryDirectory()
        let csv = "question,reading,answer\n<ruby>明日<rt>あした</rt></ruby>,あす,tomorrow\n猫,ねこ,cat\n犬,いぬ,dog\n"
        let imported = try convert(csv, named: "r.csv", in: folder)
        #expect(imported.deck.challenges[0].question == "明日")
        #expect(imported.deck.challenges[0].reading == "あす")
    }

    /// notes: fields as a JLPT deck writes them — commas, semicolons, slashes, HTML breaks,
    /// ruby, and meanings shared between notes.
    static let notes: [(String, String, String)] = [
        ("駅", "えき", "station, train station"),
        ("食べる", "たべる", "to eat; to consume"),
        ("一つ", "ひとつ", "one (counting, things)/one thing"),
        ("千円", "せんえん", "1,000 yen"),
        ("水", "みず", "water<br>cold water"),
        ("お茶", "おちゃ", "<div>tea</div><div>green tea</div>"),
        ("<ruby>漢字<rt>かんじ</rt></ruby>", "", "kanji, Chinese characters"),
        ("冷水", "れいすい", "cold water, ice water"),
    ]

    @Test func theSameNotesImportTheSameAsCSVAnkiTextAndPackage() throws {
        let folder = try TemporaryDirectory()
        func quoted(_ field: String) -> String { "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let csv = "question,reading,answer\n" + Self.notes.map { [$0.0, $0.1, $0.2].map(quoted).joined(separator: ",") }.joined(separator: "\n")
        let fromCSV = try convert(csv, named: "words.csv", in: folder)
        let text = "#separator:tab\n#html:true\n" + Self.notes.map { "\($0.0)\t\($0.1)\t\($0.2)" }.joined(separator: "\n")
        let fromText = try convert(text, named: "words.txt", in: folder)
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: Self.notes.map { ImportFixtures.Note($0.0, $0.1, $0.2) })
        try ImportFixtures.package(folder.path("words.apkg"), collection: folder.path("c.db"))
        let fromPackage = try DeckImporter().convert(folder.path("words.apkg"), title: "Mine")

        let challenges = fromCSV.deck.challenges
        #expect(challenges.map(\.answer) == ["station", "to eat", "one (counting, things)", "1,000 yen", "water", "tea", "kanji", "cold water"])
        #expect(challenges.map(\.also) == [["train station"], ["to consume"], ["one thing"], [], ["cold water"], ["green tea"],
                                           ["Chinese characters"], ["ice water"]])
        // "cold water" is 水's other meaning and 冷水's answer: the two share it, never drawn together.
        #expect(challenges[7].confusable == ["水"])
        #expect(challenges[6].question == "漢字" && challenges[6].reading == "かんじ")
        #expect(fromCSV.skipped.isEmpty)
        #expect(fromText.deck.challenges.map { $0.with(category: nil) } == challenges)
        #expect(fromPackage.deck.challenges.map { $0.with(category: nil) } == challenges)
    }
}

extension Challenge {
    /// with(category:): the same challenge in another category (a package's deck name is its
    /// notes' category; a CSV without a category column has none).
    func with(category: String?) -> Challenge {
        var copy = self
        copy.category = category
        return copy
    }
}
