import Foundation
import KuchiCore

/// WordPane: one word's page — the entry, then each card (direction) with its state, memory
/// and every review — scrolled by the Word scene.
///
/// Reads only the page (`AppState.wordPage`) and the scroll offset.
struct WordPane: Pane {
    let state: AppState
    let name = "word"

    /// Line: one line of the page and how it is styled.
    struct Line: Equatable {
        enum Role { case word, card, review, note }
        var text: String
        var role: Role
    }

    /// lines: the page's lines (as `kuchi word` prints them), each with its role.
    static func lines(_ history: WordHistory, timeZone: TimeZone = .current) -> [Line] {
        history.textLines(timeZone: timeZone).enumerated().map { index, text in
            if index == 0 { return Line(text: text, role: .word) }
            if text.hasPrefix("  no reviews") { return Line(text: text, role: .note) }
            return Line(text: text, role: text.hasPrefix("  ") ? .review : .card)
        }
    }

    /// visibleRows: how many lines the pane shows in a frame of `rows`.
    static func visibleRows(_ rows: Int) -> Int { max(rows - 2, 1) }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        guard let page = state.wordPage else {
            screen.box(area, style: theme.frame, title: "Word", titleStyle: theme.title)
            return
        }
        let lines = Self.lines(page.history)
        let room = Self.visibleRows(area.rows)
        let first = min(max(state.wordScroll, 0), max(lines.count - room, 0))
        let more = lines.count > room ? " · \(first + 1)–\(min(first + room, lines.count)) of \(lines.count) lines" : ""
        screen.box(area, style: theme.frame, title: "Word · " + page.history.challenge.question + more, titleStyle: theme.title)
        let inner = area.inset(by: 1).insetColumns(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        for (offset, line) in lines.dropFirst(first).prefix(inner.rows).enumerated() {
            let style: Style = switch line.role {
            case .word: theme.word
            case .card: line.text.contains("leech") || line.text.contains("suspended") ? theme.wrong : theme.accent
            case .review: theme.text
            case .note: theme.dim
            }
            screen.put(line.text.truncated(toWidth: inner.columns), row: inner.row + offset, column: inner.column, style: style, clip: inner)
        }
    }
}
