import KuchiCore

/// QuestionPane: the Japanese word, large and centred, its reading and romaji behind the hint
/// toggle, and the feedback on the last answer.
///
/// Reads `currentTest`, `hintVisible` and `feedback` only — never the score — so a wrong
/// answer's new tally does not redraw it, and a hint toggle redraws nothing else. A click on it
/// shows or hides the choices, as tapping the question does in Kuchi.
struct QuestionPane: Pane {
    let quiz: ChallengesViewModel
    let name = "question"

    /// hint: "ねこ · neko", the line the hint toggle shows.
    static func hint(for challenge: Challenge) -> String {
        [challenge.reading, challenge.pronunciation].compactMap { $0 }.joined(separator: " · ")
    }

    /// fits: the word and its hint, wrapped, fit a pane of `frame`.
    static func fits(_ challenge: Challenge, in frame: Rect) -> Bool {
        let inner = frame.inset(by: 1)
        return 1 + TextWrap.lines(hint(for: challenge), width: inner.columns - 2).count <= inner.rows
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.onClick(area, ChallengeScene.Action.toggleChoices)
        guard let challenge = quiz.currentTest?.challenge else {
            screen.box(area, style: theme.frame, title: "Question", titleStyle: theme.title)
            return
        }
        screen.box(area, style: theme.frame, title: challenge.category ?? "Question", titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        let hint = quiz.hintVisible ? TextWrap.lines(Self.hint(for: challenge), width: inner.columns - 2) : ["h: show reading"]
        let feedback = feedbackLines(width: inner.columns - 2, theme: theme)
        let feedbackRows = min(feedback.count, max(inner.rows - 1 - hint.count, 0))
        let contentRows = inner.rows - feedbackRows
        let gap = contentRows >= 3 + hint.count ? 1 : 0
        let wordRow = inner.row + max(0, (contentRows - 1 - gap - hint.count) / 2)
        screen.putCentered(Self.large(challenge.question, width: inner.columns - 2), row: wordRow, in: inner, style: theme.word)
        for (offset, line) in hint.enumerated() where wordRow + 1 + gap + offset < inner.row + contentRows {
            screen.putCentered(line, row: wordRow + 1 + gap + offset, in: inner, style: quiz.hintVisible ? theme.accent : theme.dim)
        }
        for (offset, line) in feedback.prefix(feedbackRows).enumerated() {
            screen.putCentered(line.text, row: inner.row + contentRows + offset, in: inner, style: line.style)
        }
    }

    /// large: the word with a space between characters when it fits, which reads as a bigger,
    /// calmer glyph run in a terminal that has only one font size.
    static func large(_ word: String, width: Int) -> String {
        let spaced = word.map(String.init).joined(separator: " ")
        return spaced.displayWidth <= width ? spaced : word
    }

    /// feedbackLines: the full sentence when it fits in two lines, else a short form that keeps
    /// what matters (the word and its meaning, or the wrong answer).
    private func feedbackLines(width: Int, theme: Theme) -> [(text: String, style: Style)] {
        guard let feedback = quiz.feedback, width > 0 else { return [] }
        let full: String
        let short: String
        let style: Style
        switch feedback {
        case .correct(let challenge):
            full = "✓\u{00A0}Congratulations! \(challenge.question) (\(Self.hint(for: challenge))) is “\(challenge.answer)”."
            short = "✓ \(challenge.question) = \(challenge.answer)"
            style = theme.correct
        case .wrong(let answer):
            full = "✗\u{00A0}Oh\u{00A0}no! “\(answer)” is not it. Try again."
            short = "✗ Oh no! Not “\(answer)”"
            style = theme.wrong
        }
        let lines = TextWrap.lines(full, width: width)
        let chosen = lines.count <= 2 ? lines : TextWrap.lines(short, width: width, maximumLines: 2)
        return chosen.map { ($0, style) }
    }
}
