import KuchiCore

/// Color is one of the eight basic terminal colors, or the terminal's own default.
enum Color: Equatable, Hashable, Sendable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// Style is how a cell is drawn: colors plus attributes. It is plain data so screens can be
/// compared in tests; mapping it to ncurses attributes is the front end's job.
struct Style: Equatable, Hashable, Sendable {
    var foreground: Color = .default
    var background: Color = .default
    var bold = false
    var dim = false
    var reverse = false
    var underline = false

    /// plain is the terminal's default look: default colors, no attributes.
    static let plain = Style()

    /// fg(_:) is a plain style with the given foreground color, e.g. `.fg(.red).bolded`.
    static func fg(_ color: Color) -> Style {
        Style(foreground: color)
    }

    /// on(_:) returns a copy with the given background color, e.g. `.fg(.white).on(.blue)`.
    func on(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// bolded is a copy with `bold` set.
    var bolded: Style {
        var copy = self
        copy.bold = true
        return copy
    }

    /// dimmed is a copy with `dim` set.
    var dimmed: Style {
        var copy = self
        copy.dim = true
        return copy
    }

    /// reversed is a copy with `reverse` set (used for selection highlights).
    var reversed: Style {
        var copy = self
        copy.reverse = true
        return copy
    }

    /// underlined is a copy with `underline` set.
    var underlined: Style {
        var copy = self
        copy.underline = true
        return copy
    }
}
