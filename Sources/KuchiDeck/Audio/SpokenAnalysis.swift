import Foundation

/// SpokenAnalysis: what Open JTalk said for a text, read from its own trace (`open_jtalk -ot`):
/// the reading it spoke and its accent phrases — what `kuchi say --json` prints, and what the
/// voice check compares with the card's pitch line.
public struct SpokenAnalysis: Hashable, Sendable, Codable {
    /// reading: the spoken reading, in hiragana.
    public let reading: String
    /// phrases: each accent phrase's mora count and accent (the mora after which it falls; a
    /// phrase said alone that never falls is written as falling on its last mora, as the
    /// engine's labels write it).
    public let phrases: [[Int]]

    /// accent: where the pitch first falls, counted over the whole reading; 0 if never.
    public var accent: Int {
        var offset = 0
        for phrase in phrases where phrase.count == 2 {
            if phrase[1] > 0 && phrase[1] < phrase[0] { return offset + phrase[1] }
            offset += phrase[0]
        }
        return 0
    }

    /// init(trace:): the analysis in an Open JTalk trace; nil when it has none.
    public init?(trace: String) {
        var section = ""
        var reading = ""
        var phrases: [[Int]] = []
        var seen = Set<String>()
        for line in trace.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                section = String(line)
                continue
            }
            if section == "[Text analysis result]", !line.isEmpty {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                if fields.count > 8 { reading += fields[8] }
            } else if section == "[Output label]", let f = Self.field(line, "/F:"), let i = Self.field(line, "/I:") {
                guard !f.hasPrefix("xx"), seen.insert(f + "|" + i).inserted else { continue }
                let counts = f.split(separator: "#").first?.split(separator: "_").compactMap { Int($0) } ?? []
                if counts.count == 2 { phrases.append(counts) }
            }
        }
        guard !reading.isEmpty else { return nil }
        self.reading = String(String.UnicodeScalarView(reading.unicodeScalars.map { scalar in
            (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60) ?? scalar : scalar
        }))
        self.phrases = phrases
    }

    /// field: the label field after `marker` up to the next "/".
    private static func field(_ line: Substring, _ marker: String) -> String? {
        guard let start = line.range(of: marker)?.upperBound else { return nil }
        return String(line[start...].prefix { $0 != "/" })
    }
}
