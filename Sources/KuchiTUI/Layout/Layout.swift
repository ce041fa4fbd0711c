import KuchiCore

/// TerminalSize: the terminal's size in rows and columns.
struct TerminalSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    var rows: Int
    var columns: Int

    /// description: "100×30", columns first as terminals are usually described.
    var description: String { "\(columns)×\(rows)" }
}

/// SizeClass: Kuchi's two layouts, chosen from the terminal's height like SwiftUI's vertical
/// size class (a phone turned sideways is vertically compact). One name each, everywhere:
/// side by side and stacked.
enum SizeClass: Equatable, Hashable, Sendable {
    /// sideBySide: fewer than `Layout.sideBySideBelowRows` rows — question and choices side by
    /// side, the score below.
    case sideBySide
    /// stacked: tall enough to stack question, score and choices.
    case stacked
}

/// Layout: every breakpoint and frame, as pure functions of the terminal size.
///
/// Keeping the breakpoints in one place means the tests at and around them cover all of them,
/// and the one resize path only has to ask this for new frames.
enum Layout {
    /// minimum: the smallest terminal any layout fits (the side-by-side challenge needs 12 rows:
    /// header, 7 rows of question/choices, a 3-row score, the key bar; 40 columns give each side
    /// room for a word or a short answer).
    static let minimum = TerminalSize(rows: 12, columns: 40)
    /// sideBySideBelowRows: fewer rows than this puts question and choices side by side.
    static let sideBySideBelowRows = 24
    /// scoreRows: the score pane's height in both layouts.
    static let scoreRows = 3

    /// fits: whether any layout fits; otherwise the "too small" screen shows.
    static func fits(_ size: TerminalSize) -> Bool {
        size.rows >= minimum.rows && size.columns >= minimum.columns
    }

    /// sizeClass: side by side below 24 rows, stacked from 24.
    static func sizeClass(for size: TerminalSize) -> SizeClass {
        size.rows < sideBySideBelowRows ? .sideBySide : .stacked
    }

    /// Chrome: the frames every screen shares — a header row, the body, the key bar row.
    struct Chrome: Equatable {
        var header: Rect
        var body: Rect
        var keyBar: Rect
    }

    /// chrome: header on the first row, key bar on the last, the body between.
    static func chrome(for size: TerminalSize) -> Chrome {
        let rows = max(size.rows, 0)
        let columns = max(size.columns, 0)
        return Chrome(
            header: Rect(row: 0, column: 0, rows: min(1, rows), columns: columns),
            body: Rect(row: 1, column: 0, rows: max(rows - 2, 0), columns: columns),
            keyBar: Rect(row: max(rows - 1, 0), column: 0, rows: rows >= 2 ? 1 : 0, columns: columns)
        )
    }

    /// ChallengeFrames: where the challenge screen's three panes go. When the answer is typed,
    /// `choices` is the answer pane's frame: it takes the choices' place.
    struct ChallengeFrames: Equatable {
        var sizeClass: SizeClass
        var question: Rect
        var choices: Rect
        var score: Rect
    }

    /// answerRows: the most rows the typed-answer pane takes when stacked (a field and its
    /// note need five; more would only leave the question cramped).
    static let answerRows = 7

    /// challenge: side by side with the score across the bottom, or stacked question,
    /// score, choices otherwise. `body` is the chrome's body. With `answering` (typed answers)
    /// the answer pane takes the choices' place; stacked, it is at most `answerRows` high and
    /// the question gets the rest.
    /// `teaching`: a New word card is up: it takes the question's and the choices' room (the
    /// choices have nothing to show yet), so at 80×24 it keeps its label and hints.
    static func challenge(in body: Rect, sizeClass: SizeClass, answering: Bool = false, teaching: Bool = false) -> ChallengeFrames {
        if teaching {
            let mainRows = max(body.rows - scoreRows, 0)
            let stacked = sizeClass == .stacked
            return ChallengeFrames(
                sizeClass: sizeClass,
                question: Rect(row: body.row, column: body.column, rows: mainRows, columns: body.columns),
                choices: Rect(row: body.row + (stacked ? body.rows : mainRows), column: body.column, rows: 0, columns: body.columns),
                score: Rect(row: body.row + mainRows, column: body.column, rows: min(scoreRows, body.rows), columns: body.columns)
            )
        }
        if answering, sizeClass == .stacked {
            let free = max(body.rows - scoreRows, 0)
            let answerRows = min(answerRows, free - free * 9 / 20)
            let questionRows = free - answerRows
            return ChallengeFrames(
                sizeClass: .stacked,
                question: Rect(row: body.row, column: body.column, rows: questionRows, columns: body.columns),
                choices: Rect(row: body.row + questionRows + scoreRows, column: body.column, rows: answerRows, columns: body.columns),
                score: Rect(row: body.row + questionRows, column: body.column, rows: scoreRows, columns: body.columns)
            )
        }
        switch sizeClass {
        case .sideBySide:
            let mainRows = max(body.rows - scoreRows, 0)
            // The word needs less room than three answers: two fifths for the question.
            let questionColumns = max(body.columns * 2 / 5, 14)
            return ChallengeFrames(
                sizeClass: .sideBySide,
                question: Rect(row: body.row, column: body.column, rows: mainRows, columns: questionColumns),
                choices: Rect(row: body.row, column: body.column + questionColumns, rows: mainRows,
                              columns: body.columns - questionColumns),
                score: Rect(row: body.row + mainRows, column: body.column, rows: min(scoreRows, body.rows), columns: body.columns)
            )
        case .stacked:
            let free = max(body.rows - scoreRows, 0)
            let questionRows = free * 9 / 20
            let choicesRows = free - questionRows
            return ChallengeFrames(
                sizeClass: .stacked,
                question: Rect(row: body.row, column: body.column, rows: questionRows, columns: body.columns),
                choices: Rect(row: body.row + questionRows + scoreRows, column: body.column, rows: choicesRows, columns: body.columns),
                score: Rect(row: body.row + questionRows, column: body.column, rows: scoreRows, columns: body.columns)
            )
        }
    }

    /// LearnFrames: the flash card and its progress pane.
    struct LearnFrames: Equatable {
        var card: Rect
        var controls: Rect
    }

    /// learn: card and progress side by side, or stacked.
    static func learn(in body: Rect, sizeClass: SizeClass) -> LearnFrames {
        switch sizeClass {
        case .sideBySide:
            let cardColumns = max(min(body.columns * 3 / 5, body.columns - 22), body.columns / 2)
            return LearnFrames(
                card: Rect(row: body.row, column: body.column, rows: body.rows, columns: cardColumns),
                controls: Rect(row: body.row, column: body.column + cardColumns, rows: body.rows, columns: body.columns - cardColumns))
        case .stacked:
            let controlsRows = min(9, body.rows / 3)
            return LearnFrames(
                card: Rect(row: body.row, column: body.column, rows: body.rows - controlsRows, columns: body.columns),
                controls: Rect(row: body.row + body.rows - controlsRows, column: body.column, rows: controlsRows, columns: body.columns))
        }
    }

    /// centered: a rect of at most `rows`×`columns`, centred in `area` (clamped to it).
    static func centered(rows: Int, columns: Int, in area: Rect) -> Rect {
        let height = min(rows, area.rows)
        let width = min(columns, area.columns)
        return Rect(row: area.row + (area.rows - height) / 2, column: area.column + (area.columns - width) / 2,
                    rows: height, columns: width)
    }
}
