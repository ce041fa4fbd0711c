import Foundation

/// ImportedDeck: the JSON of an imported deck, proven playable by decoding it with `Deck`'s own
/// loader — so every deck `kuchi import` writes is one `kuchi check-deck` accepts.
public struct ImportedDeck: Sendable {
    /// data: the deck file's bytes (the bundled deck's layout: one entry per line).
    public let data: Data
    /// deck: the validated deck `data` decodes to.
    public let deck: Deck
    /// skipped: every source entry left out, with its reason.
    public let skipped: [SkippedEntry]
    /// notices: things the learner should know once (media not imported…).
    public let notices: [String]

    /// build: encodes the builder's entries and validates them; an entry the validator still
    /// refuses is moved to `skipped` with the validator's reason and the rest tried again.
    package static func build(title: String, attribution: String, builder: EntryBuilder, notices: [String]) throws(ImportError) -> ImportedDeck {
        var builder = builder
        // Each round removes at least one entry or ends, so this terminates; in practice the
        // builder's own checks leave nothing for a second round.
        while true {
            let data = encode(title: title, attribution: attribution, entries: builder.entries)
            do throws(DeckError) {
                let deck = try Deck.decode(data, source: title)
                return ImportedDeck(data: data, deck: deck, skipped: builder.skipped, notices: notices)
            } catch {
                let refused = Dictionary(grouping: error.problems.compactMap { problem in problem.entry.map { ($0 - 1, problem) } }, by: \.0)
                guard !refused.isEmpty else {
                    let count = builder.entries.count
                    let reason = count == 0 ? "no entry could be imported."
                        : "only \(count) \(count == 1 ? "entry" : "entries") could be imported; a deck needs at least \(Deck.minimumEntries)."
                    throw ImportError(.content, reason, skipped: builder.skipped)
                }
                for index in refused.keys.sorted(by: >) where index < builder.entries.count {
                    // The validator's advice to mark entries confusable is for deck authors; an
                    // import cannot take it (and marks shared meanings itself).
                    let reasons = (refused[index] ?? []).map { problem in
                        [problem.1.field, problem.1.message.replacingOccurrences(of: "; mark the two confusable if they share it", with: "")]
                            .compactMap { $0 }.joined(separator: " ")
                    }
                    builder.remove(at: index, reason: reasons.joined(separator: "; "))
                }
            }
        }
    }

    /// encode: the deck file, one entry per line like `Resources/challenges.json`.
    package static func encode(title: String, attribution: String, entries: [ImportedEntry]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        func json<T: Encodable>(_ value: T) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        var text = "{\n  \"title\": \(json(title)),\n  \"attribution\": \(json(attribution)),\n  \"challenges\": ["
        for (index, entry) in entries.enumerated() {
            // Keys written by hand: JSONEncoder's key order is unspecified (and varies on Linux),
            // and a deck people read and diff should keep the bundled deck's order.
            var pairs = ["\"question\": \(json(entry.question))"]
            if let reading = entry.reading { pairs.append("\"reading\": \(json(reading))") }
            pairs.append("\"pronunciation\": \(json(entry.pronunciation))")
            pairs.append("\"answer\": \(json(entry.answer))")
            if let category = entry.category { pairs.append("\"category\": \(json(category))") }
            if let also = entry.also { pairs.append("\"also\": \(json(also))") }
            if let confusable = entry.confusable { pairs.append("\"confusable\": \(json(confusable))") }
            text += (index == 0 ? "\n    {" : ",\n    {") + pairs.joined(separator: ", ") + "}"
        }
        text += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(text.utf8)
    }
}
