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

    /// lines: the page's lines (as `kuchi word` prints them), each with its role; with `width`,
    /// a line wider than that wraps at its two-space joins, the rest indented under it.
    static func lines(_ history: WordHistory, width: Int? = nil, timeZone: TimeZone = .current) -> [Line] {
        history.textLines(timeZone: timeZone).enumerated().flatMap { index, text in
            let role: Line.Role = index == 0 ? .word : text.hasPrefix("  no reviews") || text.hasPrefix("kanji: ") ? .note
                : text.hasPrefix("  ") ? .review : .card
            return wrapped(text, width: width).map { Line(text: $0, role: role) }
        }
    }

    /// wrapped: `text` in lines at most `width` wide, broken where its figures are joined by two
    /// spaces (continuations indented by four); a part wider than a line alone is cut with ….
    static func wrapped(_ text: String, width: Int?) -> [String] {
        guard let width, width > 8, text.displayWidth > width else { return [text] }
        let indent = String(repeating: " ", count: text.prefix { $0 == " " }.count + 4)
        var lines: [String] = []
        for part in text.split(separator: "  ", omittingEmptySubsequences: true).map(String.init) {
            if let last = lines.last, (last + "  " + part).displayWidth <= width {
                lines[lines.count - 1] = last + "  " + part
            } else {
                lines.append(((lines.isEmpty ? String(text.prefix { $0 == " " }) : indent) + part.trimmingSpaces())
                    .truncated(toWidth: width))
            }
        }
        return lines
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
        let inner = area.inset(by: 1).insetColumns(by: 1)
        state.wordColumns = inner.columns
        let lines = Self.lines(page.history, width: inner.columns)
        let room = Self.visibleRows(area.rows)
        let first = min(max(state.wordScroll, 0), max(lines.count - room, 0))
        let more = lines.count > room ? " · \(first + 1)–\(min(first + room, lines.count)) of \(lines.count) lines" : ""
        screen.box(area, style: theme.frame, title: "Word · " + page.history.challenge.question + more, titleStyle: theme.title)
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
