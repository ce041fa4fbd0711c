import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

@Suite("Recall: reading judge")
struct RecallReadingJudgeTests {
    @Test("romaji for the reading is right; hiragana and katakana count as equal", arguments: [
        ("sakura", "桜", "さくら"), ("taberu", "食べる", "たべる"), ("hon", "本", "ほん"),
        ("terebi", "テレビ", nil), ("TEREBI", "テレビ", nil), ("テレビ", "テレビ", nil), ("てれび", "テレビ", nil),
        ("テレビ", "てれび", nil), ("sushi", "寿司", "すし"), ("susi", "寿司", "すし"), ("kon'yaku", "婚約", "こんやく"),
        ("konnichiha", "こんにちは", nil), ("zasshi", "雑誌", "ざっし"), ("zassi", "雑誌", "ざっし"),
        ("ｺｰﾋｰ", "コーヒー", nil), ("wisuki-", "ウィスキー", nil), ("fairu", "ファイル", nil),
        ("pa-thi-", "パーティー", nil), ("vaiorin", "ヴァイオリン", nil), ("chi-mu", "チーム", nil), ("che-n", "チェーン", nil), ("ba-", "バー", nil), (" sakura ", "桜", "さくら"), ("sa kura", "桜", "さくら"),
    ] as [(String, String, String?)])
    func right(typed: String, question: String, reading: String?) {
        #expect(ReadingJudge.judge(typed, question: question, reading: reading) == .right)
    }

    @Test("a katakana long vowel may be typed as ー or as its vowel", arguments: [
        "ko-hi-", "koohii", "kōhī", "kôhî", "ko-hii", "コーヒー", "こおひい",
    ])
    func katakanaLongVowels(typed: String) {
        #expect(ReadingJudge.judge(typed, question: "コーヒー", reading: nil) == .right)
    }

    @Test("a katakana long vowel is not う or い after o or e: kouhii spells こうひい", arguments: ["kouhii", "こうひい", "コウヒイ", "keiki"])
    func katakanaLongVowelMisspelt(typed: String) {
        let question = typed == "keiki" ? "ケーキ" : "コーヒー"
        #expect(ReadingJudge.judge(typed, question: question, reading: nil) == .wrong)
    }

    @Test("a macron long vowel matches either spelling in the reading", arguments: [
        ("tōkyō", "東京", "とうきょう"), ("tôkyô", "東京", "とうきょう"), ("ōkii", "大きい", "おおきい"),
        ("tōri", "通り", "とおり"), ("kūki", "空気", "くうき"), ("obāsan", "おばあさん", nil),
        ("onēsan", "お姉さん", "おねえさん"), ("sensē", "先生", "せんせい"), ("ojīsan", "おじいさん", nil),
        ("toukyou", "東京", "とうきょう"), ("ookii", "大きい", "おおきい"), ("sensei", "先生", "せんせい"),
    ] as [(String, String, String?)])
    func macrons(typed: String, question: String, reading: String?) {
        #expect(ReadingJudge.judge(typed, question: question, reading: reading) == .right)
    }

    @Test("wrong kana, a wrong long vowel spelled out, or half an answer is wrong", arguments: [
        ("sakure", "桜", "さくら"), ("oukii", "大きい", "おおきい"), ("tookyoo", "東京", "とうきょう"),
        ("tokyo", "東京", "とうきょう"), ("kohi", "コーヒー", nil), ("kani", "単位", "かんい"), ("kinen", "禁煙", "きんえん"),
        ("", "桜", "さくら"), ("   ", "桜", "さくら"), ("-", "コーヒー", nil), ("ーさくら", "桜", "さくら"),
        ("sakurasakura", "桜", "さくら"), ("東", "東京", "とうきょう"), ("大阪", "東京", "とうきょう"),
    ] as [(String, String, String?)])
    func wrong(typed: String, question: String, reading: String?) {
        #expect(ReadingJudge.judge(typed, question: question, reading: reading) == .wrong)
    }

    @Test("the exact written form, pasted or typed through an IME, is right", arguments: [
        ("東京", "東京"), (" 東京 ", "東京"), ("食べる", "食べる"), ("食beru", "食べる"),
    ])
    func writtenForm(typed: String, question: String) {
        let verdict = ReadingJudge.judge(typed, question: question, reading: "ふりがな")
        #expect(verdict == .writtenForm)
        #expect(verdict.isAccepted)
    }

    @Test("the composer's finished answer is judged like the raw typing")
    func composerOutput() {
        var composer = RomajiComposer()
        composer.insert("ōkii")
        #expect(ReadingJudge.judge(composer.finished(markingMacrons: true), question: "大きい", reading: "おおきい") == .right)
        #expect(ReadingJudge.judge(composer.finished(), question: "大きい", reading: "おおきい") == .wrong,
                "unmarked, おう is not おお")
    }

    @Test("a deck word is judged by its reading")
    func challenge() {
        let word = Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat")
        #expect(ReadingJudge.judge("neko", for: word) == .right)
        #expect(ReadingJudge.judge("猫", for: word) == .writtenForm)
        #expect(ReadingJudge.judge("inu", for: word) == .wrong)
        #expect(!ReadingVerdict.wrong.isAccepted)
    }
}
