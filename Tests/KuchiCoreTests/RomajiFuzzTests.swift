import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiRecall

@Suite("Romaji: random input keeps the composer's invariants")
struct RomajiFuzzTests {
    /// alphabet: romaji, uppercase, symbols the table knows, macrons, kana, kanji, full-width
    /// letters, digits, spaces and the controls and invisibles a paste may carry.
    static let alphabet: [Character] = Array("aiueoknstyhmrwgzdbpjcfvxlq") + Array("AKNSY'-ōâŪ ん東ｋ1") + ["\n", "\u{1B}", "\u{200B}", "\u{7F}"]

    /// randomText: up to `length` characters from the alphabet, vowels and n weighted up so real
    /// syllables occur.
    static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
        let count = Int.random(in: 0...length, using: &random)
        return String((0..<count).map { _ in
            Bool.random(using: &random)
                ? ("aiueon" as String).randomElement(using: &random) ?? "a"
                : alphabet.randomElement(using: &random) ?? "a"
        })
    }

    @Test("display is kana + pending; pending is a few letters; finished only settles the pending n")
    func invariants() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            var composer = RomajiComposer()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: composer.backspace()
                case 1 where Int.random(in: 0..<4, using: &random) == 0: composer.deleteWord()
                default: composer.insert(Self.randomText(&random, length: 12))
                }
                #expect(composer.display == composer.kana + composer.pending)
                #expect(composer.pending.count <= 3)
                #expect(composer.pending.allSatisfy { ("a"..."z").contains($0) }, "\(composer.pending)")
                #expect(Script.controlCharacter(in: composer.display) == nil)
                #expect(Script.invisibleCharacter(in: composer.display) == nil)
                let finished = composer.finished()
                #expect(finished == composer.kana + (composer.pending == "n" ? "ん" : composer.pending))
            }
        }
    }

    @Test("a paste gives the same text as typing it key by key")
    func pasteEqualsTyping() {
        var random = SeededGenerator(seed: 12)
        for _ in 0..<2_000 {
            let text = Self.randomText(&random, length: 20)
            var pasted = RomajiComposer()
            pasted.insert(text)
            var typed = RomajiComposer()
            for character in text { typed.insert(String(character)) }
            #expect(pasted == typed, "\(text.debugDescription)")
        }
    }

    @Test("as many backspaces as the count empty the composer")
    func backspaceEmpties() {
        var random = SeededGenerator(seed: 13)
        for _ in 0..<1_000 {
            var composer = RomajiComposer()
            composer.insert(Self.randomText(&random, length: 20))
            for _ in 0..<composer.count { composer.backspace() }
            #expect(composer.isEmpty)
        }
    }
}
