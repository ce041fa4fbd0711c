import KuchiCore

/// LeechCard: a card forgotten eight times (a leech), told once, in the question pane's place:
/// the word, how often it was forgotten, and the choices — relearn it in Learn, suspend it,
/// or go on as before.
@MainActor
struct LeechCard {
    let leech: Leech

    /// lines: the card, top to bottom.
    var lines: [(text: String, role: NewWordCard.Role)] {
        let challenge = leech.challenge
        return [
            ("A leech: forgotten \(leech.lapses) times", .label),
            (challenge.question, .word),
            (QuestionPane.hint(for: challenge), .reading),
            ("“\(challenge.answer)”", .meaning),
            ("l: relearn it in Learn · s: suspend it · Enter: keep studying it", .detail),
        ]
    }

    /// draw: the card, boxed and centred.
    func draw(into screen: inout Screen, theme: Theme) {
        let area = screen.bounds
        screen.box(area, style: theme.wrong, title: "Leech", titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 2 else { return }
        var shown = lines.filter { !$0.text.isEmpty }
        while shown.count > inner.rows, let index = shown.firstIndex(where: { $0.role == .reading }) { shown.remove(at: index) }
        let top = inner.row + max(0, (inner.rows - shown.count) / 2)
        for (offset, line) in shown.prefix(inner.rows).enumerated() {
            let style: Style = switch line.role {
            case .label: theme.wrong
            case .word: theme.word
            case .reading: theme.accent
            case .meaning, .kanji: theme.text
            case .detail: theme.key
            case .sentence: theme.text
            case .translation: theme.dim
            case .pitch: theme.accent
            }
            let text = line.role == .word ? QuestionPane.large(line.text, width: inner.columns - 2) : line.text
            screen.putCentered(text.truncated(toWidth: inner.columns - 2), row: top + offset, in: inner, style: style)
        }
    }
}
