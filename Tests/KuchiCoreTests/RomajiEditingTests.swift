import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiRecall

@Suite("Romaji: editing and hostile input")
struct RomajiEditingTests {
    /// after: a composer after typing `romaji` then running `edits`.
    func after(_ romaji: String, _ edits: (inout RomajiComposer) -> Void) -> RomajiComposer {
        var composer = RomajiComposer()
        composer.insert(romaji)
        edits(&composer)
        return composer
    }

    @Test("backspace removes pending romaji one letter at a time, then one kana", arguments: [
        ("nek", 1, "ね"), ("nek", 2, ""), ("nek", 3, ""), ("sh", 1, "s"), ("xts", 2, "x"),
        ("kya", 1, "き"), ("kitte", 1, "きっ"), ("kann", 1, "か"), ("kan", 1, "か"), ("tōkyō", 1, "とうきょ"),
        ("kx", 1, "k"), ("東京", 1, "東"),
    ])
    func backspace(romaji: String, times: Int, display: String) {
        let composer = after(romaji) { composer in
            for _ in 0..<times { composer.backspace() }
        }
        #expect(composer.display == display)
    }

    @Test("after backspace, typing continues from what is shown")
    func typeAfterBackspace() {
        var composer = after("kann") { $0.backspace() }
        composer.insert("i")
        #expect(composer.display == "かい", "the n's that made ん are gone with it")
        composer = after("nek") { $0.backspace() }
        composer.insert("ko")
        #expect(composer.display == "ねこ")
    }

    @Test("Ctrl-W removes pending romaji, then back to the last space; clear empties all")
    func deleteWordAndClear() {
        #expect(after("nek") { $0.deleteWord() }.display == "ね")
        #expect(after("neko") { $0.deleteWord() }.display == "")
        #expect(after("ka ki ") { $0.deleteWord() }.display == "か ")
        var composer = after("kann") { $0.clear() }
        #expect(composer.isEmpty)
        composer.insert("i")
        #expect(composer.display == "い", "clear forgets the nn too")
    }

    @Test("control and invisible characters are dropped wherever they are")
    func controls() {
        #expect(compose("ka\n\tsa\u{1B}").finished == "かさ")
        #expect(compose("\u{7}k\u{0}a\u{7F}\u{9B}").finished == "か")
        #expect(compose("k\r\na").finished == "か")
        #expect(compose("ka\u{200B}na").finished == "かな")
        #expect(compose("\u{1B}[A").finished == "[あ")
    }

    @Test("backspace and Ctrl-W on an empty composer do nothing")
    func emptyEdits() {
        let composer = after("") { composer in
            composer.backspace()
            composer.deleteWord()
        }
        #expect(composer.isEmpty)
        #expect(composer.finished().isEmpty)
    }

    @Test("a 10,000-character paste converts in linear time", arguments: ["ka", "kan'i", "xyz", "nn", "東q\n"])
    func hugePaste(unit: String) {
        let small = String(repeating: unit, count: 1_000)
        let large = String(repeating: unit, count: 10_000)
        let clock = ContinuousClock()
        var smallComposer = RomajiComposer()
        var largeComposer = RomajiComposer()
        // The best of three runs each: a loaded machine stretches a run, never shortens one.
        var (smallTime, largeTime) = (Duration.seconds(3600), Duration.seconds(3600))
        for _ in 0..<3 {
            smallComposer = RomajiComposer()
            smallTime = min(smallTime, clock.measure { smallComposer.insert(small) })
            largeComposer = RomajiComposer()
            largeTime = min(largeTime, clock.measure { largeComposer.insert(large) })
        }
        #expect(largeComposer.count >= 10_000)
        #expect(largeComposer.finished().hasPrefix(smallComposer.finished().prefix(100)))
        // Ten times the input may cost ten times the work, not a hundred: a quadratic composer
        // takes seconds here (with slack for noise on a shared machine).
        #expect(largeTime < max(smallTime * 40, .seconds(1)), "\(smallTime) → \(largeTime)")
    }

    @Test("a paste of kana is taken in one piece, and count is characters plus pending letters")
    func count() {
        var composer = RomajiComposer()
        composer.insert("コーヒー")
        composer.insert("ky")
        #expect(composer.count == 6)
        #expect(composer.display == "コーヒーky")
    }
}
