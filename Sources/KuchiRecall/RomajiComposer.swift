/// RomajiComposer: turns romaji into hiragana as it is typed, the way an IME's input line does.
///
/// The state is the text already committed (kana, plus anything that was not romaji: kana and
/// kanji from the terminal's own IME, digits, or romaji that can never become kana, left visible
/// so the learner sees what they typed) and the romaji still pending (`k`, `sh`, `xts`). Input is
/// handled one character at a time with a pending buffer of at most four letters, so a
/// 10,000-character paste costs linear time. It is a value type: the answer field owns one.
import KuchiDeck

public struct RomajiComposer: Hashable, Sendable {
    /// Unit: one committed character; `isMacronLength` marks the second kana of ā/ō/…, which the
    /// reading judge accepts as any spelling of that long vowel (ō → おう or おお).
    package struct Unit: Hashable, Sendable {
        /// character: the committed character.
        package var character: Character
        /// isMacronLength: true for the kana a macron or circumflex added.
        package var isMacronLength = false
    }

    /// units: the committed characters, one per kana, so backspace removes one kana.
    private var units: [Unit] = []
    /// pendingRomaji: letters typed that do not make a kana yet (at most four).
    private var pendingRomaji = ""
    /// afterDoubleN: `nn` was just turned into ん; a vowel or y next starts a な-row kana with the
    /// second n (`konnichiha` → こんにちは), anything else simply follows the ん (`kannji` → かんじ).
    private var afterDoubleN = false

    /// init: an empty composer.
    public init() {}

    /// kana: the committed text (kana, and any romaji that could not become kana).
    public var kana: String { String(units.map(\.character)) }

    /// pending: the romaji typed so far that is not yet a kana (`k` of `ねk`).
    public var pending: String { pendingRomaji }

    /// display: what the answer field shows: committed text then pending romaji.
    public var display: String { kana + pendingRomaji }

    /// count: committed characters plus pending letters, in O(1), for the field's length cap.
    public var count: Int { units.count + pendingRomaji.count }

    /// isEmpty: nothing committed and nothing pending.
    public var isEmpty: Bool { units.isEmpty && pendingRomaji.isEmpty }

    /// finished: the answer when Enter is pressed: a trailing `n` becomes ん, any other leftover
    /// stays as romaji. With `markingMacrons`, a vowel lengthened by a macron or circumflex comes
    /// out as ー, which `ReadingJudge` reads as "this long vowel, however the reading spells it".
    public func finished(markingMacrons: Bool = false) -> String {
        var result = String(units.map { markingMacrons && $0.isMacronLength ? "ー" : $0.character })
        result += Self.finishing(pendingRomaji)
        return result
    }

    /// insert: types `text` (one key or a paste of any length). Control and invisible characters
    /// are dropped; uppercase is read as lowercase; kana, kanji and other text are taken as is.
    public mutating func insert(_ text: String) {
        for character in text {
            insert(character: character)
        }
    }

    /// backspace: removes the last pending romaji letter, or when none is pending, one kana.
    public mutating func backspace() {
        afterDoubleN = false
        if !pendingRomaji.isEmpty {
            pendingRomaji.removeLast()
        } else if !units.isEmpty {
            units.removeLast()
        }
    }

    /// deleteWord: Ctrl-W: removes the pending romaji if any, else the text back to the last
    /// space (kana answers rarely hold spaces, so usually all of it).
    public mutating func deleteWord() {
        afterDoubleN = false
        if !pendingRomaji.isEmpty {
            pendingRomaji = ""
            return
        }
        while units.last?.character == " " { units.removeLast() }
        while let last = units.last, last.character != " " { units.removeLast() }
    }

    /// clear: empties the composer (Ctrl-U, or a new question).
    public mutating func clear() {
        units = []
        pendingRomaji = ""
        afterDoubleN = false
    }

    // MARK: - Input

    /// longVowels: macron and circumflex vowels → (the vowel, the kana that lengthens it as a
    /// learner would type it). ō is おう, the common spelling; the judge also accepts おお.
    private static let longVowels: [Character: (vowel: Character, length: Character)] = [
        "ā": ("a", "あ"), "ī": ("i", "い"), "ū": ("u", "う"), "ē": ("e", "え"), "ō": ("o", "う"),
        "â": ("a", "あ"), "î": ("i", "い"), "û": ("u", "う"), "ê": ("e", "え"), "ô": ("o", "う"),
    ]

    /// insert(character:): one character of input, classified.
    private mutating func insert(character raw: Character) {
        guard let character = Self.cleaned(raw) else { return }
        if Self.isRomaji(character) {
            typeRomaji(character)
        } else if let long = Self.longVowels[character] {
            typeRomaji(long.vowel)
            flushPending()
            units.append(Unit(character: long.length, isMacronLength: true))
        } else {
            flushPending()
            units.append(Unit(character: character))
        }
    }

    /// cleaned: the character as the converter reads it: nil for control and invisible
    /// characters (a paste with newlines or escapes must not reach the answer), full-width
    /// ASCII folded to ASCII (an IME left in full-width mode), uppercase lowered.
    private static func cleaned(_ character: Character) -> Character? {
        guard let first = character.unicodeScalars.first else { return nil }
        if Script.controlCharacter(in: String(character)) != nil || Script.invisibleCharacter(in: String(character)) != nil {
            return nil
        }
        var scalar = first
        if character.unicodeScalars.count == 1, (0xFF01...0xFF5E).contains(first.value),
           let ascii = Unicode.Scalar(first.value - 0xFEE0) {
            scalar = ascii
        }
        let folded = character.unicodeScalars.count == 1 ? Character(scalar) : character
        if folded.isUppercase, let lower = folded.lowercased().first, folded.lowercased().count == 1 {
            return lower
        }
        return folded == "’" ? "'" : folded
    }

    /// isRomaji: letters and the two symbols the table knows (`'` after n, `-` for ー).
    private static func isRomaji(_ character: Character) -> Bool {
        switch character {
        case "a"..."z", "'", "-": character.unicodeScalars.count == 1
        default: false
        }
    }

    /// typeRomaji: adds one romaji character to the pending letters and commits what it completes.
    private mutating func typeRomaji(_ character: Character) {
        if afterDoubleN {
            afterDoubleN = false
            if character == "'" { return }
            if RomajiTable.vowels.contains(character) || character == "y" { pendingRomaji = "n" }
        }
        pendingRomaji.append(character)
        resolve()
    }

    /// doubling: consonants whose doubling is a small っ (kk, tt, ss, cch…); n and m are ん rules.
    private static let doubling: Set<Character> = ["b", "c", "d", "f", "g", "h", "j", "k", "p", "q", "r", "s", "t", "v", "w", "y", "z"]

    /// resolve: commits kana while the pending letters spell one, waits while they could still
    /// become one, and otherwise applies the rules for ん and っ or gives up on the first letter
    /// (it stays visible as romaji) and tries again with the rest.
    private mutating func resolve() {
        while !pendingRomaji.isEmpty {
            let isPrefix = RomajiTable.prefixes.contains(pendingRomaji)
            if let kana = RomajiTable.kana[pendingRomaji], !isPrefix {
                commit(kana)
                pendingRomaji = ""
                return
            }
            if isPrefix { return }
            let letters = Array(pendingRomaji)
            let first = letters[0]
            let second: Character? = letters.count > 1 ? letters[1] : nil
            switch (first, second) {
            case ("n", "n"):
                commit("ん")
                pendingRomaji.removeFirst(2)
                afterDoubleN = pendingRomaji.isEmpty
                continue
            case let ("n", next?) where next != "y":
                // n before a consonant is ん. (n before a vowel or y spells the な row; it reaches
                // here only as `ny` + a letter no spelling has, which stays romaji.)
                commit("ん")
            case ("m", "b"), ("m", "m"), ("m", "p"):
                // Traditional Hepburn writes ん before b, m and p as m (shimbun, sampo, ammari).
                commit("ん")
            case ("t", "c"):
                commit("っ")
            case let (letter, next?) where letter == next && Self.doubling.contains(letter):
                commit("っ")
            default:
                units.append(Unit(character: first))
            }
            pendingRomaji.removeFirst()
        }
    }

    /// flushPending: before non-romaji input: a pending n is ん, anything else stays romaji.
    private mutating func flushPending() {
        afterDoubleN = false
        for character in Self.finishing(pendingRomaji) {
            units.append(Unit(character: character))
        }
        pendingRomaji = ""
    }

    /// finishing: what pending letters become when no more letters follow.
    private static func finishing(_ pending: String) -> String {
        pending == "n" ? "ん" : pending
    }

    /// commit: appends kana, one unit per character.
    private mutating func commit(_ kana: String) {
        for character in kana {
            units.append(Unit(character: character))
        }
    }
}
