import KuchiCore

/// Theme+Stats: the chart roles of the Stats tab, derived from a theme's existing roles so
/// every appearance (and monochrome) gets them without new settings.
///
/// Charts always draw their glyphs (density shades, eighth blocks), so the meaning survives
/// monochrome and `NO_COLOR`; colour themes add green shades on top.
extension Theme {
    /// isMonochrome: attributes only (the monochrome appearance, no colours, `NO_COLOR`).
    var isMonochrome: Bool { self == .monochrome }

    /// heatGlyphs: a heatmap day's glyph per level (none, then four densities).
    static let heatGlyphs = ["·", "░", "▒", "▓", "█"]

    /// heat: the style of a heatmap level: dim for "no review"; in colour, green growing from
    /// dim to bold; in monochrome plain (the glyph's density carries the level).
    func heat(level: Int) -> Style {
        if level <= 0 { return dim }
        guard !isMonochrome else { return level >= 4 ? word : text }
        var style = text
        style.foreground = .green
        style.dim = level == 1
        style.bold = level >= 3
        return style
    }

    /// chartBar: the bars of the forecast and the mastery bars' mature part.
    var chartBar: Style {
        guard !isMonochrome else { return text }
        var style = text
        style.foreground = .green
        return style
    }

    /// chartSeen: the seen-but-not-mature part of a mastery bar.
    var chartSeen: Style {
        isMonochrome ? text : accent
    }
}
