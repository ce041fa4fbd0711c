/// PitchAccent: a word's Tokyo pitch accent, as accent phrases: each phrase's length in morae and
/// its accent (the mora after which the pitch falls, 0 for a phrase that never falls).
///
/// Most words are one phrase; a set expression said as two (どう・いたしまして) keeps both, so
/// its pitch line is drawn as it is said. `accent` is the number the issue and dictionaries use.
public struct PitchAccent: Hashable, Sendable {
    /// Phrase: one accent phrase.
    public struct Phrase: Hashable, Sendable {
        public let morae: Int
        public let accent: Int

        /// init: a phrase of `morae` morae falling after mora `accent` (0: flat).
        public init(morae: Int, accent: Int) {
            self.morae = morae
            self.accent = accent
        }
    }

    /// phrases: the word's accent phrases, in order.
    public let phrases: [Phrase]

    /// init: an accent from its phrases.
    public init(phrases: [Phrase]) {
        self.phrases = phrases
    }

    /// init: a one-phrase word of `morae` morae falling after mora `accent`.
    public init(accent: Int, morae: Int) {
        phrases = [Phrase(morae: morae, accent: accent)]
    }

    /// accent: where the pitch first falls, counted in morae over the whole word; 0 if never.
    public var accent: Int {
        var offset = 0
        for phrase in phrases {
            if phrase.accent > 0 { return offset + phrase.accent }
            offset += phrase.morae
        }
        return 0
    }

    /// Pitch: a mora's pitch.
    public enum Pitch: Hashable, Sendable {
        case low, high
    }

    /// pitches: each mora's pitch by the Tokyo rules, then the pitch of a particle after the word
    /// (which is what tells 橋 (2: low high, particle low) from 端 (0: low high, particle high)).
    /// In a phrase the first mora is low unless the accent is 1; morae up to the accent are high,
    /// the rest low; a flat phrase stays high to its end.
    public var pitches: (morae: [Pitch], particle: Pitch) {
        var result: [Pitch] = []
        var particle = Pitch.high
        for phrase in phrases where phrase.morae > 0 {
            for index in 1...phrase.morae {
                let high: Bool = switch phrase.accent {
                case 0: index > 1
                case 1: index == 1
                default: index > 1 && index <= phrase.accent
                }
                result.append(high ? .high : .low)
            }
            particle = phrase.accent == 0 ? .high : .low
        }
        return (result, particle)
    }
}

/// Mora: splitting kana into morae, the unit pitch accent counts in.
public enum Mora {
    /// small: kana that join the one before them into one mora (きゃ, ファ); っ, ん and ー count.
    package static let small: Set<Character> = ["ゃ", "ゅ", "ょ", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "ゎ", "ャ", "ュ", "ョ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ヮ"]

    /// split: `kana` as morae (きょう → きょ, う).
    public static func split(_ kana: String) -> [String] {
        var morae: [String] = []
        for character in kana {
            if small.contains(character), let last = morae.popLast() {
                morae.append(last + String(character))
            } else {
                morae.append(String(character))
            }
        }
        return morae
    }
}
