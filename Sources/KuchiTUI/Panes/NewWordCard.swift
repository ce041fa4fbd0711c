import KuchiCore
import KuchiDeck

/// NewWordCard: a word met for the first time, taught before it is asked — the word, its
/// reading with its pitch line and romaji, its meaning and category, its kanji with their first
/// meanings, and an example sentence — drawn in the question pane's place.
///
/// Not graded: Enter goes on to the question, and the first answer after it is the word's
/// first review.
@MainActor
struct NewWordCard {
    let challenge: Challenge
    /// graphicPitch: the pitch line is drawn as marks over the kana (else written as text).
    var graphicPitch = true
    /// alsoShown: how many other meanings the card lists.
    static let alsoShown = 3

    /// lines: what the card says, top to bottom, with the role of each line. With a known
    /// accent the reading line starts with the kana and a `.pitch` line of marks comes above it.
    var lines: [(text: String, role: Role)] {
        var lines: [(String, Role)] = [("New word", .label), (challenge.question, .word)]
        let pitch = PitchLine(challenge: challenge)
        if let pitch {
            if graphicPitch { lines.append((pitch.marks, .pitch)) }
            lines.append((pitch.text(romaji: challenge.pronunciation, graphic: graphicPitch), .reading))
        } else {
            let reading = [challenge.reading, challenge.pronunciation].compactMap { $0 }.joined(separator: " · ")
            if !reading.isEmpty { lines.append((reading, .reading)) }
        }
        lines.append(("“\(challenge.answer)”", .meaning))
        // The first few other meanings: `also` holds every JMdict gloss of the senses taught
        // (取る has twenty), which the judge accepts but a card need not list.
        if !challenge.also.isEmpty {
            let shown = challenge.also.prefix(Self.alsoShown).joined(separator: ", ")
            lines.append(("also: " + shown + (challenge.also.count > Self.alsoShown ? ", …" : ""), .detail))
        }
        if let kanji = Self.kanjiLine(challenge) { lines.append((kanji, .kanji)) }
        if let sentence = challenge.sentences.first {
            lines.append((sentence.ja, .sentence))
            lines.append((sentence.en, .translation))
        }
        lines.append(("Enter: go on to the question · k: I know this word", .detail))
        return lines
    }

    /// kanjiLine: each kanji the word writes with its first meaning ("勉 exertion · 強 strong"),
    /// nil for a word of kana only or of kanji Kuchi's kanji file lacks.
    static func kanjiLine(_ challenge: Challenge) -> String? {
        let kanji = challenge.kanji
        return kanji.isEmpty ? nil : kanji.map(\.gloss).joined(separator: " · ")
    }

    /// Role: how a line is styled.
    enum Role {
        case label, word, pitch, reading, meaning, detail, kanji, sentence, translation
    }

    /// draw: the card inside a box titled with the word's category, centred in the pane.
    func draw(into screen: inout Screen, theme: Theme) {
        let area = screen.bounds
        screen.box(area, style: theme.accent, title: "New word · " + (challenge.category ?? "Vocabulary"), titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 2 else { return }
        var shown = lines
        // A short pane keeps the word, its reading and meaning and drops the rest first: the
        // hints and labels, then the sentence, then the kanji, then the pitch marks.
        for dropped in [[Role.detail, .label], [.translation, .sentence], [.kanji], [.pitch]] {
            while shown.count > inner.rows, let index = shown.lastIndex(where: { dropped.contains($0.role) }) {
                shown.remove(at: index)
            }
        }
        let top = inner.row + max(0, (inner.rows - shown.count) / 2)
        var readingStart: Int?
        for (offset, line) in shown.prefix(inner.rows).enumerated().reversed() {
            let style: Style = switch line.role {
            case .label, .reading, .pitch: theme.accent
            case .word: theme.word
            case .meaning, .sentence, .kanji: theme.text
            case .detail, .translation: theme.dim
            }
            let row = top + offset
            if line.role == .pitch, let start = readingStart {
                // Aligned with the kana under it, not centred on its own.
                screen.put(line.text, row: row, column: start, style: style, clip: inner)
                continue
            }
            let text = line.role == .word ? QuestionPane.large(line.text, width: inner.columns - 2) : line.text
            let fitted = text.truncated(toWidth: inner.columns - 2)
            screen.putCentered(fitted, row: row, in: inner, style: style)
            if line.role == .reading { readingStart = inner.column + (inner.columns - fitted.displayWidth) / 2 }
        }
    }
}
