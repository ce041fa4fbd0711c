import KuchiCore

/// LearnProgressPane: "Remembered x/total", the cards left and how often cards were forgotten
/// (the keys are in the key bar, which knows which of them work now).
struct LearnProgressPane: Pane {
    let cards: FlashCardsViewModel
    let name = "progress"

    /// cardsLeft: "1 card left", "3 cards left", "No cards left".
    static func cardsLeft(_ count: Int) -> String {
        switch count {
        case 0: "No cards left"
        case 1: "1 card left"
        default: "\(count) cards left"
        }
    }

    /// forgotten: "Forgot once", "Forgot 3 times"; nothing before the first miss.
    static func forgotten(_ count: Int) -> String? {
        switch count {
        case 0: nil
        case 1: "Forgot once"
        default: "Forgot \(count) times"
        }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.frame, title: "Progress", titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0 else { return }
        var lines: [(String, Style)] = [
            ("Remembered \(cards.remembered)/\(cards.total)", theme.correct),
            (Self.cardsLeft(cards.cardsLeft), theme.text),
        ]
        if let forgotten = Self.forgotten(cards.forgotten) { lines.append((forgotten, theme.text)) }
        let step = inner.rows >= lines.count * 2 ? 2 : 1
        let top = inner.row + max(0, (inner.rows - (lines.count - 1) * step - 1) / 2)
        for (offset, line) in lines.enumerated() where top + offset * step < inner.row + inner.rows {
            screen.putCentered(line.0, row: top + offset * step, in: inner, style: line.1)
        }
    }
}
