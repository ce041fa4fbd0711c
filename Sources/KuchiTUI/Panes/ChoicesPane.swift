import KuchiCore
import KuchiDeck

/// ChoicesPane: the numbered answers, the cursor, and the marks on answers tried.
///
/// Reads the current test's answers, `triedAnswers`, `choicesVisible` and the choice cursor —
/// and the hint toggle only when the choices are Japanese words, whose readings it shows under
/// them (so in Kuchi's direction a hint toggle never redraws the choices).
/// A long answer wraps onto more lines (never cut to a prefix another choice shares); each
/// choice's lines are its click target.
struct ChoicesPane: Pane {
    let quiz: ChallengesViewModel
    let state: AppState
    let name = "choices"

    /// prefixWidth: "▸ 1  " before each answer; wrapped lines are indented by as much.
    static let prefixWidth = 5
    /// triedMark, shortTriedMark: after a wrong answer; the short one where the long one would
    /// not fit on the answer's last line, so a mark never costs a line.
    static let triedMark = "  ✗ not this one"
    static let shortTriedMark = " ✗"

    /// lines: a choice's wrapped lines for an inner width (the tried mark included). The answer
    /// wraps two columns short of the edge, keeping room for the short mark.
    static func lines(_ answer: String, tried: Bool, width: Int) -> [String] {
        let room = max(width - prefixWidth, 1)
        var lines = TextWrap.lines(answer, width: max(room - shortTriedMark.displayWidth, 1))
        if tried, let last = lines.last {
            let mark = last.displayWidth + triedMark.displayWidth <= room ? triedMark : shortTriedMark
            lines[lines.count - 1] = last + mark
        }
        return lines
    }

    /// fits: whether these answers, wrapped (room kept for a tried mark), fit a pane of `frame`.
    static func fits(_ answers: [String], readings: Int = 0, in frame: Rect) -> Bool {
        let inner = frame.inset(by: 1)
        let width = inner.columns - 2
        let needed = answers.map { lines($0, tried: true, width: width).count }.reduce(0, +) + readings
        return needed <= inner.rows
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        screen.box(screen.bounds, style: theme.frame, title: "Choices", titleStyle: theme.title)
        let inner = screen.bounds.inset(by: 1)
        if let confirmation = quiz.confirmation {
            drawConfirmed(confirmation.test, in: inner, screen: &screen, theme: theme)
            return
        }
        guard inner.rows > 0, inner.columns > 0, let test = quiz.currentTest else { return }
        guard !quiz.teaching else {
            screen.putCentered("A new word — Enter goes on to the question", row: inner.row + inner.rows / 2, in: inner, style: theme.dim)
            return
        }
        guard quiz.choicesVisible else {
            screen.putCentered("Choices hidden — Space shows them", row: inner.row + inner.rows / 2, in: inner, style: theme.dim)
            screen.onClick(inner, ChallengeScene.Action.toggleChoices)
            return
        }
        let width = inner.columns - 2
        let tried = quiz.triedAnswers
        let cursor = state.choiceCursor.index
        let showsReadings = test.direction == .englishToJapanese && quiz.hintVisible
        let readings = test.answers.indices.map { showsReadings ? test.reading(at: $0) : nil }
        let blocks = test.answers.enumerated().map { index, answer in
            Self.lines(answer, tried: tried.contains(answer), width: width)
                + (readings[index].map { TextWrap.lines($0, width: max(width - Self.prefixWidth, 1), maximumLines: 1) } ?? [])
        }
        let used = blocks.map(\.count).reduce(0, +)
        let gap = inner.rows >= used + blocks.count - 1 ? 1 : 0
        var row = inner.row + max(0, (inner.rows - used - gap * (blocks.count - 1)) / 2)
        for (index, block) in blocks.enumerated() {
            let isTried = tried.contains(test.answers[index])
            let isSelected = index == cursor
            let style = isSelected ? theme.selected : (isTried ? theme.disabled : theme.text)
            let top = row
            let readingOffset = readings[index] == nil ? nil : block.count - 1
            for (offset, line) in block.enumerated() where row < inner.row + inner.rows {
                if offset == readingOffset {
                    screen.put("     " + line, row: row, column: inner.column + 1, style: isSelected ? theme.selected : theme.dim)
                    row += 1
                    continue
                }
                let prefix = offset > 0 ? "     " : (isSelected ? "▸ " : "  ") + "\(index + 1)  "
                screen.put((prefix + line).padded(toWidth: width), row: row, column: inner.column + 1, style: style)
                if offset == 0, !isSelected {
                    screen.put("\(index + 1)", row: row, column: inner.column + 3, style: isTried ? theme.disabled : theme.key)
                }
                row += 1
            }
            screen.onClick(Rect(row: top, column: inner.column, rows: row - top, columns: inner.columns),
                           ChallengeScene.Action.answer(index))
            row += gap
        }
    }

    /// drawConfirmed: the answered word's choices, the right one marked, while its verdict is
    /// confirmed (a click anywhere goes on, as Enter does).
    private func drawConfirmed(_ test: ChallengeTest, in inner: Rect, screen: inout Screen, theme: Theme) {
        guard inner.rows > 0, inner.columns > 0 else { return }
        let width = inner.columns - 2
        let blocks = test.answers.map { Self.lines($0, tried: false, width: width) }
        let used = blocks.map(\.count).reduce(0, +)
        let gap = inner.rows >= used + blocks.count - 1 ? 1 : 0
        var row = inner.row + max(0, (inner.rows - used - gap * (blocks.count - 1)) / 2)
        for (index, block) in blocks.enumerated() {
            let right = test.answers[index] == test.rightAnswer
            for (offset, line) in block.enumerated() where row < inner.row + inner.rows {
                let prefix = offset > 0 ? "     " : (right ? "✓ " : "  ") + "\(index + 1)  "
                screen.put((prefix + line).padded(toWidth: width), row: row, column: inner.column + 1, style: right ? theme.correct : theme.dim)
                row += 1
            }
            row += gap
        }
        screen.onClick(inner, ChallengeScene.Action.goOn)
    }
}
