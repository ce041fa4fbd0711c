import KuchiCore
import KuchiData

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
        func style(_ color: Color) -> Style { Style.fg(color).on(background) }
        let accentColor: Color = appearance == .light ? .blue : .cyan
        let keyLabel = appearance == .light ? style(foreground) : style(foreground).dimmed
        return Theme(
            text: style(foreground), dim: style(foreground).dimmed, title: style(accentColor).bolded, accent: style(accentColor),
            word: style(foreground).bolded, correct: style(.green).bolded, wrong: style(.red).bolded,
            selected: style(foreground).bolded.reversed, disabled: style(foreground).dimmed,
            key: style(appearance == .light ? .blue : .yellow).bolded, keyLabel: keyLabel, frame: style(accentColor),
            header: style(foreground).bolded.reversed, card: card(cardColor)
        )
    }

    /// card: the flash card's style — dark text on the light colours (yellow, cyan, green,
    /// white) and white text on the dark ones, so the word is readable whatever the appearance.
    static func card(_ cardColor: CardColor) -> Style {
        let text: Color = switch cardColor {
        case .yellow, .cyan, .green, .white: .black
        case .red, .blue, .magenta: .white
        }
        return Style.fg(text).on(Color(cardColor)).bolded
    }

    /// monochrome: attributes only (bold, dim, reverse, underline).
    static let monochrome = Theme(
        text: .plain, dim: Style.plain.dimmed, title: Style.plain.bolded, accent: .plain, word: Style.plain.bolded,
        correct: Style.plain.bolded, wrong: Style.plain.bolded, selected: Style.plain.bolded.reversed, disabled: Style.plain.dimmed,
        key: Style.plain.bolded, keyLabel: .plain, frame: .plain, header: Style.plain.bolded.reversed, card: Style.plain.reversed)
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
