import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck

/// DeckFuzzTests: `Deck.decode` on random JSON, random token soup and random mutations of a valid
/// deck never crashes, and its answer always obeys the deck rules: a deck that keeps every
/// invariant, or a DeckError whose problems point at entries that exist and print on one line.
///
/// Bounded for CI (about a second each); `KUCHI_FUZZ_ITERATIONS=N` runs longer and
/// `KUCHI_FUZZ_SEED=S` replays a run. Each failure names the seed of its input.
@Suite("Deck fuzz")
struct DeckFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["KUCHI_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 1_200
    static let baseSeed = environment["KUCHI_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x6B75_6368_69

    @Test("random JSON values and token soup: no crash, and the outcome obeys the deck rules")
    func randomJSON() {
        run("random JSON") { random in
            random.chance(0.3) ? TokenSoup.make(&random) : RandomJSON.data(RandomJSON.value(&random, depth: 0, deckLike: true))
        }
    }

    @Test("mutations of a valid deck (fields, types, unicode, bytes): no crash, the outcome obeys the deck rules")
    func mutatedDecks() {
        run("mutated deck") { random in Mutator.mutate(Mutator.validDeck, &random) }
    }

    /// run: decodes `iterations` generated inputs and checks each outcome.
    func run(_ label: String, _ generate: (inout SeededGenerator) -> Data) {
        let start = ContinuousClock.now
        var accepted = 0
        var failures = 0
        for iteration in 0..<Self.iterations {
            let seed = Self.baseSeed &+ UInt64(iteration)
            var random = SeededGenerator(seed: seed)
            let data = generate(&random)
            let violations = DeckInvariants.check(data)
            if violations.accepted { accepted += 1 }
            if !violations.messages.isEmpty, failures < 5 {
                failures += 1
                let preview = String(decoding: data.prefix(300), as: UTF8.self).debugDescription
                Issue.record("\(label), seed \(seed): \(violations.messages.joined(separator: "; ")) — input \(preview)")
            }
        }
        let seconds = (ContinuousClock.now - start).timeInterval
        print("fuzz: \(Self.iterations) inputs (\(label): \(accepted) accepted, \(Self.iterations - accepted) refused)"
              + " in \(String(format: "%.2f", seconds)) s, seeds from \(Self.baseSeed)")
    }
}

extension Duration {
    var timeInterval: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// DeckInvariants: what any outcome of `Deck.decode` must satisfy.
enum DeckInvariants {
    static func check(_ data: Data) -> (accepted: Bool, messages: [String]) {
        do {
            return (true, check(try Deck.decode(data)))
        } catch {
            return (false, check(error, entries: entryCount(data)))
        }
    }

    static func check(_ deck: Deck) -> [String] {
        var messages: [String] = []
        if deck.challenges.count < Deck.minimumEntries { messages.append("accepted with \(deck.challenges.count) entries") }
        if Set(deck.challenges.map(\.question)).count != deck.challenges.count { messages.append("duplicate questions") }
        if Set(deck.challenges.map { $0.answer.lowercased() }).count != deck.challenges.count { messages.append("duplicate answers") }
        for (index, challenge) in deck.challenges.enumerated() {
            let fields = [challenge.question, challenge.pronunciation, challenge.answer] + [challenge.reading, challenge.category].compactMap { $0 }
            for field in fields where field.isEmpty || field != field.trimmingCharacters(in: .whitespacesAndNewlines) {
                messages.append("entry \(index + 1) has an empty or untrimmed field \(field.debugDescription)")
            }
            for field in fields where Script.controlCharacter(in: field) != nil {
                messages.append("entry \(index + 1) has a control character in \(field.debugDescription)")
            }
            if Script.invisibleCharacter(in: challenge.answer) != nil { messages.append("entry \(index + 1) has an invisible answer") }
            if Script.containsKanji(challenge.question), challenge.reading == nil { messages.append("entry \(index + 1) lacks a reading") }
            if let reading = challenge.reading, !Script.isKana(reading) { messages.append("entry \(index + 1) reading is not kana") }
        }
        return messages
    }

    static func check(_ error: DeckError, entries: Int) -> [String] {
        var messages: [String] = []
        if error.problems.isEmpty { messages.append("refused without a problem") }
        for problem in error.problems {
            if let entry = problem.entry, !(1...max(entries, 1)).contains(entry) || entries == 0 {
                messages.append("problem at entry \(entry) of \(entries): \(problem)")
            }
            if problem.description.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                messages.append("a problem would print a control character: \(problem.description.debugDescription)")
            }
        }
        return messages
    }

    /// entryCount: how many entries the input's `challenges` array has (0 when there is none).
    /// JSONDecoder is asked too: it takes raw control characters inside strings, which
    /// JSONSerialization refuses, and either may be the one `Deck.decode` uses.
    static func entryCount(_ data: Data) -> Int {
        let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return ((json as? [String: Any])?["challenges"] as? [Any])?.count ?? (try? JSONDecoder().decode(EntryCount.self, from: data))?.count ?? 0
    }

    struct EntryCount: Decodable {
        enum Key: CodingKey { case challenges }
        let count: Int

        init(from decoder: any Decoder) throws {
            count = try decoder.container(keyedBy: Key.self).nestedUnkeyedContainer(forKey: .challenges).count ?? 0
        }
    }
}

extension SeededGenerator {
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int.random(in: 0..<bound, using: &self) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// RandomJSON: JSON values built from random types, strings from hostile parts of Unicode.
enum RandomJSON {
    static let keys = ["title", "attribution", "challenges", "question", "reading", "pronunciation", "answer", "category", "extra"]

    static func value(_ random: inout SeededGenerator, depth: Int, deckLike: Bool = false) -> Any {
        if deckLike && random.chance(0.6) {
            let clean = random.chance(0.4)
            let entries = (0..<random.below(8)).map { _ in clean && random.chance(0.9) ? cleanEntry(&random) : entry(&random, depth: depth + 1) }
            var deck: [String: Any] = ["challenges": entries]
            if random.chance(0.5) { deck["title"] = value(&random, depth: depth + 1) }
            return deck
        }
        switch random.below(depth > 3 ? 5 : 7) {
        case 0: return NSNull()
        case 1: return random.chance(0.5)
        case 2: return random.pick([0, -1, 1e308, -0.0, 3.25, Double(Int.max), Double(Int.min)] as [Double])
        case 3, 4: return string(&random)
        case 5: return (0..<random.below(5)).map { _ in value(&random, depth: depth + 1) }
        default:
            var object: [String: Any] = [:]
            for _ in 0..<random.below(5) { object[random.pick(keys)] = value(&random, depth: depth + 1) }
            return object
        }
    }

    /// entry: mostly a string per field, sometimes another type or a missing field.
    static func entry(_ random: inout SeededGenerator, depth: Int) -> Any {
        if random.chance(0.1) { return value(&random, depth: depth) }
        var object: [String: Any] = [:]
        for key in ["question", "reading", "pronunciation", "answer", "category"] where random.chance(0.85) {
            object[key] = random.chance(0.8) ? (random.chance(0.6) ? plain(&random) : string(&random)) : value(&random, depth: depth + 1)
        }
        return object
    }

    /// string: 0–12 scalars from ranges chosen to upset validators and terminals.
    static func string(_ random: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.below(13) { scalars.append(scalar(&random)) }
        return String(scalars)
    }

    /// cleanEntry: an entry that is valid on its own (its answer may still clash with another).
    static func cleanEntry(_ random: inout SeededGenerator) -> Any {
        ["question": plain(&random, kana: true), "pronunciation": plain(&random, kana: false), "answer": plain(&random, kana: false)]
    }

    /// plain: a short lower-case or hiragana word, so that some random decks are valid.
    static func plain(_ random: inout SeededGenerator, kana: Bool? = nil) -> String {
        let range: ClosedRange<UInt32> = kana ?? random.chance(0.5) ? 0x3041...0x3093 : 0x61...0x7A
        return String(String.UnicodeScalarView((0..<(1 + random.below(6))).compactMap { _ in
            Unicode.Scalar(UInt32.random(in: range, using: &random))
        }))
    }

    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x7F...0x9F,  // ASCII, C0 and C1 controls
        0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x4E80, 0x3005...0x3005,  // kana, kanji, 々
        0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF...0xFEFF,  // zero-width, bidi
        0x0300...0x036F, 0x1F300...0x1F64F, 0x0590...0x06FF, 0x3000...0x3000,  // marks, emoji, RTL scripts, ideographic space
        0x0000...0xD7FF, 0xE000...0x10FFFF,  // anything but surrogates
    ]

    static func scalar(_ random: inout SeededGenerator) -> Unicode.Scalar {
        let range = random.pick(ranges)
        return Unicode.Scalar(UInt32.random(in: range, using: &random)) ?? "?"
    }

    static func data(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data("null".utf8)
    }
}

/// TokenSoup: JSON-ish text from tokens, including escapes JSON allows but Unicode does not
/// (lone surrogates), huge numbers and unbalanced brackets.
enum TokenSoup {
    static let tokens = [
        "{", "}", "[", "]", ":", ",", "\"challenges\"", "\"question\"", "\"answer\"", "\"reading\"", "\"pronunciation\"",
        "\"title\"", "null", "true", "false", "0", "-", "1e999", "-1e-999", "123456789012345678901234567890", "\"\\ud800\"",
        "\"\\udc00x\"", "\"\\u0000\"", "\"\\u001b[2J\"", "\"\\u202e\"", "\"猫\"", "\"ねこ\"", "\"a\\\"b\"", "\"\\x\"", "\"", " ", "\n",
    ]

    static func make(_ random: inout SeededGenerator) -> Data {
        var text = random.chance(0.7) ? "{\"challenges\":[" : ""
        for _ in 0..<random.below(40) { text += random.pick(tokens) }
        return Data(text.utf8)
    }
}

/// Mutator: a valid deck damaged at the value level, then sometimes at the byte level.
enum Mutator {
    static var validDeck: [String: Any] { [
        "title": "Fuzz deck",
        "challenges": [
            DeckJSON.entry("猫", "neko", "cat", reading: "ねこ", category: "Animals"),
            DeckJSON.entry("犬", "inu", "dog", reading: "いぬ", category: "Animals"),
            DeckJSON.entry("はい", "hai", "yes"),
            DeckJSON.entry("いいえ", "iie", "no"),
            DeckJSON.entry("コーヒー", "kōhī", "coffee", category: "Food"),
        ],
    ] }

    static func mutate(_ deck: [String: Any], _ random: inout SeededGenerator) -> Data {
        var deck = deck
        var entries = deck["challenges"] as? [Any] ?? []
        for _ in 0..<(1 + random.below(4)) {
            let index = random.below(entries.count)
            switch random.below(7) {
            case 0 where !entries.isEmpty: entries.remove(at: index)
            case 1 where !entries.isEmpty: entries.append(entries[index])  // a duplicate entry
            case 2: entries.insert(RandomJSON.entry(&random, depth: 1), at: min(index, entries.count))
            case 3: deck[random.pick(RandomJSON.keys)] = RandomJSON.value(&random, depth: 1)
            default:
                guard var entry = entries.isEmpty ? nil : entries[index] as? [String: Any] else { continue }
                let key = random.pick(["question", "reading", "pronunciation", "answer", "category"])
                switch random.below(4) {
                case 0: entry[key] = nil
                case 1: entry[key] = RandomJSON.value(&random, depth: 2)
                case 2: entry[key] = ((entry[key] as? String) ?? "") + RandomJSON.string(&random)
                default: entry[key] = (entries.randomElement(using: &random) as? [String: Any])?[key] ?? "x"  // a clash
                }
                entries[index] = entry
            }
        }
        deck["challenges"] = entries
        var bytes = [UInt8](RandomJSON.data(deck))
        if random.chance(0.35), !bytes.isEmpty {
            let position = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes.removeSubrange(position...)  // truncated
            case 1: bytes[position] ^= UInt8(1 << random.below(8))  // a flipped bit
            case 2: bytes[position] = UInt8(random.below(256))
            default: bytes.insert(contentsOf: [0xFF, 0xC3, 0x28, 0xE3, 0x81], at: position)  // invalid UTF-8
            }
        }
        return Data(bytes)
    }
}
