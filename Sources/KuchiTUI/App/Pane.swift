import KuchiCore

import Observation

/// Pane: a rectangle of the screen that draws itself from the models it was given.
///
/// A pane is cheap and disposable — rebuilt on every layout change — so it keeps no state of
/// its own that must survive; what it shows lives in the models and in the scene state.
@MainActor
protocol Pane {
    /// name: the pane's lower-case name in the render log ("question", "choices", "score", …).
    var name: String { get }
    /// draw: renders into `screen`, which is exactly the pane's size, and records what is
    /// clickable there (`screen.onClick`). Everything read here is tracked: a later change to it
    /// marks the pane dirty.
    func draw(into screen: inout Screen, environment: PaneEnvironment)
    /// cursor: where the terminal cursor should blink after a draw (a text field), if anywhere.
    func cursor(in size: TerminalSize) -> (row: Int, column: Int)?
    /// isModal: while this pane is up, clicks reach only its own targets (a yes/no question).
    var isModal: Bool { get }
}

extension Pane {
    func cursor(in size: TerminalSize) -> (row: Int, column: Int)? { nil }
    var isModal: Bool { false }
}

/// PaneHost: one pane placed at a frame, with its last drawing and its dirty flag.
///
/// The draw runs inside `withObservationTracking`; the change handler only flips `isDirty`
/// (it is called before the write lands, so redrawing there would show the old value). The
/// app redraws dirty hosts after each input event, which re-arms the tracking.
@MainActor
final class PaneHost {
    let pane: any Pane
    let frame: Rect
    private(set) var isDirty = true
    private(set) var content: Screen
    private(set) var cursor: (row: Int, column: Int)?
    /// draws: how many times this host has drawn (tests assert on it).
    private(set) var draws = 0

    init(pane: any Pane, frame: Rect) {
        self.pane = pane
        self.frame = frame
        content = Screen(rows: frame.rows, columns: frame.columns)
    }

    var name: String { pane.name }

    /// target: the action of the click target under a screen position, if this host drew one.
    func target(row: Int, column: Int) -> (any SceneAction)? {
        guard frame.contains(row: row, column: column) else { return nil }
        return content.target(row: row - frame.row, column: column - frame.column)
    }

    /// markDirty: forces a redraw on the next frame (layout and theme changes).
    func markDirty() {
        isDirty = true
    }

    /// renderIfDirty: redraws when dirty; returns whether it drew.
    func renderIfDirty(environment: PaneEnvironment) -> Bool {
        guard isDirty else { return false }
        isDirty = false
        draws += 1
        var screen = Screen(rows: frame.rows, columns: frame.columns)
        // Blank cells take the theme's background too, so Dark and Light paint whole panes,
        // not only the cells under text.
        if environment.theme.text != Style.plain {
            screen.fill(Rect(row: 0, column: 0, rows: frame.rows, columns: frame.columns),
                        with: Cell(grapheme: " ", width: 1, style: environment.theme.text))
        }
        let size = TerminalSize(rows: frame.rows, columns: frame.columns)
        withObservationTracking {
            pane.draw(into: &screen, environment: environment)
            cursor = pane.cursor(in: size)
        } onChange: { [weak self] in
            // Observation calls this synchronously from the writer; every writer is on the
            // main actor (the input loop), so hopping is unnecessary and would be too late.
            MainActor.assumeIsolated { self?.isDirty = true }
        }
        content = screen
        return true
    }
}
