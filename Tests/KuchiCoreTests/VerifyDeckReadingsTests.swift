import Foundation
import Testing
@testable import KuchiCore

/// VerifyDeckReadingsTests: `scripts/verify-deck` checks `readings` against JMdict (a reading
/// of the headword, in the answer's sense), requires `level`, and splits answers on `,` too.
/// Needs Debian's edict (/usr/share/edict/edict); skipped without it, except under CI=true.
@Suite("verify-deck: readings and levels")
struct VerifyDeckReadingsTests {
    static let edict = "/usr/share/edict/edict"

    /// problems: verify-deck's lines for a deck of `entries` (deck-wide rules, such as the
    /// minimum size, are reported too and ignored here).
    func problems(_ entries: [[String: Any]]) throws -> [String] {
        let folder = try TemporaryDirectory()
        let deck = folder.file("deck.json")
        try DeckJSON.data(entries).write(to: deck)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", FSRSOracle.packageRoot.appendingPathComponent("scripts/verify-deck").path, deck.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("entry ") }
    }

    /// word: an entry in the bundled deck's style.
    func word(_ question: String, _ reading: String, _ romaji: String, _ answer: String, readings: [String]? = nil,
              level: Int? = 5, pos: String = "numeral") -> [String: Any] {
        var object = DeckJSON.entry(question, romaji, answer, reading: reading, category: "Words")
        object["pos"] = pos
        if let readings { object["readings"] = readings }
        if let level { object["level"] = level }
        return object
    }

    @Test("other readings must be JMdict's, in the same sense; every entry has a level")
    func readingsAndLevels() throws {
        guard FileManager.default.fileExists(atPath: Self.edict) else {
            #expect(!FSRSOracle.isCI, "edict is missing: run scripts/install-deps --tests")
            return
        }
        let lines = try problems([
            word("四", "よん", "yon", "four", readings: ["し"]),
            word("七", "なな", "nana", "seven", readings: ["なの"]),
            word("家", "いえ", "ie", "house", readings: ["け"], pos: "noun"),
            word("九", "きゅう", "kyū", "nine", level: nil),
            word("開く", "あく", "aku", "to open (by itself)", readings: ["ひらく"], pos: "verb-godan"),
            word("高い", "たかい", "takai", "high, expensive", pos: "i-adjective"),
            word("日本", "にほん", "nihon", "Japan", readings: ["やまと"], pos: "noun"),
        ])
        // Only the readings and level checks are this test's (the glosses and other readings of
        // these entries are checked elsewhere).
        let readingLines = lines.filter { $0.contains(": readings: ") || $0.contains(": level: ") }
        #expect(!readingLines.contains { $0.hasPrefix("entry 1 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("entry 2 (七): readings: なの is not an EDICT reading") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("entry 3 (家): readings: 家 [け] has that meaning only as a suffix") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("entry 4 (九): level: missing") }, "\(lines)")
        #expect(!readingLines.contains { $0.hasPrefix("entry 5 ") || $0.hasPrefix("entry 6 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("entry 7 (日本): readings: やまと is not an EDICT reading") }, "\(lines)")
    }

    @Test("a Chinese or mahjong reading is never a homograph, listed or expected; ほんと is a colloquial reading")
    func foreignReadings() throws {
        guard FileManager.default.fileExists(atPath: Self.edict) else {
            #expect(!FSRSOracle.isCI, "edict is missing: run scripts/install-deps --tests")
            return
        }
        var ten = word("十", "じゅう", "jū", "ten", readings: ["とお"])
        ten["homographs"] = ["と: ten", "シー: ten"]
        var east = word("東", "ひがし", "higashi", "east", pos: "noun")
        east["homographs"] = ["あずま: wagon"]
        let lines = try problems([ten, east, word("本当", "ほんとう", "hontō", "truth", readings: ["ほんと"], pos: "noun")])
        let homographLines = lines.filter { $0.contains(": homographs: ") || $0.contains(": readings: ") }
        #expect(homographLines == ["entry 1 (十): homographs: シー is a Chinese or mahjong reading of 十, not a Japanese one"], "\(lines)")
    }
}
