import Foundation
import KuchiCore
import Testing

/// CompoundAccentTests: issue 37 — a compound or a set phrase is drawn as one word (あさご＼はん, not
/// あ＼さご＼はん), and the accents the teacher's sample found wrong are the reviewed ones
/// (scripts/accent-review.tsv holds each decision and its source).
@Suite("Pitch lines: compounds and set phrases are one phrase")
struct CompoundAccentTests {
    @Test("the reviewed accents: where the pitch falls, in one phrase", arguments: [
        ("開く", 0), ("四時", 1), ("お風呂", 2), ("十一時", 4), ("十二時", 3), ("朝ご飯", 3), ("晩ご飯", 3), ("昼ご飯", 3),
        ("おねがいします", 6), ("いってきます", 5), ("どういたしまして", 1), ("おいでになる", 5), ("ごらんになる", 5),
        ("このあいだ", 5), ("じゃま", 0),
    ])
    func reviewedAccent(question: String, accent: Int) throws {
        let shown = try #require(try WordNotesTests.entry(question).accent, "\(question) has a pitch line")
        #expect(shown.phrases.count == 1, "\(question) is drawn as \(shown.phrases.count) phrases")
        #expect(shown.accent == accent, "\(question) falls after mora \(shown.accent), not \(accent)")
    }

    @Test("no bundled word is drawn as several phrases")
    func everyWordIsOnePhrase() throws {
        let split = try WordNotesTests.deck().challenges.filter { ($0.accent?.phrases.count ?? 1) > 1 }.map(\.question)
        #expect(split.isEmpty, "drawn as several phrases: \(split.joined(separator: ", "))")
    }
}
