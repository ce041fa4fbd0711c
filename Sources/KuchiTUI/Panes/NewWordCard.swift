import KuchiCore

/// NewWordCard: a word met for the first time, taught before it is asked — the word, its
/// reading and romaji, its meaning and category — drawn in the question pane's place.
///
/// Not graded: Enter goes on to the question, and the first answer after it is the word's
/// first review.
@MainActor
struct NewWordCard {
    let challenge: Challenge
    /// alsoShown: how many other meanings the card lists.
    static let alsoShown = 3

    /// lines: what the card says, top to bottom, with the role of each line.
    var lines: [(text: String, role: Role)] {
        var lines: [(String, Role)] = [("New word", .label), (challenge.question, .word)]
        let reading = [challenge.reading, challenge.pronunciation].compactMap { $0 }.joined(separator: " · ")
        if !reading.isEmpty { lines.append((reading, .reading)) }
        lines.append(("“\(challenge.answer)”", .meaning))
        // The first few other meanings: `also` holds every JMdict gloss of the senses taught
        // (取る has twenty), which the judge accepts but a card need not list.
        if !challenge.also.isEmpty {
            let shown = challenge.also.prefix(Self.alsoShown).joined(separator: ", ")
            lines.append(("also: " + shown + (challenge.also.count > Self.alsoShown ? ", …" : ""), .detail))
        }
        lines.append(("Enter: go on to the question", .detail))
        return lines
    }

    /// Role: how a line is styled.
    enum Role {
        case label, word, reading, meaning, detail
    }

    /// draw: the card inside a box titled with the word's category, centred in the pane.
    func draw(into screen: inout Screen, theme: Theme) {
        let area = screen.bounds
        screen.box(area, style: theme.accent, title: "New word · " + (challenge.category ?? "Vocabulary"), titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 2 else { return }
        var shown = lines
        // A short pane keeps the word, its reading and meaning and drops the rest first.
        while shown.count > inner.rows, let index = shown.lastIndex(where: { $0.role == .detail || $0.role == .label }) {
            shown.remove(at: index)
        }
        let top = inner.row + max(0, (inner.rows - shown.count) / 2)
        for (offset, line) in shown.prefix(inner.rows).enumerated() {
            let style: Style = switch line.role {
            case .label: theme.accent
            case .word: theme.word
            case .reading: theme.accent
            case .meaning: theme.text
            case .detail: theme.dim
            }
            let text = line.role == .word ? QuestionPane.large(line.text, width: inner.columns - 2) : line.text
            screen.putCentered(text.truncated(toWidth: inner.columns - 2), row: top + offset, in: inner, style: style)
        }
    }
}
