import Foundation
import KuchiDeck

/// WordSelection: the cards a selection asks, over a deck's word table (`DeckWordTable`) — for
/// each word the directions it is asked in, one bit each (`CardKeys.bit(of:)`) — made by the
/// same rules as the whole deck's path: `Deck.selecting(categories:)` then `selecting(levels:)`
/// (each kept only when it leaves enough words), `Deck.excluding` the suspended words, then
/// `QuizDirection.askable` and `cardKeys`. Nothing is made per word but a byte.
package struct WordSelection: Sendable {
    /// chosen: the directions each word is asked in (0: not selected).
    package let chosen: [UInt8]
    /// others: with a choice of one direction, the same words' cards in every direction mixed
    /// asks (Welcome's "N more due in other directions"); nil with mixed.
    package let others: [UInt8]?
    /// count: how many cards (words × their directions), as `CardKeys.count`.
    package let count: Int
    /// studied: the words the categories and levels leave, suspended ones too — the deck a
    /// study session opens (`CardTally` compares an opening's words with them).
    package let studied: [Bool]

    /// init: the selection of `categories` (the saved choice; `[]` every one), `levels` and
    /// `direction` in `table`, leaving out `suspended` (compared as `String`s, as
    /// `Deck.excluding` compares them).
    package init(table: DeckWordTable, categories: [String], levels: [Int], direction: QuizDirection, suspended: Set<SuspendedWord>,
                 words: inout CanonicalWords) {
        var kept = [Bool](repeating: true, count: table.count)
        if !categories.isEmpty {
            let wanted = Set(categories)
            let named = table.categories.map(wanted.contains)
            Self.narrow(&kept) { named[table.category($0)] }
        }
        if !levels.isEmpty {
            let wanted = Set(levels)
            Self.narrow(&kept) { table.level($0).map(wanted.contains) ?? false }
        }
        studied = kept
        for word in suspended {
            if let found = words.word(question: word.question, reading: word.reading, in: table) { kept[found] = false }
        }
        chosen = Self.directions(direction, kept: kept, table: table)
        others = direction == .mixed ? nil : Self.directions(.mixed, kept: kept, table: table)
        count = chosen.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// narrow: keeps the kept words `wanted` holds of, unless that leaves fewer than a deck's
    /// minimum (the selection is then ignored, as `Deck.selecting` returning nil is).
    private static func narrow(_ kept: inout [Bool], _ wanted: (Int) -> Bool) {
        var narrowed = kept
        var left = 0
        for word in kept.indices where kept[word] {
            if wanted(word) { left += 1 } else { narrowed[word] = false }
        }
        if left >= Deck.minimumEntries { kept = narrowed }
    }

    /// directions: each kept word's directions under `choice` (`QuizDirection.askable`: reading
    /// only for words with kanji; when no kept word is askable, every one Japanese → English).
    private static func directions(_ choice: QuizDirection, kept: [Bool], table: DeckWordTable) -> [UInt8] {
        let all = choice.studyDirections.reduce(UInt8(0)) { $0 | CardKeys.bit(of: $1) }
        let reading = CardKeys.bit(of: .reading)
        var bits = [UInt8](repeating: 0, count: kept.count)
        var any = false
        for word in kept.indices where kept[word] {
            bits[word] = table.hasKanji(word) ? all : all & ~reading
            any = any || bits[word] != 0
        }
        guard !any else { return bits }
        for word in kept.indices where kept[word] { bits[word] = CardKeys.bit(of: .japaneseToEnglish) }
        return bits
    }
}

/// CanonicalWords: finds a word of a table by `String`s compared as Swift compares them
/// (canonical equivalence) when their bytes match none — another Unicode form of the same word
/// written by an older deck file. The dictionary is built on the first miss only.
package struct CanonicalWords: Sendable {
    /// index: each word by its question and reading (`SuspendedWord` is that pair, hashed and
    /// compared as `String`s).
    private var index: [SuspendedWord: Int]?

    /// init: nothing built yet.
    package init() {}

    /// word: the word of `table` whose question and reading equal these, if any.
    package mutating func word(question: String, reading: String, in table: DeckWordTable) -> Int? {
        if let found = table.word(question: question, reading: reading) { return found }
        if index == nil {
            var built: [SuspendedWord: Int] = [:]
            built.reserveCapacity(table.count)
            // The first word wins among canonically equal ones, as a byte-for-byte match would.
            for word in 0..<table.count {
                let key = SuspendedWord(question: table.question(word), reading: table.reading(word))
                if built[key] == nil { built[key] = word }
            }
            index = built
        }
        return index?[SuspendedWord(question: question, reading: reading)]
    }
}
