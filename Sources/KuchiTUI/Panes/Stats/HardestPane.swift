import KuchiCore

/// HardestPane: the words forgotten most often, with reading and meaning, in aligned columns
/// measured by display width (kana and kanji take two columns each).
///
/// Reads only `stats.hardest` and the highlight; each row is a click target opening the word's
/// page.
struct HardestPane: Pane {
    let stats: StatsModel
    /// highlighted: the row Enter opens (Stats' cursor); none in `kuchi stats`' text.
    var highlighted: @MainActor () -> Int? = { nil }
    let name = "stats-hardest"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.frame, title: "Hardest words", titleStyle: theme.title)
        let inner = area.inset(by: 1).insetColumns(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        let words = Array(stats.hardest.prefix(inner.rows))
        guard !words.isEmpty else {
            screen.put("No word forgotten yet.", row: inner.row, column: inner.column, style: theme.dim, clip: inner)
            return
        }
        let lapseWidth = words.map { "\($0.lapses)×".displayWidth }.max() ?? 2
        let questionWidth = min(words.map(\.question.displayWidth).max() ?? 0, max(2, inner.columns / 3))
        // The reading shows only when the meaning keeps at least 8 columns beside it.
        let meaningRoom = inner.columns - lapseWidth - 2 - questionWidth - 2
        let widestReading = words.map(\.reading.displayWidth).max() ?? 0
        let readingWidth = min(widestReading, meaningRoom - 2 - 8)
        let showReading = readingWidth > 0 && (readingWidth >= 4 || readingWidth == widestReading)
        let highlighted = self.highlighted()
        for (offset, word) in words.enumerated() {
            let row = inner.row + offset
            screen.onClick(Rect(row: row, column: inner.column, rows: 1, columns: inner.columns), StatsScene.Action.openHardest(offset))
            if offset == highlighted {
                screen.put(String(repeating: " ", count: inner.columns), row: row, column: inner.column, style: theme.selected, clip: inner)
            }
            let lapses = "\(word.lapses)×"
            var column = screen.put(String(repeating: " ", count: lapseWidth - lapses.displayWidth) + lapses, row: row,
                                    column: inner.column, style: theme.wrong, clip: inner)
            column = screen.put("  " + word.question.padded(toWidth: questionWidth), row: row, column: column, style: theme.word, clip: inner)
            if showReading {
                column = screen.put("  " + word.reading.padded(toWidth: readingWidth), row: row, column: column, style: theme.accent, clip: inner)
            }
            let room = inner.right - column - 2
            if room > 0 { screen.put("  " + word.meaning.truncated(toWidth: room), row: row, column: column, style: theme.text, clip: inner) }
        }
    }
}
