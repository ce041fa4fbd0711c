import KuchiCore

/// WelcomePane: "Hi, <name>" / "Welcome to Kuchi" and the Start button (a click target).
struct WelcomePane: Pane {
    /// session: the learner's study; the pane reads the name, the counts and the session under way.
    let session: LearnerSession
    /// deckLine: the deck studied and which categories.
    var deckLine: String?
    let name = "welcome"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let user = session.user
        let quiz = session.quiz
        let figures = session.status
        let status = figures.map { $0.welcomeText(now: session.clock()) }
        let caughtUp = figures?.isCaughtUp ?? false
        let area = screen.bounds
        // The figures wrap at their " · " joins: in a narrow terminal the notice of words due in
        // other directions goes to a line of its own instead of being cut off.
        let statusLines = status.map { Self.lines($0, width: max(1, area.columns - 2)) } ?? ["Learn Japanese words, three choices at a time."]
        let extra = statusLines.count - 1
        let top = max(0, (area.rows - 7 - extra) / 2)
        screen.putCentered("Hi, \(user.name)", row: top, in: area, style: theme.word)
        screen.putCentered("Welcome to Kuchi", row: top + 2, in: area, style: theme.title)
        for (index, line) in statusLines.enumerated() {
            screen.putCentered(line, row: top + 3 + index, in: area, style: status == nil ? theme.dim : theme.accent)
        }
        if let deckLine {
            screen.putCentered(deckLine.truncated(toWidth: area.columns - 2), row: top + 4 + extra, in: area, style: theme.dim)
        }
        let label = session.isInProgress
            ? "Continue \(quiz.numberOfAnswered)/\(quiz.numberOfQuestions)"
            : (caughtUp ? "Extra practice" : "Start")
        let width = label.displayWidth + 4  // "▸ " + label + " ◂", as `button` draws it focused
        let button = screen.button(label, row: top + 6 + extra, column: max(0, (area.columns - width) / 2), focused: true, theme: theme)
        screen.onClick(button, WelcomeScene.Action.start)
    }

    /// lines: `text`'s " · "-joined parts packed into lines at most `width` columns wide (a part
    /// wider than that alone is cut with …).
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for part in text.components(separatedBy: " · ") {
            if let last = lines.last, (last + " · " + part).displayWidth <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part.truncated(toWidth: width))
            }
        }
        return lines.isEmpty ? [""] : lines
    }
}
