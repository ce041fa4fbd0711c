import KuchiCore

/// TooSmallPane: shown instead of any layout when the terminal is below `Layout.minimum`, or
/// when the screen's content (long choices) cannot fit even wrapped; it goes away by itself as
/// soon as the terminal is large enough.
struct TooSmallPane: Pane {
    /// Reason: why nothing else shows.
    enum Reason: Equatable {
        /// terminal: smaller than any layout.
        case terminal
        /// content: the current screen's text does not fit, even wrapped.
        case content
    }

    let size: TerminalSize
    var reason = Reason.terminal
    let name = "toosmall"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let area = screen.bounds
        let need = Layout.minimum
        let first = switch reason {
        case .terminal: "Terminal too small — need at least \(need.columns)×\(need.rows), now \(size.columns)×\(size.rows)"
        case .content: "Terminal too small for this word's choices, even wrapped (now \(size.columns)×\(size.rows))"
        }
        let lines = TextWrap.lines(first, width: area.columns)
            + TextWrap.lines("Enlarge the window, or press Ctrl-C to quit.", width: area.columns)
        let top = max(0, (area.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < area.rows {
            screen.putCentered(line, row: top + offset, in: area, style: offset == 0 ? environment.theme.title : environment.theme.text)
        }
    }
}
