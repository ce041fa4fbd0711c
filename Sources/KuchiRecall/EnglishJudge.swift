/// EnglishVerdict: how a typed English meaning compares with the word asked.
import KuchiDeck

public enum EnglishVerdict: Hashable, Sendable {
    /// exact: one of the accepted meanings, after normalisation.
    case exact
    /// almost: within the typo tolerance of `expected` (the deck's text): accepted, and the quiz
    /// says so ("almost — restaurant").
    case almost(expected: String)
    /// otherWord: exactly the meaning of another deck word, written `question`: not counted
    /// wrong; the learner tries again ("that's the meaning of 店 — try again").
    case otherWord(question: String)
    /// wrong: none of the above; also an empty answer.
    case wrong

    /// isAccepted: exact or almost: the answer counts as right (graded Good on a first try).
    public var isAccepted: Bool {
        switch self {
        case .exact, .almost: true
        case .otherWord, .wrong: false
        }
    }
}

/// EnglishJudge: decides whether a typed English meaning is right for a word.
///
/// Order matters: an exact match for the asked word wins; then the word's own romaji is wrong
/// (the hint shows it: "osake" for お酒 is not "sake" misspelt); then an exact match for another
/// word (so "horse" for 家 "house" is "that's 馬", not a typo of "house"); then, for a noun, the
/// plural or singular of a meaning that has no qualifier ("teeth" for "tooth" is right as typed;
/// "rights" for "right (side)" and "highs" for the adjective "high" are other words); then a near miss
/// within the tolerance of the normalised expected meaning's length, never on a number ("first
/// day of the month" is not almost "fifth day of the month"), and never when the typed words
/// that differ are themselves English words ("really" is not "reality" misspelt); else wrong.
public struct EnglishJudge: Sendable {
    /// index: the deck's meanings, for "that's the meaning of …".
    public let index: MeaningIndex
    /// words: English words, never read as a misspelling of another word.
    public let words: EnglishWords

    /// init: a judge for one deck; build it once, it is reused for every answer.
    public init(index: MeaningIndex = MeaningIndex(words: []), words: EnglishWords = .shared) {
        self.index = index
        self.words = words
    }

    /// judge: the verdict for `typed` when the asked word (written `question`, romanised
    /// `romaji`) accepts `accepted` (the deck's `answer` followed by its `also` meanings);
    /// `countable`: the word is a noun, whose meanings may be typed in the plural.
    public func judge(_ typed: String, accepted: [String], question: String, romaji: String? = nil,
                      countable: Bool = true) -> EnglishVerdict {
        let answer = EnglishMeaning.normalized(typed)
        if answer.isEmpty { return .wrong }
        let variants = EnglishMeaning.variants(of: accepted)
        // "a month" is "one month" as well as "month" (the article is dropped by normalising).
        // "my younger sister" is "younger sister": a possessive says whose, not what.
        let spellings = [answer] + [EnglishMeaning.countedAsOne(typed), EnglishMeaning.withoutPossessive(answer)].compactMap { $0 }
        if variants.contains(where: { spellings.contains($0.normalized) }) { return .exact }
        // An open, closed or hyphenated compound is the same word ("mailbox" for "mail box",
        // "post box" for "postbox"), never a near miss of it.
        let closedAnswer = EnglishMeaning.closed(answer)
        if closedAnswer.count > 3, variants.contains(where: { EnglishMeaning.closed($0.normalized) == closedAnswer }) { return .exact }
        if let romaji, RomajiMeaning.spells(answer, romaji: romaji) { return .wrong }
        if let other = index.questions(forNormalized: answer).first(where: { $0 != question }) {
            return .otherWord(question: other)
        }
        // A plural or singular of a noun's meaning ("eggs" for "egg", "shoe" for "shoes") is
        // right however short the word: after another word's exact meaning ("news" is ニュース).
        // Not through a qualifier, which picks one sense of the English word ("right (side)":
        // "rights" is another sense), nor for adjectives ("highs"): those go by the tolerance.
        if countable, variants.contains(where: { !$0.meaning.contains("(") && Self.isPluralForm(answer, of: $0.normalized, isWord: { words.contains($0) }) }) {
            return .exact
        }
        let typedLetters = Array(answer)
        let typedNumbers = EnglishNumber.numbers(in: answer)
        var best: (distance: Int, meaning: String)?
        for variant in variants where EnglishNumber.numbers(in: variant.normalized) == typedNumbers
            && !isOtherWord(answer, than: variant.normalized) {
            let expected = Array(variant.normalized)
            let limit = min(EditDistance.allowedEdits(forLength: expected.count), best.map { $0.distance - 1 } ?? .max)
            if let distance = EditDistance.within(typedLetters, expected, limit: limit) {
                best = (distance, variant.meaning)
            }
        }
        return best.map { .almost(expected: $0.meaning) } ?? .wrong
    }

    /// isPluralForm: `typed` is `meaning` with an English plural -s/-es added or taken away, or
    /// an irregular plural of its last word ("teeth" for "tooth"), never on a number; a regular
    /// ending on a noun whose plural is irregular is one only when `isWord` knows it ("persons",
    /// "fishes": yes; "tooths", "childs": no).
    package static func isPluralForm(_ typed: String, of meaning: String, isWord: (Substring) -> Bool = { _ in false }) -> Bool {
        guard typed.last?.isLetter == true, meaning.last?.isLetter == true else { return false }
        /// regular: `plural` is `singular` plus -s/-es, and the singular's plural is not irregular
        /// (or the regular one is a word too).
        func regular(_ plural: String, _ singular: String) -> Bool {
            guard plural == singular + "s" || plural == singular + "es" else { return false }
            let last = singular.split(separator: " ").last.map(String.init) ?? singular
            return irregularPlurals[last] == nil || plural.split(separator: " ").last.map(isWord) == true
        }
        if regular(typed, meaning) || regular(meaning, typed) { return true }
        var typedWords = typed.split(separator: " ")
        var meaningWords = meaning.split(separator: " ")
        guard typedWords.count == meaningWords.count, let typedLast = typedWords.popLast(), let meaningLast = meaningWords.popLast(),
              typedWords == meaningWords else { return false }
        return irregularPlurals[String(typedLast)] == String(meaningLast) || irregularPlurals[String(meaningLast)] == String(typedLast)
    }

    /// irregularPlurals: singular → plural for the nouns a beginner's deck names.
    package static let irregularPlurals: [String: String] = [
        "tooth": "teeth", "foot": "feet", "child": "children", "man": "men", "woman": "women", "person": "people",
        "mouse": "mice", "knife": "knives", "leaf": "leaves", "wife": "wives", "life": "lives", "fish": "fish",
        "sheep": "sheep", "goose": "geese", "potato": "potatoes", "tomato": "tomatoes",
    ]

    /// isOtherWord: the typed words that are not in `expected` include a real English word (one
    /// not a British/American spelling of the word it replaces), so the learner typed another
    /// word, not a misspelling: "to love" is not "to live", "month" not "mouth".
    package func isOtherWord(_ typed: String, than expected: String) -> Bool {
        let typedWords = typed.split(separator: " ")
        let expectedWords = expected.split(separator: " ")
        for (position, word) in typedWords.enumerated() where !expectedWords.contains(word) {
            guard word.allSatisfy(\.isLetter), words.contains(word) else { continue }
            if typedWords.count == expectedWords.count,
               EnglishMeaning.sameSpelling(String(word), String(expectedWords[position])) { continue }
            return true
        }
        return false
    }

    /// judge(_:for:also:): the verdict for `typed` against a deck word and its `also` meanings.
    public func judge(_ typed: String, for challenge: Challenge, also: [String] = []) -> EnglishVerdict {
        judge(typed, accepted: [challenge.answer] + also, question: challenge.question, romaji: challenge.pronunciation,
              countable: challenge.pos.map { [.noun, .pronoun].contains($0) } ?? true)
    }
}
