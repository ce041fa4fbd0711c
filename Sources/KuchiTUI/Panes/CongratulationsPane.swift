import KuchiCore
import KuchiData
import KuchiDeck

/// CongratulationsPane: the end of a session — the learner's name, praise that matches the
/// result, the last word's meaning, the summary, and Play Again / Back (click targets).
struct CongratulationsPane: Pane {
    let user: UserManager
    let quiz: ChallengesViewModel
    let state: AppState
    /// session: the learner's study, whose counts say what comes next (nil: no line).
    var session: LearnerSession?
    let name = "congratulations"

    /// praise: what the result deserves — "You're awesome!" only for a near-perfect session.
    static func praise(accuracy: Double?) -> String {
        switch accuracy ?? 1 {
        case 0.9...: "You're awesome!"
        case 0.7..<0.9: "Well done!"
        case 0.5..<0.7: "Good effort — the missed words will come back."
        default: "Keep going — every miss is a word you'll meet again."
        }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let summary = quiz.score.summary
        var lines: [(text: String, style: Style)] = [
            ("Congratulations, \(user.name)!", theme.title),
            (Self.praise(accuracy: summary.accuracy), theme.word),
        ]
        let lastRight: Challenge? = switch quiz.feedback {
        case .correct(let last)?, .alsoRight(let last, _)?: last
        default: nil
        }
        if let last = lastRight {
            lines.append(("Last word: \(last.question) (\(QuestionPane.hint(for: last))) is “\(last.answer)”.", theme.correct))
        }
        if quiz.ranOut {
            lines.append(("Nothing more to ask now: \(quiz.numberOfAnswered) of \(quiz.numberOfQuestions) answered.", theme.dim))
        }
        if let status = session?.status {
            let text = status.welcomeText(now: quiz.now)
            lines.append((status.isCaughtUp ? text : "Still to study: " + text, theme.accent))
        }
        let top = max(0, (area.rows - lines.count - 8) / 2)
        var row = top
        for line in lines {
            for wrapped in TextWrap.lines(line.text, width: area.columns - 2, maximumLines: 2) where row < area.rows {
                screen.putCentered(wrapped, row: row, in: area, style: line.style)
                row += 1
            }
        }
        let figures: [(String, String)] = [
            ("Correct", "\(summary.correct)"), ("Wrong", "\(summary.wrong)"), ("Accuracy", summary.accuracyText),
            ("Best streak", "\(summary.bestStreak)"), ("Time", summary.elapsedText),
        ]
        let left = max(0, (area.columns - 24) / 2)
        row += 1
        for (label, value) in figures where row < area.rows {
            screen.put(label, row: row, column: left, style: theme.dim)
            screen.put(value, row: row, column: left + 24 - value.displayWidth, style: theme.text)
            row += 1
        }
        // The buttons keep the last row they can have; missed words fill what lies between.
        let buttonRow = min(row + 1, area.rows - 1)
        let missed = missedLines(width: area.columns - 2, rows: area.rows - 2 - buttonRow)
        drawButtons(into: &screen, row: min(buttonRow + (missed.isEmpty ? 0 : missed.count + 1), area.rows - 1), theme: theme)
        for (offset, line) in missed.enumerated() {
            screen.putCentered(line, row: buttonRow + offset, in: area, style: offset == 0 ? theme.title : theme.text)
        }
    }

    /// missedLines: "Missed this time:" and one line per word missed — word (reading) meaning,
    /// and when it comes back — as many as `rows` hold.
    private func missedLines(width: Int, rows: Int) -> [String] {
        let missed = quiz.missedWords
        guard !missed.isEmpty, rows >= 2 else { return [] }
        let now = quiz.now
        var lines = ["Missed this time — they come back soon:"]
        for word in missed {
            let reading = word.reading.map { " (\($0))" } ?? ""
            lines.append("✗ \(word.question)\(reading) “\(word.answer)” · back \(StudyStatus.relative(from: now, to: word.due))"
                .truncated(toWidth: width))
        }
        guard lines.count > rows else { return lines }
        let hidden = lines.count - rows + 1
        return Array(lines.prefix(rows - 1)) + ["… and \(hidden) more"]
    }

    private func drawButtons(into screen: inout Screen, row: Int, theme: Theme) {
        let buttons = CongratulationsButton.allCases
        let total = buttons.map { $0.title.displayWidth + 4 }.reduce(0, +) + 3 * (buttons.count - 1)
        var column = max(0, (screen.columns - total) / 2)
        for button in buttons {
            let frame = screen.button(button.title, row: row, column: column, focused: state.congratulationsButton == button,
                                      theme: theme)
            screen.onClick(frame, CongratulationsScene.Action.press(button))
            column = frame.column + frame.columns + 3
        }
    }
}
