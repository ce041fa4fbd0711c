/// PartOfSpeech: the fixed list of a deck entry's `pos` values.
///
/// A fixed list rather than free text so feedback can word each one ("godan verb") and decks can
/// be checked; `scripts/verify-deck` maps JMdict's tags onto the same list.
public enum PartOfSpeech: String, CaseIterable, Codable, Hashable, Sendable {
    case noun
    case pronoun
    case godanVerb = "verb-godan"
    case ichidanVerb = "verb-ichidan"
    case irregularVerb = "verb-irregular"
    case iAdjective = "i-adjective"
    case naAdjective = "na-adjective"
    /// adnominal: a pre-noun word (連体詞) such as この or 大きな.
    case adnominal
    case adverb
    case conjunction
    case interjection
    case particle
    case counter
    case numeral
    case affix = "prefix/suffix"
    case expression

    /// label: how feedback names it, e.g. "godan verb".
    public var label: String {
        switch self {
        case .noun: "noun"
        case .pronoun: "pronoun"
        case .godanVerb: "godan verb"
        case .ichidanVerb: "ichidan verb"
        case .irregularVerb: "irregular verb"
        case .iAdjective: "i-adjective"
        case .naAdjective: "na-adjective"
        case .adnominal: "pre-noun adjectival"
        case .adverb: "adverb"
        case .conjunction: "conjunction"
        case .interjection: "interjection"
        case .particle: "particle"
        case .counter: "counter"
        case .numeral: "numeral"
        case .affix: "prefix or suffix"
        case .expression: "expression"
        }
    }
}
