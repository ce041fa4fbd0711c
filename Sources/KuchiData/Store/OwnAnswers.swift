import Foundation
import KuchiDeck
import KuchiRecall

/// OwnAnswers: the learner's own accepted answers ("I was right") — the form they are kept in,
/// how a typed answer is compared with them, and how they are shown.
///
/// An answer is kept as the judge compares it, so answers the judge treats as one are one entry
/// (on every machine, since the kept text is the row's key): English through
/// `EnglishMeaning.normalized` ("That  Is Right " and "that is right." are "that is right"),
/// Japanese as the judge reads the answer field — romaji left over composed, katakana folded to
/// hiragana, a macron's long vowel kept as ー. That ー means what it meant when typed: this long
/// vowel however it is spelt (*kōkō* kept accepts こうこう, *koukou*, *kookoo*), while a vowel
/// the learner spelt out stays spelt (*koukou* kept does not accept *kookoo*, as the judge's
/// long-vowel rule says of a reading).
public enum OwnAnswers {
    /// key: one card's key (its word and direction).
    public static func key(word: String, direction: StudyDirection) -> String {
        word + "\u{1F}" + direction.rawValue
    }

    /// byCard: kept answers grouped by card key.
    public static func byCard(_ answers: [OwnAnswer]) -> [String: [String]] {
        Dictionary(grouping: answers, by: { key(word: $0.word, direction: $0.direction) }).mapValues { $0.map(\.answer) }
    }

    /// kept: `submission` (a `TypedAnswer.submission`) in the form it is kept in for a card
    /// asked in `direction`.
    public static func kept(_ submission: String, direction: StudyDirection) -> String {
        switch direction {
        case .japaneseToEnglish, .listening: englishKey(submission)
        case .englishToJapanese, .reading: String(kana(submission))
        }
    }

    /// accepts: whether `submission` is the kept answer `kept` (in any form it was ever stored
    /// in: rows kept verbatim before answers were normalised compare the same way).
    public static func accepts(_ submission: String, kept: String, direction: StudyDirection) -> Bool {
        switch direction {
        case .japaneseToEnglish, .listening:
            let typed = englishKey(submission)
            return !typed.isEmpty && typed == englishKey(kept)
        case .englishToJapanese, .reading:
            let typed = kana(submission)
            let own = kana(kept)
            guard !typed.isEmpty, !own.isEmpty else { return false }
            if Script.containsKanji(String(typed)) || Script.containsKanji(String(own)) { return folded(typed) == folded(own) }
            // ん before a vowel or y may be typed several ways (kin'youbi, kinnyoubi), on either side.
            return AcceptedReadings.nasalVariants(folded(own)).contains { sameLongVowels(folded(typed), $0) }
                || AcceptedReadings.nasalVariants(folded(typed)).contains { sameLongVowels($0, folded(own)) }
        }
    }

    /// shown: a kept answer as the learner saw it in the answer field: a macron's ー after
    /// hiragana is the kana the field showed for it (ō as う, ā as あ: こうこう, not こーこー).
    public static func shown(_ kept: String, direction: StudyDirection) -> String {
        guard direction == .englishToJapanese || direction == .reading else { return kept }
        var result = ""
        var vowel: Character?
        for character in kept {
            if character == Kana.longVowelMark, let current = vowel, let length = fieldLength[current] {
                result.append(length)
                continue
            }
            vowel = Kana.vowel(of: character)
            result.append(character)
        }
        return result
    }

    /// englishKey: the judge's normal form; an answer with no letter or digit (which that form
    /// empties) keeps its own text, lowercased with spaces collapsed, so it is still one entry.
    package static func englishKey(_ text: String) -> String {
        let normalized = EnglishMeaning.normalized(text)
        guard normalized.isEmpty else { return normalized }
        return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// kana: a Japanese answer as the judge reads it: composed again (a raw *kōkō* from the
    /// command line is こーこー, as the field gives it), katakana as hiragana, spaces removed.
    package static func kana(_ text: String) -> [Character] {
        var composer = RomajiComposer()
        composer.insert(text.trimmingSpaces())
        return Kana.comparable(composer.finished(markingMacrons: true))
    }

    /// folded: kana that sound alike made one (ぢ/じ, づ/ず, を/お), as the judge hears them.
    private static func folded(_ kana: [Character]) -> [Character] {
        AcceptedReadings.folded(String(kana))
    }

    /// sameLongVowels: kana by kana equal, except that a ー on either side (a macron as typed)
    /// matches any spelling of the long vowel on the other (ō: おう or おお), as the judge
    /// matches a typed macron; long vowels spelt out on both sides must be spelt alike.
    package static func sameLongVowels(_ typed: [Character], _ own: [Character]) -> Bool {
        guard typed.count == own.count else { return false }
        var vowel: Character?
        for (typedKana, ownKana) in zip(typed, own) {
            if typedKana != ownKana {
                guard let current = vowel else { return false }
                let matches = (typedKana == Kana.longVowelMark && Kana.lengthens(ownKana, vowel: current))
                    || (ownKana == Kana.longVowelMark && Kana.lengthens(typedKana, vowel: current))
                if !matches { return false }
            }
            // A long vowel keeps the vowel it lengthens; any other kana sets its own.
            if typedKana != Kana.longVowelMark && ownKana != Kana.longVowelMark { vowel = Kana.vowel(of: ownKana) }
        }
        return true
    }

    /// fieldLength: the kana the answer field shows for a macron on each vowel (as the composer
    /// types it: ō is おう, the common spelling).
    private static let fieldLength: [Character: Character] = ["a": "あ", "i": "い", "u": "う", "e": "え", "o": "う"]
}
