import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiRecall

/// substituting: `word` with `count` letters replaced by q, spread out so no two replacements
/// touch (each is then exactly one edit).
func substituting(_ count: Int, in word: String) -> String {
    var letters = Array(word)
    precondition(!letters.contains("q") && count * 2 - 1 <= letters.count, "a test word too short for \(count) edits")
    for position in 0..<count { letters[position * 2] = "q" }
    return String(letters)
}

@Suite("EnglishJudge: typo tolerance")
struct EnglishJudgeToleranceTests {
    @Test("the tolerance table: up to 3 exact, 4–5 one edit, 6–7 two, longer 2 + ⌊n/7⌋", arguments: [
        (1, 0), (3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3), (13, 3), (14, 4), (20, 4), (21, 5), (35, 7),
    ])
    func table(length: Int, edits: Int) {
        #expect(EditDistance.allowedEdits(forLength: length) == edits)
    }

    /// Words of each length in the table, with the edits allowed (at the limit) for them.
    @Test("at the limit is almost, one edit past it is wrong", arguments: [
        ("cat", 0), ("book", 1), ("house", 1), ("rabbit", 2), ("teacher", 2), ("elephant", 3),
        ("refrigerator", 3), ("responsibility", 4), ("international relations", 5),
    ])
    func atAndPastTheLimit(word: String, limit: Int) {
        let length = EnglishMeaning.normalized(word).count
        #expect(EditDistance.allowedEdits(forLength: length) == limit, "\(word) is \(length) long")
        if limit > 0 {
            #expect(judged(substituting(limit, in: word), word) == .almost(expected: word))
        }
        #expect(judged(substituting(limit + 1, in: word), word) == .wrong)
    }

    @Test("insertions and deletions count like substitutions")
    func insertionsAndDeletions() {
        #expect(judged("bok", "book") == .almost(expected: "book"))
        #expect(judged("bookk", "book") == .almost(expected: "book"))
        #expect(judged("bo", "book") == .wrong)
        #expect(judged("cart", "cat") == .wrong, "three letters: exact only (a plural is another rule)")
    }

    @Test("a swap of neighbours is one edit (Damerau), not two")
    func transposition() {
        #expect(judged("hosue", "house") == .almost(expected: "house"))
        #expect(judged("huose", "house") == .almost(expected: "house"))
        #expect(EditDistance.within(Array("hosue"), Array("house"), limit: 5) == 1)
        #expect(EditDistance.within(Array("ab"), Array("ba"), limit: 5) == 1)
        #expect(EditDistance.within(Array("kitten"), Array("sitting"), limit: 5) == 3)
        #expect(EditDistance.within(Array("kitten"), Array("sitting"), limit: 2) == nil)
        #expect(EditDistance.within(Array(""), Array("abc"), limit: 3) == 3)
    }

    @Test("the closest of several meanings is named")
    func closest() {
        #expect(judged("hause", "home; house") == .almost(expected: "house"))
        #expect(judged("hme", "home; house") == .almost(expected: "home"))
    }

    @Test("a 10,000-character paste is judged at once and is wrong")
    func hugePaste() {
        let paste = String(repeating: "restaurant ", count: 1_000)
        let clock = ContinuousClock()
        var verdict = EnglishVerdict.exact
        let time = clock.measure { verdict = judged(paste, "restaurant") }
        #expect(verdict == .wrong)
        #expect(time < .seconds(1), "\(time)")
        #expect(judged(String(repeating: "x", count: 10_000) + "\u{1B}\n", "restaurant") == .wrong)
    }
}
