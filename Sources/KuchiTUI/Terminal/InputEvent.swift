/// Key: a key press, decoded from the terminal into what Kuchi's screens act on.
enum Key: Equatable, Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
    /// control: Ctrl plus a letter (lower case), other than the ones named above.
    case control(Character)
}

/// InputEvent: a fact from the terminal; the app reacts to nothing else.
enum InputEvent: Equatable, Sendable {
    case keyPressed(Key)
    case terminalResized(TerminalSize)
    case mouseClicked(row: Int, column: Int)
    /// interrupted: SIGINT, SIGTERM or SIGHUP arrived; the app saves and exits.
    case interrupted(signal: Int32)
    /// idle: the wait for input ended (`idleMilliseconds`) with nothing typed: time moved on.
    case idle
    /// backgroundFinished: background work (a sync) has a result for the app.
    case backgroundFinished
}

/// TerminalBackend: where frames go and events come from — ncurses in the app, an in-memory
/// grid in tests.
@MainActor
protocol TerminalBackend: AnyObject {
    var size: TerminalSize { get }
    /// colors: whether the terminal can show colour (false also under `NO_COLOR`).
    var colors: Bool { get }
    /// beginLayout: a new set of panes replaces the old (resize, screen change): forget the old
    /// areas and clear the screen once. `repaint` makes the next frame rewrite every cell of the
    /// terminal instead of only what differs (the naive baseline).
    func beginLayout(_ hosts: [PaneHost], repaint: Bool)
    /// show: a pane has drawn; stage its content for the next frame (`wnoutrefresh`).
    func show(_ host: PaneHost)
    /// restage: stages a pane again unchanged (it lies over one that was just shown).
    func restage(_ host: PaneHost)
    /// finishFrame: put the staged panes on the terminal at once (`doupdate`), with the cursor
    /// shown at `cursor` (in screen coordinates) or hidden.
    func finishFrame(cursor: (row: Int, column: Int)?)
    /// nextEvent: the next input; `wait` false returns nil at once when none is pending, so a
    /// paste or a burst of resizes is handled before a single redraw.
    func nextEvent(wait: Bool) -> InputEvent?
    /// idleMilliseconds: how long a waiting `nextEvent` blocks before returning `.idle`
    /// (-1: until input comes).
    var idleMilliseconds: Int32 { get set }
}
