import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// JudgeProbeRoundTwoTests: the second probe of issue 28 — homophones in listening, other
/// readings with the asked meaning, numerals in digits, plurals and the deck's own wording, the
/// word named after a miss, and the deck's glosses — each checked over the whole bundled deck
/// where the class reaches more than one entry.
@MainActor
@Suite("The judge, probe round two: homophones, same-meaning readings, digits, plurals, names")
struct JudgeProbeRoundTwoTests {
    let deck: Deck
    let judge: RecallJudge
    let byQuestion: [String: Challenge]

    init() throws {
        (deck, judge, byQuestion) = try BundledJudge.make()
    }

    /// verdict: what the quiz would say to `typed` (through the answer field, as typed).
    func verdict(_ typed: String, _ question: String, _ direction: StudyDirection) throws -> RecallVerdict {
        let challenge = try #require(byQuestion[question], "\(question) is in the deck")
        let field = TypedAnswer(mode: TypedAnswer.Mode(direction: direction))
        field.insert(typed)
        return judge.judge(field.submission, for: challenge, direction: direction, also: challenge.also)
    }

    @Test("finding 1: in listening, every other word read the same is never a graded miss, and is named")
    func homophonesInListening() throws {
        var bySound: [String: [Challenge]] = [:]
        for challenge in deck.challenges {
            bySound[String(Kana.comparable(challenge.reading ?? challenge.question)), default: []].append(challenge)
        }
        var checked = 0
        for words in bySound.values where words.count > 1 {
            for asked in words {
                for other in words where other.question != asked.question {
                    let result = try verdict(other.answer, asked.question, .listening)
                    #expect(result.isAccepted || !result.isGraded, "listen \(asked.question) “\(other.answer)” → \(result)")
                    if case .synonym(let named, _) = result {
                        #expect(words.contains { $0.question == named }, "\(asked.question): \(named) sounds the same")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 20, "homophone pairs were checked (\(checked))")
        #expect(try verdict("hot (weather)", "熱い", .listening) == .synonym(question: "暑い", meaning: "hot (weather)"))
        #expect(try verdict("thick", "熱い", .listening) == .synonym(question: "厚い", meaning: "thick (of a book, etc.)"))
        // Only what is played counts: 四 is said よん, so 歯 (し, "tooth") is no homophone of it.
        #expect(try verdict("tooth", "四", .listening) == .otherWord(question: "歯"))
        // Seen, the partner is still the graded contrast.
        #expect(try verdict("hot (weather)", "熱い", .japaneseToEnglish) == .contrast(question: "暑い", meaning: "hot (weather)"))
    }

    @Test("finding 12: the word named is the one the learner most plausibly meant, with the meaning typed")
    func likeliestWordNamed() throws {
        #expect(try verdict("flower", "鼻", .listening) == .synonym(question: "花", meaning: "flower"))
        #expect(try verdict("to wear", "切る", .listening) == .synonym(question: "着る", meaning: "to wear (from the shoulders down)"))
        #expect(try verdict("flower", "鼻", .japaneseToEnglish) == .otherWord(question: "花"), "花 sounds like 鼻; 咲く only glosses it")
        #expect(try verdict("warm", "熱い", .japaneseToEnglish) == .contrast(question: "暑い", meaning: "warm"))
    }

    @Test("findings 2 and 3: another reading with the asked meaning is an ungraded notice in reading and English → Japanese")
    func sameMeaningReadings() throws {
        var checked = 0
        for challenge in deck.challenges where Script.containsKanji(challenge.question) {
            for item in challenge.homographs {
                let (reading, meaning) = try #require(Challenge.homograph(item))
                guard RecallJudge.isAsked(meaning, of: challenge) else { continue }
                for direction in [StudyDirection.reading, .englishToJapanese] {
                    let result = try verdict(reading, challenge.question, direction)
                    let notice = if case .otherReading = result { true } else { false }
                    #expect(notice || result.isAccepted, "\(direction.rawValue) \(challenge.question) \(reading) → \(result)")
                    #expect(!result.isGraded || result.isAccepted)
                }
                checked += 1
            }
        }
        #expect(checked > 20, "same-meaning readings were checked (\(checked))")
        #expect(try verdict("myounichi", "明日", .englishToJapanese) == .otherReading(reading: "みょうにち", meaning: "tomorrow"))
        #expect(try verdict("mitari", "三人", .englishToJapanese) == .otherReading(reading: "みたり", meaning: "three people"))
        #expect(try verdict("ichijitsu", "一日", .englishToJapanese) == .otherReading(reading: "いちじつ", meaning: "one day"))
        // Another meaning stays a miss in English → Japanese: the learner wrote another word.
        #expect(try verdict("tsurai", "辛い", .englishToJapanese) == .wrong)
    }

    @Test("finding 4: a counter word's numeral in digits (ASCII or full-width) is right, for every such entry")
    func numeralsInDigits() throws {
        var checked = 0
        for challenge in deck.challenges {
            guard let digits = KanjiNumeral.digitSpelling(of: challenge.question, meaning: challenge.answer) else { continue }
            let wide = String(digits.map { character -> Character in
                guard let value = character.wholeNumberValue, character.isASCII, let scalar = Unicode.Scalar(0xFF10 + value) else { return character }
                return Character(scalar)
            })
            #expect(try verdict(digits, challenge.question, .englishToJapanese) == .right, "\(challenge.question) \(digits)")
            #expect(try verdict(wide, challenge.question, .englishToJapanese) == .right, "\(challenge.question) \(wide)")
            checked += 1
        }
        #expect(checked >= 40, "counter words were checked (\(checked))")
        for (question, typed) in [("四時", "4時"), ("九時", "9時"), ("三人", "3人"), ("二十日", "20日"), ("一月", "1月"), ("二十歳", "20歳")] {
            #expect(try verdict(typed, question, .englishToJapanese) == .right, "\(question) \(typed)")
        }
        // Not a number: 一緒 is no "1緒", 万年筆 no "10000年筆"; and a wrong number is wrong.
        #expect(KanjiNumeral.digitSpelling(of: "一緒に", meaning: "together") == nil)
        #expect(KanjiNumeral.digitSpelling(of: "万年筆", meaning: "fountain pen") == nil)
        #expect(try verdict("5時", "四時", .englishToJapanese) == .wrong)
        #expect(KanjiNumeral.value(of: Array("三百五")) == 305 && KanjiNumeral.value(of: Array("一万二千")) == 12000)
    }

    @Test("findings 10 and 11: a noun's plural and the deck's own restated wording are right, not Almost", arguments: [
        ("歯", "teeth"), ("子供", "children"), ("子供", "kids"), ("漢字", "Chinese character"), ("写真", "pictures"), ("口", "mouths"),
        ("ない", "there is not"), ("人", "persons"), ("人", "people"),
    ])
    func pluralsAndOwnWording(question: String, typed: String) throws {
        #expect(try verdict(typed, question, .japaneseToEnglish) == .right)
    }

    @Test("finding 11: an English word that is no plural of the meaning is never Almost", arguments: [
        ("右", "rights"), ("高い", "highs"), ("古い", "olds"),
    ])
    func notPlurals(question: String, typed: String) throws {
        let result = try verdict(typed, question, .japaneseToEnglish)
        if case .almost = result { Issue.record("\(question) “\(typed)” → \(result)") }
        #expect(!result.isAccepted)
    }

    @Test("a regular -s on a noun whose plural is irregular is a misspelling (Almost), not the plural", arguments: [
        ("歯", "tooths"), ("子供", "childs"),
    ])
    func regularEndingOnIrregularNoun(question: String, typed: String) throws {
        let result = try verdict(typed, question, .japaneseToEnglish)
        #expect(result != .right, "\(question) “\(typed)” → \(result)")
    }

    @Test("finding 9: the standard glosses the probe's teacher gave are right", arguments: [
        ("貸す", "to rent out"), ("貸す", "to hire out"), ("本当", "real"), ("本当", "genuine"), ("本当", "authentic"), ("本当", "true"), ("本当", "really"),
        ("結構", "no thank you"), ("結構", "quite"), ("結構", "enough"), ("住む", "to live in"), ("開く", "to be opened"),
        ("開く", "to come open"), ("下手", "not good at"), ("下手", "clumsy"), ("妹", "my younger sister"), ("子供", "kid"),
        ("いただきます", "thanks for the food"), ("夕飯", "supper"), ("曇り", "overcast"), ("大好き", "like a lot"),
        ("大好き", "really like"), ("九時", "9:00"), ("四時", "4:00"), ("十二時", "12:00"), ("テレビ", "T.V."), ("聞く", "listen to"),
        ("はい", "that is right"), ("はい", "that's right"), ("元気", "fine"),
    ])
    func standardGlosses(question: String, typed: String) throws {
        #expect(try verdict(typed, question, .japaneseToEnglish) == .right)
    }

    @Test("finding 9: a clock time or an abbreviation never makes another number or word right")
    func clockAndAbbreviations() throws {
        #expect(try verdict("8:00", "九時", .japaneseToEnglish) != .right)
        #expect(EnglishMeaning.normalized("T.V.") == "tv" && EnglishMeaning.normalized("U.S.A.") == "usa")
        #expect(EnglishMeaning.normalized("Mr.Smith") == "mr smith", "only single letters are joined")
        #expect(EnglishMeaning.normalized("x. y") == "x y", "a dot before a space is no abbreviation")
    }

    @Test("finding 13: no Chinese or mahjong reading is shown as a reading; パーティ and ほんと are accepted")
    func junkReadingsGone() throws {
        for challenge in deck.challenges {
            for item in challenge.homographs {
                let (reading, meaning) = try #require(Challenge.homograph(item))
                #expect(!meaning.hasSuffix("tile") && !["シー", "スー", "チュー", "シーサン", "イー", "サン"].contains(reading),
                        "\(challenge.question) \(item)")
            }
        }
        #expect(try verdict("shiisan", "先生", .reading) == .wrong)
        #expect(try verdict("pa-thi", "パーティー", .englishToJapanese) == .right)
        #expect(try verdict("パーティ", "パーティー", .englishToJapanese) == .right)
        #expect(try verdict("honto", "本当", .reading) == .right)
    }
}
