import Foundation
import KuchiCore
import Testing
import KuchiDeck

/// SentencesTeachTheWordTests: issue 37 — the bundled example sentences show the word itself, in
/// the meaning taught, translated faithfully. The rules themselves are tested row by row by
/// scripts/test-sentence-rules and checked over every sentence by scripts/verify-notes; here, the
/// cases the teacher found, as the app loads them (each failed on the sentences before the rules).
@Suite("Example sentences teach the word")
struct SentencesTeachTheWordTests {
    /// sentences: the bundled sentences of the entry written `question`.
    func sentences(_ question: String) throws -> [ExampleSentence] {
        try WordNotesTests.entry(question).sentences
    }

    @Test("never inside a longer word: 一時 not in 十一時 or 一時的, 分 not in 十分 'enough', 杯 not in お腹一杯",
          arguments: [("一時", ["十一時", "一時的"]), ("分", ["それで十分", "十分よ", "十分寝"]), ("杯", ["お腹一杯"]),
                      ("十", ["十一", "十分？"])])
    func notInsideALongerWord(question: String, longer: [String]) throws {
        let found = try sentences(question)
        #expect(!found.isEmpty, "\(question) has a sentence")
        for sentence in found {
            for word in longer {
                #expect(!sentence.ja.contains(word), "\(question): \(sentence.ja)")
            }
        }
    }

    @Test("a month's sentences say that month in English", arguments: Array(zip(
        ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"],
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"])))
    func monthTranslated(question: String, month: String) throws {
        for sentence in try sentences(question) {
            #expect(sentence.en.contains(month), "\(question): \(sentence.ja) — \(sentence.en)")
        }
    }

    @Test("the first sentence shows the meaning taught", arguments: [
        ("大きい", ["big", "large"]), ("上げる", ["give", "gave"]), ("側", ["side"]), ("一時", ["one o'clock", "1:00"]),
    ])
    func firstShowsTheMeaning(question: String, english: [String]) throws {
        let first = try #require(try sentences(question).first, "\(question) has a sentence")
        #expect(english.contains { first.en.lowercased().contains($0) }, "\(question): \(first.ja) — \(first.en)")
    }

    @Test("no slang a teacher would not say aloud (散歩なう, めっちゃ) in any sentence")
    func noSlang() throws {
        for challenge in try WordNotesTests.deck().challenges {
            for sentence in challenge.sentences {
                // なう ends a tweet ("I'm at …"); 真っ赤なうそ is a red lie, not slang.
                let tweet = sentence.ja.hasSuffix("なう。") || sentence.ja.hasSuffix("なう")
                #expect(!tweet && !sentence.ja.contains("めっちゃ"), "\(challenge.question): \(sentence.ja)")
            }
        }
    }
}
