import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// FairJudgingTests: every standard answer is accepted (issue 19): the hint's romaji, particles,
/// ぢ/づ, ん however typed, other readings, each listed meaning, exact numbers, synonyms in
/// English → Japanese; and the hint's romaji is not a meaning.
@MainActor
@Suite("Fair judging: every standard answer counts")
struct FairJudgingTests {
    /// typed: `text` typed into a Japanese answer field and submitted, as the quiz does.
    func submitted(_ text: String) -> String {
        let field = TypedAnswer(mode: .japanese)
        field.insert(text)
        return field.submission
    }

    /// reading: the verdict for romaji `text` typed for `challenge`.
    func reading(_ text: String, _ challenge: Challenge) -> ReadingVerdict {
        ReadingJudge.judge(submitted(text), for: challenge)
    }

    nonisolated static let konnichiwa = Challenge(question: "こんにちは", pronunciation: "konnichiwa", answer: "hello")
    nonisolated static let konbanwa = Challenge(question: "こんばんは", pronunciation: "konbanwa", answer: "good evening")
    nonisolated static let soredewa = Challenge(question: "それでは", pronunciation: "sore dewa", answer: "well then")
    nonisolated static let party = Challenge(question: "パーティー", pronunciation: "pātī", answer: "party")
    nonisolated static let sou = Challenge(question: "そう", pronunciation: "sō", answer: "in that way")
    nonisolated static let friday = Challenge(question: "金曜日", reading: "きんようび", pronunciation: "kin'yōbi", answer: "Friday")
    nonisolated static let hanaji = Challenge(question: "鼻血", reading: "はなぢ", pronunciation: "hanaji", answer: "nosebleed")
    nonisolated static let tsuzuku = Challenge(question: "続く", reading: "つづく", pronunciation: "tsuzuku", answer: "to continue")
    nonisolated static let four = Challenge(question: "四", reading: "よん", pronunciation: "yon", answer: "four", readings: ["し"])
    nonisolated static let nihon = Challenge(question: "日本", reading: "にほん", pronunciation: "nihon", answer: "Japan", readings: ["にっぽん"])

    @Test("the romaji the hint shows is accepted, particles included", arguments: [
        ("konnichiwa", konnichiwa), ("konnichiha", konnichiwa), ("konbanwa", konbanwa), ("sore dewa", soredewa),
        ("soredewa", soredewa), ("soredeha", soredewa), ("pātī", party), ("paatii", party), ("pāthī", party),
        ("sō", sou), ("sou", sou), ("kin'yōbi", friday), ("kinnyoubi", friday), ("kinyoubi", friday), ("kin'youbi", friday),
        ("hanaji", hanaji), ("hanadi", hanaji), ("tsuzuku", tsuzuku), ("tuduku", tsuzuku),
        ("yon", four), ("shi", four), ("si", four), ("nihon", nihon), ("nippon", nihon), ("にっぽん", nihon),
    ] as [(String, Challenge)])
    func romajiAccepted(typed: String, challenge: Challenge) {
        #expect(reading(typed, challenge) == .right, "\(typed) for \(challenge.question)")
    }

    @Test("を is typed o; へ and は only where the deck's romaji says so", arguments: [
        ("kaisha wo", "会社を", "かいしゃを", "kaisha o", true), ("kaisha o", "会社を", "かいしゃを", "kaisha o", true),
        ("hawa", "母", "はは", "haha", false), ("wawa", "母", "はは", "haha", false),
    ] as [(String, String, String, String, Bool)])
    func particles(typed: String, question: String, reading: String, romaji: String, right: Bool) {
        let challenge = Challenge(question: question, reading: reading, pronunciation: romaji, answer: "x")
        #expect(self.reading(typed, challenge).isAccepted == right)
    }

    @Test("what the importer's Hepburn writes is accepted as typed (ティ as ti, ディ as di, ヴ as v)",
          arguments: ["パーティー", "ディスク", "ヴァイオリン", "フォーク", "チェック", "ウェブ", "トゥナイト", "きんようび", "がっこう", "ラーメン"])
    func importerRomaji(kana: String) throws {
        let romaji = try #require(Hepburn.romaji(kana))
        let challenge = Challenge(question: kana, pronunciation: romaji, answer: "x")
        #expect(reading(romaji, challenge) == .right, "\(romaji) for \(kana)")
        // An imported word's pronunciation is Hepburn's, so the composer reading it back agrees.
        let kanjiWord = Challenge(question: "語", reading: kana, pronunciation: romaji, answer: "x")
        #expect(reading(romaji, kanjiWord) == .right)
    }

    @Test("other answers stay wrong: another word, a vowel ん, a missing long vowel", arguments: [
        ("kani", "単位", "かんい", "tan'i"), ("kinen", "禁煙", "きんえん", "kin'en"), ("sakana", "桜", "さくら", "sakura"),
        ("toukyo", "東京", "とうきょう", "tōkyō"), ("shi", "四つ", "よっつ", "yottsu"),
    ] as [(String, String, String, String)])
    func stillWrong(typed: String, question: String, reading: String, romaji: String) {
        let challenge = Challenge(question: question, reading: reading, pronunciation: romaji, answer: "x")
        #expect(self.reading(typed, challenge) == .wrong)
    }

    // MARK: English

    let english = EnglishJudge()

    @Test("each meaning listed with ; or , outside parentheses is accepted alone", arguments: [
        ("high", "high, expensive"), ("expensive", "high, expensive"), ("expensive", "high; expensive"),
        ("to hang up", "to hang up (e.g. a coat, a picture)"), ("pretty", "pretty; clean"), ("clean", "pretty, clean"),
    ])
    func listedMeanings(typed: String, answer: String) {
        #expect(english.judge(typed, accepted: [answer], question: "語") == .exact)
    }

    @Test("a comma inside parentheses does not split", arguments: ["a coat", "a picture)"])
    func parenthesesKeepTogether(typed: String) {
        #expect(english.judge(typed, accepted: ["to hang up (a coat, a picture)"], question: "掛ける") == .wrong)
    }

    @Test("numbers and dates are exact; the ordinal alone names a date", arguments: [
        ("5th", "fifth day of the month", true), ("fifth", "fifth day of the month", true), ("the fifth", "fifth day of the month", true),
        ("5th day of the month", "fifth day of the month", true), ("first day of the month", "fifth day of the month", false),
        ("fourth day of the month", "fifth day of the month", false), ("sixth day of the month", "seventh day of the month", false),
        ("20th", "twentieth day of the month", true), ("21", "twenty-one", true), ("1000", "thousand", true),
        ("10,000", "ten thousand", true), ("10000", "ten thousand", true), ("100", "thousand", false),
        ("six (things)", "seven (things)", false), ("seven", "seven (things)", true), ("7", "seven (things)", true), ("sevn", "seven (things)", false),
    ])
    func numbers(typed: String, answer: String, right: Bool) {
        #expect(english.judge(typed, accepted: [answer], question: "語").isAccepted == right, "\(typed) for \(answer)")
    }

    @Test("a noun's plural or singular is right as typed, even for a short word (no \"Almost\")", arguments: [
        ("eggs", "egg"), ("shoe", "shoes"), ("boxes", "box"), ("dogs", "dog"),
    ])
    func plurals(typed: String, answer: String) {
        #expect(english.judge(typed, accepted: [answer], question: "語") == .exact)
    }

    @Test("the hint's romaji is not the meaning, unless the English word is that word", arguments: [
        ("osake", "お酒", "osake", ["alcohol", "sake"], false), ("namae", "名前", "namae", ["name"], false),
        ("kanji", "漢字", "kanji", ["Chinese characters"], false), ("gakkou", "学校", "gakkō", ["school"], false),
        ("sake", "お酒", "osake", ["alcohol", "sake"], true), ("sushi", "寿司", "sushi", ["sushi"], true),
    ] as [(String, String, String, [String], Bool)])
    func romajiIsNotTheMeaning(typed: String, question: String, romaji: String, meanings: [String], right: Bool) {
        let challenge = Challenge(question: question, reading: "よみ", pronunciation: romaji, answer: meanings[0], also: Array(meanings.dropFirst()))
        #expect(english.judge(typed, for: challenge, also: challenge.also).isAccepted == right)
    }

    @Test("the hint hides the romaji when it would hand over a meaning")
    func hintHidesRomaji() {
        #expect(RomajiMeaning.hidesRomaji(Challenge(question: "寿司", reading: "すし", pronunciation: "sushi", answer: "sushi")))
        #expect(RomajiMeaning.hidesRomaji(Challenge(question: "カメラ", pronunciation: "kamera", answer: "camera")))
        #expect(!RomajiMeaning.hidesRomaji(Challenge(question: "お酒", reading: "おさけ", pronunciation: "osake", answer: "alcohol")))
        #expect(!RomajiMeaning.hidesRomaji(Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat")))
    }
}
