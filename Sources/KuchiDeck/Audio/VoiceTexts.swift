import Foundation
import KuchiBase

/// VoiceTexts: the text Open JTalk is given for each bundled word (`voice.json`, made and checked
/// by `scripts/make-voice`), so its dictionary picks the deck's word, reading and accent.
///
/// Bare hiragana is what made the voice wrong (issue 37): Open JTalk read はは as two particles
/// (ワワ) and あらう as あらー, and gave 橋 and 箸 one sound. The written form makes the dictionary
/// pick the word where it reads it as the deck does; else the reading in katakana; a noun whose
/// accent falls on its last mora is said with が, the only way that fall is heard. A word the
/// file does not have (an imported deck's) is said from its reading in katakana.
public struct VoiceTexts: Sendable {
    /// textsByKey: "question\treading" → text.
    private let textsByKey: [String: String]
    /// otherAccent: the keys of the words no text makes Open JTalk say with the accent the card
    /// shows (`unsayable` in voice.json), with why.
    private let otherAccent: [String: String]

    /// init: texts by (question, reading); the reading is the question for a kana word.
    /// `unsayable` names the words said with another accent than the card's, and why.
    public init(_ entries: [(question: String, reading: String, text: String)], unsayable: [(question: String, reading: String, why: String)] = []) {
        textsByKey = Dictionary(entries.map { ($0.question + "\t" + $0.reading, $0.text) }, uniquingKeysWith: { first, _ in first })
        otherAccent = Dictionary(unsayable.map { ($0.question + "\t" + $0.reading, $0.why) }, uniquingKeysWith: { first, _ in first })
    }

    /// accentDiffers: why the voice says `challenge` with another accent than its pitch line
    /// shows (Open JTalk 1.10's dictionary has no way to say it so), nil when it says the shown one.
    public func accentDiffers(for challenge: Challenge) -> String? {
        otherAccent[challenge.question + "\t" + (challenge.reading ?? challenge.question)]
    }

    /// text: what Open JTalk is given for `challenge`.
    public func text(for challenge: Challenge) -> String {
        let reading = challenge.reading ?? challenge.question
        return textsByKey[challenge.question + "\t" + reading] ?? Self.katakana(reading)
    }

    /// katakana: hiragana as katakana (everything else kept): Open JTalk reads a katakana word
    /// as one word, never as particles.
    package static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (0x3041...0x3096).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x60) ?? scalar : scalar
        }))
    }

    /// empty: no texts (the file is missing).
    public static let empty = VoiceTexts([])

    /// bundled: the texts shipped beside the bundled deck, read on first use.
    public static let bundled: VoiceTexts = {
        guard let deck = BundledDeckLocation.url() else { return .empty }
        return load(from: deck.deletingLastPathComponent().appendingPathComponent("voice.json"))
    }()

    /// load: the texts in `file`; a missing or damaged file gives none.
    public static func load(from file: URL) -> VoiceTexts {
        guard let data = try? BoundedFile.contents(of: file, limit: 4 * 1_048_576),
              let decoded = try? JSONDecoder().decode(VoiceFile.self, from: data) else { return .empty }
        return VoiceTexts(decoded.entries.map { ($0.question, $0.reading ?? $0.question, $0.text) },
                          unsayable: decoded.entries.compactMap { entry in entry.unsayable.map { (entry.question, entry.reading ?? entry.question, $0) } })
    }
}

/// VoiceFile: voice.json as scripts/make-voice writes it.
private struct VoiceFile: Decodable {
    struct Entry: Decodable {
        package let question: String
        package let reading: String?
        package let text: String
        package let unsayable: String?
    }

    let entries: [Entry]
}
