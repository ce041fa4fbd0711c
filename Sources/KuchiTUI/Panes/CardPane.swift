import KuchiCore

/// CardPane: the flash card on top of the stack, in the learner's card colour. The front shows
/// the word with its reading and romaji; the back, the meaning.
struct CardPane: Pane {
    let cards: FlashCardsViewModel
    let name = "card"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        // The card colour arrives through the environment's theme, so changing it in Settings
        // recolours the card without this pane reading the setting itself.
        let theme = environment.theme
        let area = screen.bounds
        // Inset at the sides only, so the card's top lines up with the progress pane beside it.
        let card = Rect(row: area.row, column: area.column + 1, rows: area.rows, columns: area.columns - 2)
        guard card.rows > 0, card.columns > 0 else { return }
        screen.fill(card, with: Cell(grapheme: " ", width: 1, style: theme.card))
        screen.box(card, style: theme.card, title: cards.isFlipped ? "Meaning" : "Word", titleStyle: theme.card)
        screen.onClick(card, cards.isFinished ? LearnScene.Action.restart : LearnScene.Action.flip)
        let inner = card.inset(by: 1)
        let middle = inner.row + max(0, (inner.rows - 3) / 2)
        guard let challenge = cards.current else {
            screen.putCentered("Every card remembered!", row: middle, in: inner, style: theme.card)
            screen.putCentered("\(cards.remembered) of \(cards.total) · Enter starts again", row: middle + 2, in: inner, style: theme.card)
            return
        }
        let reading = [challenge.reading, challenge.pronunciation].compactMap { $0 }.joined(separator: " · ")
        if cards.isFlipped {
            screen.putCentered(challenge.question, row: middle, in: inner, style: theme.card)
            for (offset, line) in TextWrap.lines(challenge.answer, width: inner.columns - 2, maximumLines: 2).enumerated() {
                screen.putCentered(line, row: middle + 2 + offset, in: inner, style: theme.card)
            }
        } else {
            screen.putCentered(QuestionPane.large(challenge.question, width: inner.columns - 2), row: middle, in: inner, style: theme.card)
            if let pitch = PitchLine(challenge: challenge) {
                // The pitch line takes the row between the word and the reading (or is written
                // as text in the reading line without colour).
                pitch.draw(into: &screen, row: middle + 1, in: inner, graphic: theme.card != Theme.monochrome.card,
                           romaji: challenge.pronunciation, style: theme.card, markStyle: theme.card)
            } else {
                screen.putCentered(reading, row: middle + 2, in: inner, style: theme.card)
            }
        }
    }
}
