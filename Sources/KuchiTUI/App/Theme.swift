import KuchiCore

/// Theme: the styles panes use, by role, so no pane picks raw colours.
///
/// Every role that carries meaning also has a non-colour cue in the panes themselves (✓/✗,
/// ▸, brackets), so the monochrome theme and `NO_COLOR` lose no information.
struct Theme: Equatable {
    var text: Style
    var dim: Style
    var title: Style
    var accent: Style
    var word: Style
    var correct: Style
    var wrong: Style
    var selected: Style
    var disabled: Style
    var key: Style
    var keyLabel: Style
    var frame: Style
    var header: Style
    var card: Style

    /// make: the theme for an appearance; `colors` false (no colour support, `NO_COLOR`) forces
    /// monochrome whatever was chosen.
    static func make(appearance: Appearance, cardColor: CardColor, colors: Bool) -> Theme {
        guard colors, appearance != .monochrome else { return monochrome }
        let background: Color = switch appearance {
        case .dark: .black
        case .light: .white
        case .terminal, .monochrome: .default
        }
        let foreground: Color = switch appearance {
        case .dark: .white
        case .light: .black
        case .terminal, .monochrome: .default
        }
        func style(_ color: Color, bold: Bool = false) -> Style {
            var style = Style()
            style.foreground = color
            style.background = background
            style.bold = bold
            return style
        }
        let accentColor: Color = appearance == .light ? .blue : .cyan
        var selected = style(foreground, bold: true)
        selected.reverse = true
        var dim = style(foreground)
        dim.dim = true
        var header = style(foreground, bold: true)
        header.reverse = true
        var keyLabel = style(foreground)
        keyLabel.dim = appearance != .light
        var card = Style()
        card.foreground = cardColor == .white ? .black : .white
        card.background = Color(cardColor)
        card.bold = true
        return Theme(
            text: style(foreground), dim: dim, title: style(accentColor, bold: true), accent: style(accentColor),
            word: style(foreground, bold: true), correct: style(.green, bold: true), wrong: style(.red, bold: true),
            selected: selected, disabled: dim, key: style(.yellow, bold: true), keyLabel: keyLabel,
            frame: style(accentColor), header: header, card: card
        )
    }

    /// monochrome: attributes only (bold, dim, reverse, underline).
    static let monochrome: Theme = {
        var bold = Style()
        bold.bold = true
        var dim = Style()
        dim.dim = true
        var reverse = Style()
        reverse.reverse = true
        var reverseBold = reverse
        reverseBold.bold = true
        var underline = Style()
        underline.underline = true
        return Theme(text: Style(), dim: dim, title: bold, accent: Style(), word: bold, correct: bold, wrong: bold,
                     selected: reverseBold, disabled: dim, key: bold, keyLabel: Style(), frame: Style(), header: reverseBold,
                     card: reverse)
    }()
}

extension Color {
    /// init: the palette colour for a card colour setting.
    init(_ cardColor: CardColor) {
        self = switch cardColor {
        case .red: .red
        case .green: .green
        case .yellow: .yellow
        case .blue: .blue
        case .magenta: .magenta
        case .cyan: .cyan
        case .white: .white
        }
    }
}
