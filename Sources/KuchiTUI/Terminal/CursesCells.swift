import CNcurses

/// CursesCells: how one screen cell is handed to ncurses so that ncurses's idea of its width
/// matches the cell's.
///
/// ncurses gives a `cchar_t` the width libc's `wcwidth` gives its first character, and expects
/// the rest to be zero-width. A flag 🇯🇵 is two regional indicators of width 1 each: handed over
/// as one `cchar_t` in a two-column cell, ncurses believed it one column wide, left the second
/// column's old content in its books, and the terminal (which drew two columns) and ncurses
/// disagreed from there on: a stale half-cell, or a border shifted. Here each piece that takes
/// a column goes into its own ncurses cell at the column libc says, and whatever the cell has
/// left over is blank — so ncurses's columns are exactly the screen's, whatever libc thinks.
enum CursesCells {
    /// Piece: scalars for one `cchar_t` at `offset` columns into the cell.
    struct Piece: Equatable {
        let scalars: [Unicode.Scalar]
        let offset: Int
    }

    /// ascii: the byte of a grapheme that is one printable ASCII character (what `pieces` would
    /// give as its one piece), else nil.
    static func ascii(_ grapheme: String) -> UInt8? {
        let bytes = grapheme.utf8
        guard bytes.count == 1, let byte = bytes.first, byte >= 0x20, byte < 0x7F else { return nil }
        return byte
    }

    /// pieces: the `cchar_t`s for a cell of `width` columns holding `grapheme`; `wcwidth` is
    /// libc's (injected for tests).
    static func pieces(of grapheme: String, width: Int,
                       wcwidth: (Unicode.Scalar) -> Int = { Int(kuchi_wcwidth($0.value)) }) -> [Piece] {
        let scalars = Array(grapheme.unicodeScalars)
        if scalars.count == 1, let only = scalars.first, only.isASCII { return [Piece(scalars: scalars, offset: 0)] }
        var runs: [[Unicode.Scalar]] = []
        for scalar in scalars {
            if wcwidth(scalar) > 0 || runs.isEmpty { runs.append([scalar]) } else { runs[runs.count - 1].append(scalar) }
        }
        var pieces: [Piece] = []
        var offset = 0
        for run in runs {
            guard let base = run.first else { continue }
            // A first character libc gives no width would be joined to the cell before.
            let spacing = wcwidth(base) > 0 ? run : ["\u{FFFD}"]
            let runWidth = max(1, wcwidth(spacing[0]))
            guard offset + runWidth <= width else { break }
            pieces.append(Piece(scalars: spacing, offset: offset))
            offset += runWidth
        }
        while offset < width {
            pieces.append(Piece(scalars: [" "], offset: offset))
            offset += 1
        }
        return pieces
    }
}
