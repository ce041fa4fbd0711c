import KuchiCore

/// ScorePane: "answered/total", a progress bar, the misses and the streak.
///
/// Reads `numberOfAnswered`, `numberOfQuestions` and the score — never the word — so a hint
/// toggle or a new word alone leaves it alone.
struct ScorePane: Pane {
    let quiz: ChallengesViewModel
    let name = "score"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.frame)
        let answered = quiz.numberOfAnswered
        let total = quiz.numberOfQuestions
        let wrong = quiz.score.wrong
        let streak = quiz.score.streak
        let row = area.rows / 2
        let left = " Answered \(answered)/\(total) "
        let right = " Wrong \(wrong)  Streak \(streak) "
        let available = area.columns - 2
        var column = screen.put(left, row: row, column: 1, style: theme.text)
        let barWidth = available - left.displayWidth - right.displayWidth - 2
        if barWidth >= 5 {
            let filled = total == 0 ? 0 : barWidth * answered / total
            column = screen.put(String(repeating: "█", count: filled), row: row, column: column + 1, style: theme.correct)
            column = screen.put(String(repeating: "░", count: barWidth - filled), row: row, column: column, style: theme.dim)
            column += 1
        }
        if column + right.displayWidth <= area.columns - 1 {
            screen.put(right, row: row, column: area.columns - 1 - right.displayWidth, style: wrong > 0 ? theme.wrong : theme.text)
        }
    }
}
