import KuchiCore

/// SceneAction: something a key press or a click asks a screen to do — a value tests can
/// compare (`"h" ↦ .toggleHint`), never an Int.
protocol SceneAction: Hashable, Sendable {}

/// HintPriority: which key-bar hints stay when the bar is too narrow for all of them.
///
/// The bar drops `.optional` hints first, then `.normal` ones from the right; `.essential`
/// ones (the way back, help) stay, so on 80 columns a learner can always leave a screen.
enum HintPriority: Int, Comparable, Sendable {
    case optional, normal, essential

    static func < (lhs: HintPriority, rhs: HintPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Binding: one action of a screen, declared once — the keys that trigger it, how the key bar
/// and the help overlay name it, and whether it works right now.
///
/// The key bar shows the enabled bindings that have a bar label; the help overlay lists every
/// binding; the app performs the first enabled binding whose keys match. Because all three are
/// derived from this one table, they cannot drift apart.
struct Binding<Action: SceneAction> {
    /// triggers: each key and the action it performs (the digits 1–3 answer three choices).
    let triggers: [(key: Key, action: Action)]
    /// keys: the keys as the key bar names them ("1-3", "↑↓").
    let keys: String
    /// helpKeys: the keys as the help overlay names them ("1 2 3", "↑ ↓  k j").
    let helpKeys: String
    /// bar: the key bar's label; nil keeps the binding out of the bar (help only).
    let bar: String?
    /// help: what the help overlay says the keys do.
    let help: String
    /// isEnabled: the keys do something now; a disabled binding matches nothing and is not in
    /// the bar.
    let isEnabled: Bool
    /// priority: how hard the key bar tries to keep this hint when space runs out.
    let priority: HintPriority

    /// init: keys that all perform one action.
    init(_ keys: [Key], _ action: Action, keys label: String, helpKeys: String? = nil, bar: String? = nil, help: String,
         when isEnabled: Bool = true, priority: HintPriority = .normal) {
        self.init(triggers: keys.map { ($0, action) }, keys: label, helpKeys: helpKeys, bar: bar, help: help, when: isEnabled,
                  priority: priority)
    }

    /// init: keys that perform different actions of one kind (↑ and ↓, the digits).
    init(triggers: [(key: Key, action: Action)], keys: String, helpKeys: String? = nil, bar: String? = nil, help: String,
         when isEnabled: Bool = true, priority: HintPriority = .normal) {
        self.triggers = triggers
        self.keys = keys
        self.helpKeys = helpKeys ?? keys
        self.bar = bar
        self.help = help
        self.isEnabled = isEnabled
        self.priority = priority
    }

    /// note: a help line with no key of its own (typing into a field, a click).
    static func note(_ keys: String, _ help: String) -> Binding {
        Binding(triggers: [], keys: keys, help: help)
    }

    /// action: what `key` does through this binding, if it is enabled and names that key.
    func action(for key: Key) -> Action? {
        guard isEnabled else { return nil }
        return triggers.first { $0.key == key }?.action
    }

    /// barHint: the key bar's hint, when the binding is enabled and has a bar label.
    var barHint: KeyHint? {
        guard isEnabled, let bar else { return nil }
        return KeyHint(keys: keys, label: bar, priority: priority)
    }

    /// helpLine: the help overlay's line.
    var helpLine: KeyHint {
        KeyHint(keys: helpKeys, label: help, priority: priority)
    }
}

/// KeyHint: a key (or keys) and what it does, as the key bar and the help overlay show it.
struct KeyHint: Equatable, Sendable {
    let keys: String
    let label: String
    var priority: HintPriority = .normal
}

/// ClickTarget: an area a pane drew and the action a click there performs — recorded while
/// drawing, so what is clickable is exactly what is on screen.
struct ClickTarget: Sendable {
    /// rect: the area, in the coordinates of the screen it was recorded in.
    let rect: Rect
    let action: any SceneAction
}

/// Key helpers for binding tables.
extension Key {
    /// space: the space bar.
    static let space = Key.character(" ")

    /// digit: the number key `n` (1…9).
    static func digit(_ number: Int) -> Key { .character(Character(String(number))) }
}
