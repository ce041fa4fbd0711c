import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Hepburn: the importer's romaniser spells like the deck checker's (scripts/verify-deck).
struct HepburnTests {
    @Test(arguments: [
        ("コーヒー", "kōhī"), ("がっこう", "gakkō"), ("きんえん", "kin'en"), ("こんや", "kon'ya"),
        ("まっちゃ", "matcha"), ("おかあさん", "okāsan"), ("おにいさん", "oniisan"), ("ティー", "tī"),
        ("しんぶん", "shinbun"), ("きょう", "kyō"), ("ちゅうごく", "chūgoku"), ("ふじさん", "fujisan"),
        ("おねがい します", "onegai shimasu"), ("ヴァイオリン", "vaiorin"),
    ])
    func spellsKnownWords(_ kana: String, _ romaji: String) {
        #expect(Hepburn.romaji(kana) == romaji)
    }

    @Test(arguments: ["猫", "neko", "ーあ", "ねこ!"])
    func refusesWhatIsNotKana(_ text: String) {
        #expect(Hepburn.romaji(text) == nil)
    }

    /// Every kana reading in the bundled deck, plus katakana and small-kana words, spelt by
    /// both; verify-deck's oracle is plain Python (no venv needed).
    @Test func agreesWithVerifyDeck() throws {
        let deck = try Deck.bundled()
        var words = deck.challenges.map { $0.reading ?? $0.question }.filter { Hepburn.romaji($0) != nil }
        words += ["コンピューター", "パーティー", "フォーク", "チェック", "ウィンドウ", "ジェット", "ぎゅうにゅう", "りょこう",
                  "ちょっと", "いっぱい", "ほんや", "ぜんいん", "でんわ", "おおきい", "とおり", "えいが", "せんせい"]
        let script = """
            import importlib.machinery, sys
            vd = importlib.machinery.SourceFileLoader("vd", sys.argv[1]).load_module()
            for line in sys.stdin.read().split("\\n"):
                if line: print(vd.romanise(line)[1])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, ImportFixtures.packageRoot.appendingPathComponent("scripts/verify-deck").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(words.joined(separator: "\n").utf8))
        try input.fileHandleForWriting.close()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        try #require(expected.count == words.count)
        for (word, spelling) in zip(words, expected) {
            #expect(Hepburn.romaji(word) == spelling, "\(word)")
        }
    }
}
