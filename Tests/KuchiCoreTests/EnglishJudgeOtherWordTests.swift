import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

@Suite("EnglishJudge: another word's meaning")
struct EnglishJudgeOtherWordTests {
    let judge = EnglishJudge(index: MeaningIndex(words: [
        .init(question: "家", meanings: ["house"]),
        .init(question: "馬", meanings: ["horse"]),
        .init(question: "店", meanings: ["shop; store"]),
        .init(question: "暑い", meanings: ["hot (weather)"]),
        .init(question: "大きい", meanings: ["big", "large"]),
        .init(question: "売店", meanings: ["kiosk", "shop"]),
    ]))

    @Test("another word's exact meaning is not wrong: it names that word", arguments: [
        ("store", "店"), ("Shop!", "店"), ("a horse", "馬"), ("hot", "暑い"), ("hot weather", "暑い"),
        ("large", "大きい"), ("kiosk", "売店"),
    ])
    func otherWord(typed: String, question: String) {
        let verdict = judge.judge(typed, accepted: ["house"], question: "家")
        #expect(verdict == .otherWord(question: question))
        #expect(!verdict.isAccepted)
    }

    @Test("an exact match for the asked word wins over another word's")
    func askedWordWins() {
        #expect(judge.judge("shop", accepted: ["kiosk", "shop"], question: "売店") == .exact)
        #expect(judge.judge("shop", accepted: ["shop; store"], question: "店") == .exact)
    }

    @Test("another word's exact meaning wins over a near miss of the asked word")
    func otherWordBeatsAlmost() {
        // "horse" is one edit from "house", but it is the meaning of 馬.
        #expect(judge.judge("horse", accepted: ["house"], question: "家") == .otherWord(question: "馬"))
        #expect(judge.judge("hause", accepted: ["house"], question: "家") == .almost(expected: "house"))
    }

    @Test("a near miss of another word's meaning is only wrong")
    func otherWordNeedsExact() {
        #expect(judge.judge("horze", accepted: ["dog"], question: "犬") == .wrong)
    }

    @Test("the asked word's own entry in the index is never named")
    func notItself() {
        let homographs = EnglishJudge(index: MeaningIndex(words: [
            .init(question: "上", meanings: ["up"]), .init(question: "上", meanings: ["above"]),
        ]))
        #expect(homographs.judge("above", accepted: ["up"], question: "上") == .wrong)
    }

    @Test("an index built from deck words takes their also lists")
    func fromChallenges() {
        let words = [
            Challenge(question: "猫", reading: "ねこ", pronunciation: "neko", answer: "cat"),
            Challenge(question: "犬", reading: "いぬ", pronunciation: "inu", answer: "dog"),
        ]
        let index = MeaningIndex(challenges: words, also: { $0.question == "犬" ? ["hound"] : [] })
        #expect(index.questions(forNormalized: "hound") == ["犬"])
        #expect(index.questions(forNormalized: "cat") == ["猫"])
        #expect(EnglishJudge(index: index).judge("the hound", for: words[0]) == .otherWord(question: "犬"))
        #expect(!index.isEmpty)
        #expect(MeaningIndex(words: []).isEmpty)
    }

    @Test("a 10,000-word index is built once and answers fast")
    func largeDeck() {
        let clock = ContinuousClock()
        var index = MeaningIndex(words: [])
        let build = clock.measure {
            index = MeaningIndex(words: (0..<10_000).map { .init(question: "語\($0)", meanings: ["meaning \($0)"]) })
        }
        let judge = EnglishJudge(index: index)
        var verdicts: [EnglishVerdict] = []
        let lookups = clock.measure {
            for number in stride(from: 0, to: 10_000, by: 10) {
                verdicts.append(judge.judge("meaning \(number)", accepted: ["meaning x"], question: "語x"))
            }
        }
        #expect(verdicts.count == 1_000)
        #expect(verdicts.allSatisfy { if case .otherWord = $0 { true } else { false } })
        #expect(verdicts[7] == .otherWord(question: "語70"))
        #expect(build < .seconds(5), "\(build)")
        #expect(lookups < .seconds(1), "\(lookups)")
    }
}
