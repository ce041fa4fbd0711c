import Foundation

/// OpenJTalkAccents: the Tokyo pitch accent of words the bundled deck does not have, from the
/// accent field of Open JTalk's dictionary (naist-jdic) — the source scripts/make-accents reads
/// for the deck, asked the same way, at import.
///
/// Words are analysed many at a time (one `open_jtalk` run per batch, the words separated by 。
/// so none runs into the next): a word the dictionary parses as one word read as the deck reads
/// it takes that word's accent; a word parsed as several (a compound, a phrase) takes the accent
/// phrases Open JTalk's rules join them into; a word the dictionary reads otherwise (辛い as
/// つらい) is analysed again from its reading. A word no parse reads as wanted gets no accent
/// rather than a wrong one.
public struct OpenJTalkAccents: Sendable {
    /// engine: the program, dictionary and voice (`-ot` needs a voice to run).
    package let engine: SpeechEngine
    /// batchBytes: the most UTF-8 a run is given: Open JTalk reads one line of at most 1,024
    /// bytes and drops the rest (a batch of 200 words lost its last 128).
    package static let batchBytes = 1000

    /// init: accents from this engine.
    public init(engine: SpeechEngine) {
        self.engine = engine
    }

    /// Morpheme: one word of the dictionary's parse: its reading (hiragana) and accent field.
    package struct Morpheme: Equatable {
        package let reading: String
        package let accent: Int
    }

    /// accents: the accent of each (written form, reading) asked, by its index; a word with no
    /// accent found is absent.
    public func accents(for words: [(question: String, reading: String)], in folder: URL) -> [Int: PitchAccent] {
        var found: [Int: PitchAccent] = [:]
        var again: [Int] = []
        let usable = words.indices.filter { Self.isSpeakable(words[$0].question) && Self.isSpeakable(words[$0].reading) }
        for pass in 0..<2 {
            let asked = pass == 0 ? usable : again
            again = []
            let text = { (index: Int) in pass == 0 ? words[index].question : words[index].reading }
            for batch in Self.batches(asked, text: text) {
                let texts = batch.map(text)
                // A batch whose parse does not split into one part a word (a word the engine
                // reads as a sentence end) is analysed word by word.
                let segments: [Segment]
                if let whole = analyse(texts, in: folder), whole.count == batch.count {
                    segments = whole
                } else {
                    segments = texts.map { analyse([$0], in: folder)?.first ?? Segment() }
                }
                for (index, segment) in zip(batch, segments) {
                    let want = Self.hiragana(words[index].reading)
                    guard segment.morphemes.map(\.reading).joined() == want, !segment.morphemes.isEmpty else {
                        if pass == 0 { again.append(index) }
                        continue
                    }
                    let morae = Mora.split(want).count
                    if segment.morphemes.count == 1 {
                        found[index] = PitchAccent(accent: min(segment.morphemes[0].accent, morae), morae: morae)
                    } else if !segment.phrases.isEmpty, segment.phrases.map(\.morae).reduce(0, +) == morae {
                        found[index] = PitchAccent(phrases: segment.phrases)
                    }
                }
            }
        }
        return found
    }

    /// batches: the indices in runs whose texts, joined by 。, fit in `batchBytes`.
    package static func batches(_ indices: [Int], text: (Int) -> String) -> [[Int]] {
        var batches: [[Int]] = []
        var current: [Int] = []
        var bytes = 0
        for index in indices {
            let size = text(index).utf8.count + 3  // the 。 after it
            if !current.isEmpty, bytes + size > batchBytes {
                batches.append(current)
                (current, bytes) = ([], 0)
            }
            current.append(index)
            bytes += size
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// isSpeakable: Japanese text the engine can read as one word (no separators, no Latin).
    package static func isSpeakable(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && !text.contains { "。、．，！？!?.,\n\r\t ".contains($0) || $0.isASCII }
    }

    /// hiragana: katakana folded to hiragana (ー kept), as the deck's readings are compared.
    package static func hiragana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60) ?? scalar : scalar
        }))
    }

    /// Segment: one text of a batch: the dictionary's words and the accent phrases Open JTalk's
    /// rules make of them.
    package struct Segment {
        package var morphemes: [Morpheme] = []
        package var phrases: [PitchAccent.Phrase] = []
    }

    /// analyse: the parse of each text, in order (nil when the engine failed). The texts are
    /// cut apart at the 。 between them: in the words (a 句点) and in the labels (a pause).
    package func analyse(_ texts: [String], in folder: URL) -> [Segment]? {
        guard let trace = run(texts.joined(separator: "。") + "。", in: folder) else { return nil }
        var words: [[Morpheme]] = [[]]
        for fields in Self.section("[Text analysis result]", of: trace).map({ $0.split(separator: ",", omittingEmptySubsequences: false) })
        where fields.count > 10 {
            if fields[1] == "記号" && fields[2] == "句点" {
                words.append([])
                continue
            }
            let accent = Int(fields[10].split(separator: "/").first ?? "") ?? 0
            words[words.count - 1].append(Morpheme(reading: Self.hiragana(String(fields[8])), accent: accent))
        }
        if words.last?.isEmpty == true { words.removeLast() }
        let phrases = Self.phrases(in: Self.section("[Output label]", of: trace))
        return words.enumerated().map { index, morphemes in
            Segment(morphemes: morphemes, phrases: phrases.count == words.count ? phrases[index] : [])
        }
    }

    /// phrases(in:): the accent phrases of each stretch of speech between pauses, from the
    /// labels: a phrase is named by its F (length, accent, place) and I (breath group) fields.
    package static func phrases(in labels: [String]) -> [[PitchAccent.Phrase]] {
        var stretches: [[PitchAccent.Phrase]] = []
        var current: [PitchAccent.Phrase] = []
        var seen: Set<String> = []
        for line in labels {
            let head = line.components(separatedBy: "/A:").first ?? ""
            let phoneme = head.split(separator: "-").dropFirst().first?.split(separator: "+").first ?? ""
            if phoneme == "pau" || phoneme == "sil" {
                if !current.isEmpty { stretches.append(current) }
                current = []
                continue
            }
            guard let f = line.components(separatedBy: "/F:").dropFirst().first?.split(separator: "/").first,
                  let i = line.components(separatedBy: "/I:").dropFirst().first?.split(separator: "/").first,
                  !f.hasPrefix("xx"), seen.insert("\(f)|\(i)").inserted else { continue }
            let parts = (f.split(separator: "#").first ?? "").split(separator: "_")
            guard parts.count == 2, let morae = Int(parts[0]), let accent = Int(parts[1]) else { continue }
            current.append(PitchAccent.Phrase(morae: morae, accent: accent))
        }
        if !current.isEmpty { stretches.append(current) }
        return stretches
    }

    /// section: the lines of one section of the trace file, up to the next.
    package static func section(_ name: String, of trace: String) -> [String] {
        let lines = trace.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: name) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("[") && !$0.isEmpty })
    }

    /// run: the engine's trace of `text` (`open_jtalk -ot`), nil when it failed.
    package func run(_ text: String, in folder: URL) -> String? {
        let stamp = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let input = folder.appendingPathComponent(".accents-\(stamp).txt")
        let trace = folder.appendingPathComponent(".accents-\(stamp).trace")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: trace)
        }
        guard (try? Data((text + "\n").utf8).write(to: input)) != nil else { return nil }
        // Only the trace is wanted: at ten times the speed the engine synthesises a sixth of the
        // frames (a batch of 200 words in 0.7 s of CPU, not 4 s) and its analysis is the same.
        let result = Executables.run(engine.program, arguments: ["-x", engine.dictionary, "-m", engine.voice, "-r", "10.0", "-ot", trace.path, input.path])
        guard result.status == 0, let data = try? Data(contentsOf: trace) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
