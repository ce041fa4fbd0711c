import Observation

import KuchiCore

/// KeyBar: the key bar's hints, derived from the screen's binding table after every event.
///
/// The app writes it only when the hints differ, so the bar redraws only when the keys that
/// work have changed — not whenever something a binding looked at changed.
@MainActor
@Observable
final class KeyBar {
    private(set) var hints: [KeyHint] = []

    /// update: sets the hints, writing only a real change.
    func update(_ hints: [KeyHint]) {
        if self.hints != hints { self.hints = hints }
    }
}

/// KeyBarPane: the bottom line, like nano's and htop's: the keys that work on this screen now.
/// When they don't all fit, the least important go first and the way back stays.
struct KeyBarPane: Pane {
    let bar: KeyBar
    let name = "keybar"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let width = screen.columns - 1
        screen.keyHints(Self.fitting(bar.hints, width: width), row: 0, column: 1, width: width, theme: environment.theme)
    }

    /// fitting: the hints that fit `width`, dropping the lowest priority first and, among
    /// equals, the rightmost; order is kept.
    static func fitting(_ hints: [KeyHint], width: Int) -> [KeyHint] {
        var kept = hints
        while kept.count > 1, Self.width(of: kept) > width {
            let lowest = kept.map(\.priority).min() ?? .normal
            guard let index = kept.lastIndex(where: { $0.priority == lowest }) else { break }
            kept.remove(at: index)
        }
        return kept
    }

    /// width: the columns `keyHints` needs for these hints.
    static func width(of hints: [KeyHint]) -> Int {
        hints.enumerated().reduce(0) { total, item in
            total + (item.offset == 0 ? 0 : 2) + item.element.keys.displayWidth + 1 + item.element.label.displayWidth
        }
    }
}
