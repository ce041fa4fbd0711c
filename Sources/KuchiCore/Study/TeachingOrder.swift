import Foundation
import KuchiDeck

/// TeachingOrder: in which order new words are introduced, and which words must not be
/// introduced on the same study day.
///
/// Lessons (the bundled deck): a few words of one category at a time, the most common first,
/// the categories taking turns in the order the deck first lists them. "Common" is read from
/// the deck's own data: the JLPT level first (N5 before N4 …; a word without a level last),
/// then the shorter reading (shorter words are the frequent ones — Zipf's law of
/// abbreviation), then the deck's order. An imported deck keeps its file order.
///
/// Partners (every deck): two words that share a reading (the kana, ignoring the voicing marks,
/// so あける and あげる), a kanji and the reading's first kana (開く and 開ける), an accepted
/// meaning (as the look-alike key compares them), a `confusable` link or a `contrast` partner
/// (transitive/intransitive, lend/borrow, older/younger: the deck's contrast field) are never introduced
/// on the same study day: they are the words a learner mixes up when met together.
public enum TeachingOrder {
    /// lessonSize: words of one category in a row.
    public static let lessonSize = 5

    /// lessons: the deck positions in teaching order (see the type's note). A level is taught
    /// whole before the next (every N5 word before the first N4 word): with the categories taking
    /// turns across levels, a category only N4 has would start on the first day.
    public static func lessons(of deck: Deck) -> [Int] {
        var byLevel: [Int: [Int]] = [:]
        for (position, challenge) in deck.challenges.enumerated() {
            byLevel[challenge.level ?? 0, default: []].append(position)
        }
        return byLevel.keys.sorted(by: >).flatMap { lessons(of: deck, positions: byLevel[$0] ?? []) }
    }

    /// lessons(of:positions:): these positions of the deck in lessons, the categories taking turns
    /// in the order the deck first lists them.
    static func lessons(of deck: Deck, positions: [Int]) -> [Int] {
        var byCategory: [String: [Int]] = [:]
        var categories: [String] = []
        for position in positions {
            let category = deck.challenges[position].category ?? ""
            if byCategory[category] == nil { categories.append(category) }
            byCategory[category, default: []].append(position)
        }
        var queues = categories.map { category in
            (byCategory[category] ?? []).sorted { commonness(deck.challenges[$0], $0) < commonness(deck.challenges[$1], $1) }
        }
        var order: [Int] = []
        order.reserveCapacity(positions.count)
        while order.count < positions.count {
            for index in queues.indices where !queues[index].isEmpty {
                // A lesson never holds two partners: a partner waits for the category's next lesson.
                var lesson: [Int] = []
                var keys: Set<String> = []
                var waiting: [Int] = []
                for position in queues[index] {
                    let own = partnerKeys(of: deck.challenges[position])
                    if lesson.count < lessonSize, own.allSatisfy({ !keys.contains($0) }) {
                        lesson.append(position)
                        keys.formUnion(own)
                    } else {
                        waiting.append(position)
                    }
                }
                if lesson.isEmpty, let first = waiting.first {
                    lesson = [first]
                    waiting.removeFirst()
                }
                order.append(contentsOf: lesson)
                queues[index] = waiting
            }
        }
        return order
    }

    /// commonness: the sort key of "most common first" (smaller sorts first).
    static func commonness(_ challenge: Challenge, _ position: Int) -> (Int, Int, Int) {
        (-(challenge.level ?? 0), (challenge.reading ?? challenge.question).count, position)
    }

    /// partnerKeys: the keys two words share when they must not be introduced on the same day.
    public static func partnerKeys(of challenge: Challenge) -> [String] {
        var keys: [String] = []
        let readings = [challenge.reading ?? challenge.question] + challenge.readings
        for reading in readings {
            keys.append("r:" + unvoiced(reading))
        }
        let firstKana = (challenge.reading ?? challenge.question).first.map(String.init) ?? ""
        for character in challenge.question where Script.containsKanji(String(character)) {
            keys.append("k:\(character)\(firstKana)")
        }
        for meaning in [challenge.answer] + challenge.also {
            keys.append("m:" + Lookalike.key(meaning))
        }
        // A `confusable` link or a contrast partner (開く/開ける, 貸す/借りる) names the other
        // word's question; both words carry their own question, so the link holds either way.
        for question in [challenge.question] + challenge.confusable + challenge.contrast {
            keys.append("c:" + question)
        }
        return keys
    }

    /// unvoiced: kana with the voicing marks taken off (が → か, ぱ → は).
    static func unvoiced(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where scalar.value != 0x3099 && scalar.value != 0x309A {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
