import Testing
@testable import KuchiCore
@testable import KuchiRecall

/// compose: what the composer holds after typing `romaji`, and its finished answer.
func compose(_ romaji: String) -> (display: String, finished: String) {
    var composer = RomajiComposer()
    composer.insert(romaji)
    return (composer.display, composer.finished())
}

/// KanaRow: one table row: the romaji for each kana and the kana in both scripts, written out
/// (not derived) so the test is a second, independent statement of the table.
struct KanaRow: Sendable, CustomStringConvertible {
    let romaji: [String]
    let hiragana: String
    let katakana: String

    init(_ romaji: String, _ hiragana: String, _ katakana: String) {
        self.romaji = romaji.split(separator: " ").map(String.init)
        self.hiragana = hiragana
        self.katakana = katakana
    }

    var description: String { hiragana }
}

/// Every kana: the gojūon with voiced and half-voiced rows, the obsolete ゐ/ゑ, ゔ and small kana.
let everyKana: [KanaRow] = [
    KanaRow("a i u e o", "あいうえお", "アイウエオ"),
    KanaRow("ka ki ku ke ko", "かきくけこ", "カキクケコ"),
    KanaRow("ga gi gu ge go", "がぎぐげご", "ガギグゲゴ"),
    KanaRow("sa shi su se so", "さしすせそ", "サシスセソ"),
    KanaRow("za ji zu ze zo", "ざじずぜぞ", "ザジズゼゾ"),
    KanaRow("ta chi tsu te to", "たちつてと", "タチツテト"),
    KanaRow("da di du de do", "だぢづでど", "ダヂヅデド"),
    KanaRow("na ni nu ne no", "なにぬねの", "ナニヌネノ"),
    KanaRow("ha hi fu he ho", "はひふへほ", "ハヒフヘホ"),
    KanaRow("ba bi bu be bo", "ばびぶべぼ", "バビブベボ"),
    KanaRow("pa pi pu pe po", "ぱぴぷぺぽ", "パピプペポ"),
    KanaRow("ma mi mu me mo", "まみむめも", "マミムメモ"),
    KanaRow("ya yu yo", "やゆよ", "ヤユヨ"),
    KanaRow("ra ri ru re ro", "らりるれろ", "ラリルレロ"),
    KanaRow("wa wo", "わを", "ワヲ"),
    KanaRow("wyi wye", "ゐゑ", "ヰヱ"),
    KanaRow("vu", "ゔ", "ヴ"),
    KanaRow("xa xi xu xe xo", "ぁぃぅぇぉ", "ァィゥェォ"),
    KanaRow("la li lu le lo", "ぁぃぅぇぉ", "ァィゥェォ"),
    KanaRow("xya xyu xyo", "ゃゅょ", "ャュョ"),
    KanaRow("lya lyu lyo", "ゃゅょ", "ャュョ"),
    KanaRow("xtu xtsu ltu ltsu", "っっっっ", "ッッッッ"),
    KanaRow("xwa lwa xka lka xke lke", "ゎゎゕゕゖゖ", "ヮヮヵヵヶヶ"),
]

/// Every yōon: the i-kana of each row with small ゃゅょ.
let everyYoon: [KanaRow] = [
    KanaRow("kya kyu kyo", "きゃきゅきょ", "キャキュキョ"),
    KanaRow("gya gyu gyo", "ぎゃぎゅぎょ", "ギャギュギョ"),
    KanaRow("sha shu sho", "しゃしゅしょ", "シャシュショ"),
    KanaRow("ja ju jo", "じゃじゅじょ", "ジャジュジョ"),
    KanaRow("cha chu cho", "ちゃちゅちょ", "チャチュチョ"),
    KanaRow("dya dyu dyo", "ぢゃぢゅぢょ", "ヂャヂュヂョ"),
    KanaRow("nya nyu nyo", "にゃにゅにょ", "ニャニュニョ"),
    KanaRow("hya hyu hyo", "ひゃひゅひょ", "ヒャヒュヒョ"),
    KanaRow("bya byu byo", "びゃびゅびょ", "ビャビュビョ"),
    KanaRow("pya pyu pyo", "ぴゃぴゅぴょ", "ピャピュピョ"),
    KanaRow("mya myu myo", "みゃみゅみょ", "ミャミュミョ"),
    KanaRow("rya ryu ryo", "りゃりゅりょ", "リャリュリョ"),
    KanaRow("vya vyu vyo", "ゔゃゔゅゔょ", "ヴャヴュヴョ"),
    KanaRow("fya fyu fyo", "ふゃふゅふょ", "フャフュフョ"),
]

@Suite("Romaji: every kana")
struct RomajiKanaTests {
    @Test("each kana's romaji gives that hiragana, alone and in a run", arguments: everyKana + everyYoon)
    func hiragana(row: KanaRow) {
        #expect(compose(row.romaji.joined()).finished == row.hiragana)
        var joined = ""
        for (romaji, kana) in zip(row.romaji, kanaUnits(row)) {
            #expect(compose(romaji).finished == kana, "\(romaji)")
            joined += kana
        }
        #expect(joined == row.hiragana)
    }

    @Test("each katakana is judged right when its romaji is typed", arguments: everyKana + everyYoon)
    func katakana(row: KanaRow) {
        let typed = row.romaji.joined()
        #expect(ReadingJudge.judge(typed, question: row.katakana, reading: nil) == .right, "\(typed) for \(row.katakana)")
        #expect(ReadingJudge.judge(typed, question: row.hiragana, reading: nil) == .right)
    }

    @Test("kana typed through the terminal's IME or pasted are kept as they are", arguments: everyKana + everyYoon)
    func pastedKana(row: KanaRow) {
        #expect(compose(row.katakana).finished == row.katakana)
        #expect(compose(row.hiragana).display == row.hiragana)
    }

    @Test("ん at the end, before a consonant, as n', nn and xn")
    func syllabicN() {
        #expect(compose("n").display == "n", "alone it may still become な")
        #expect(compose("n").finished == "ん")
        #expect(compose("nn").finished == "ん")
        #expect(compose("n'").display == "ん")
        #expect(compose("xn").display == "ん")
        #expect(compose("nk").display == "んk")
    }

    @Test("no spelling is a prefix of another, so a finished spelling never has to wait")
    func tableIsPrefixFree() {
        for key in RomajiTable.kana.keys {
            #expect(!RomajiTable.prefixes.contains(key), "\(key)")
        }
        #expect(RomajiTable.kana.values.allSatisfy { !$0.isEmpty })
    }

    /// kanaUnits: splits a row's kana into one entry per romaji (yōon are two characters).
    private func kanaUnits(_ row: KanaRow) -> [String] {
        let characters = Array(row.hiragana)
        let width = characters.count / row.romaji.count
        return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<$0 + width]) }
    }
}
