import Foundation
import KuchiDeck

/// ReadingVerdict: how a typed Japanese answer compares with the word asked.
public enum ReadingVerdict: Hashable, Sendable {
    /// right: the kana spell the word's reading.
    case right
    /// writtenForm: the word's exact written form (kanji) was typed or pasted.
    case writtenForm
    /// wrong: neither; also an empty answer.
    case wrong

    /// isAccepted: right either way.
    public var isAccepted: Bool { self != .wrong }
}

/// ReadingJudge: decides whether a typed Japanese answer is right for a word (reading and
/// English → Japanese directions).
///
/// Right when the kana spell one of the word's accepted spellings (`AcceptedReadings`: every
/// listed reading, and the romaji the hint shows, which says how particles sound: こんにちは is
/// typed *konnichiwa*) with hiragana and katakana counted equal, when a long vowel is spelled
/// another accepted way (コーヒー = こうひい = こおひい; ō matches おう or おお), or when the exact
/// written form is typed through the terminal's IME or pasted. Romaji left in the answer is
/// converted first, so a raw `tōkyō` is judged like the composer's output.
public enum ReadingJudge {
    /// judge: the verdict for `typed` against a word written `question` and read `reading`
    /// (nil when the word is written in kana only; then `question` is the reading), with its
    /// other standard `readings` and its romaji `pronunciation`, if known.
    public static func judge(_ typed: String, question: String, reading: String?, readings: [String] = [],
                             pronunciation: String? = nil) -> ReadingVerdict {
        let trimmed = typed.trimmingSpaces()
        if trimmed.isEmpty { return .wrong }
        var composer = RomajiComposer()
        composer.insert(trimmed)
        let answer = AcceptedReadings.folded(composer.finished(markingMacrons: true))
        let accepted = AcceptedReadings(question: question, reading: reading, readings: readings, pronunciation: pronunciation)
        if !answer.isEmpty && accepted.spellings.contains(where: { spellsSame(answer, $0) }) { return .right }
        if Script.containsKanji(question) && composer.finished() == question.trimmingSpaces() {
            return .writtenForm
        }
        return .wrong
    }

    /// judge(_:for:): the verdict for `typed` against a deck word.
    public static func judge(_ typed: String, for challenge: Challenge) -> ReadingVerdict {
        judge(typed, question: challenge.question, reading: challenge.reading, readings: challenge.readings,
              pronunciation: challenge.pronunciation)
    }

    /// spellsAs: whether `typed` is `text` as written: its kana (script and long vowels as
    /// `spellsSame` reads them) or, for text with kanji, the same characters (多分, 出来る).
    public static func spellsAs(_ typed: String, _ text: String) -> Bool {
        if Script.containsKanji(text) {
            var composer = RomajiComposer()
            composer.insert(typed.trimmingSpaces())
            return composer.finished() == text.trimmingSpaces()
        }
        return judge(typed, question: text, reading: nil) == .right
    }

    /// spellsSame: kana-by-kana equality where a typed ー (a macron) matches any spelling of the
    /// long vowel the reading has there (ō is おう or おお), and a ー in the reading (katakana)
    /// matches only the vowel repeated (コーヒー is *koohii*, not *kouhii*). Vowels typed out are
    /// judged as typed: *ou* for おお is a spelling mistake.
    package static func spellsSame(_ typed: [Character], _ reading: [Character]) -> Bool {
        guard typed.count == reading.count else { return false }
        var vowel: Character?
        for (typedKana, readingKana) in zip(typed, reading) {
            if typedKana != readingKana {
                guard let current = vowel else { return false }
                let matches = (typedKana == Kana.longVowelMark && Kana.lengthens(readingKana, vowel: current))
                    || (readingKana == Kana.longVowelMark && Kana.repeats(typedKana, vowel: current))
                if !matches { return false }
            }
            // A long vowel keeps the vowel it lengthens (ーー); any other kana sets its own.
            if typedKana != Kana.longVowelMark && readingKana != Kana.longVowelMark {
                vowel = Kana.vowel(of: readingKana)
            }
        }
        return true
    }
}
