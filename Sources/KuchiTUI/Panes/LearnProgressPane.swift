import KuchiCore

/// LearnProgressPane: "Remembered x/total", the cards left, and the Learn keys.
struct LearnProgressPane: Pane {
    let cards: FlashCardsViewModel
    let name = "progress"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        screen.box(area, style: theme.frame, title: "Progress", titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0 else { return }
        let wide = inner.columns >= 44
        var lines: [(String, Style)] = [
            ("Remembered \(cards.remembered)/\(cards.total)", theme.correct),
            ("\(cards.cardsLeft) cards left", theme.text),
            ("forgot \(cards.forgotten)×", theme.text),
        ]
        if wide { lines.append(("Space flip · → r remembered · ← f forgot", theme.dim)) }
        let step = inner.rows >= lines.count * 2 ? 2 : 1
        let top = inner.row + max(0, (inner.rows - (lines.count - 1) * step - 1) / 2)
        for (offset, line) in lines.enumerated() where top + offset * step < inner.row + inner.rows {
            screen.putCentered(line.0, row: top + offset * step, in: inner, style: line.1)
        }
    }
}
