import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

@Suite("Recall: one judge for every direction")
struct RecallJudgeTests {
    let deck = [
        Challenge(question: "店", reading: "みせ", pronunciation: "mise", answer: "shop; store"),
        Challenge(question: "家", reading: "いえ", pronunciation: "ie", answer: "house"),
        Challenge(question: "コーヒー", pronunciation: "kōhī", answer: "coffee"),
        Challenge(question: "レストラン", pronunciation: "resutoran", answer: "restaurant"),
    ]

    var judge: RecallJudge { RecallJudge(deck: deck, also: { $0.question == "家" ? ["home"] : [] }) }

    @Test("Japanese → English judges the meaning")
    func japaneseToEnglish() {
        #expect(judge.judge("House", for: deck[1], direction: .japaneseToEnglish) == .right)
        #expect(judge.judge("home", for: deck[1], direction: .japaneseToEnglish, also: ["home"]) == .right)
        #expect(judge.judge("restarant", for: deck[3], direction: .japaneseToEnglish) == .almost(expected: "restaurant"))
        #expect(judge.judge("store", for: deck[1], direction: .japaneseToEnglish) == .otherWord(question: "店"))
        #expect(judge.judge("home", for: deck[0], direction: .japaneseToEnglish) == .otherWord(question: "家"),
                "the deck's also lists are indexed")
        #expect(judge.judge("tea", for: deck[2], direction: .japaneseToEnglish) == .wrong)
    }

    @Test("English → Japanese takes the reading or the written form")
    func englishToJapanese() {
        #expect(judge.judge("mise", for: deck[0], direction: .englishToJapanese) == .right)
        #expect(judge.judge("店", for: deck[0], direction: .englishToJapanese) == .right)
        #expect(judge.judge("koohii", for: deck[2], direction: .englishToJapanese) == .right)
        #expect(judge.judge("ie", for: deck[0], direction: .englishToJapanese) == .wrong)
    }

    @Test("reading takes the reading only: the shown kanji typed back is not an answer")
    func reading() {
        #expect(judge.judge("mise", for: deck[0], direction: .reading) == .right)
        #expect(judge.judge("みせ", for: deck[0], direction: .reading) == .right)
        #expect(judge.judge("店", for: deck[0], direction: .reading) == .wrong)
    }

    @Test("accepted verdicts are right and almost", arguments: [
        (RecallVerdict.right, true), (.almost(expected: "x"), true), (.otherWord(question: "x"), false), (.wrong, false),
    ])
    func accepted(verdict: RecallVerdict, accepted: Bool) {
        #expect(verdict.isAccepted == accepted)
    }

    @Test("each direction has its answer field mode")
    func modes() {
        #expect(TypedAnswer.Mode(direction: .japaneseToEnglish) == .english)
        #expect(TypedAnswer.Mode(direction: .englishToJapanese) == .japanese)
        #expect(TypedAnswer.Mode(direction: .reading) == .japanese)
    }
}
