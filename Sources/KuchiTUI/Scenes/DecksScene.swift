import KuchiCore

/// DecksScene: the deck picker — the bundled deck and every imported one; each keeps its own
/// progress.
struct DecksScene: Scene {
    /// Action: what the picker does.
    enum Action: SceneAction {
        case moveUp, moveDown
        /// choose: studies deck `index` of the list.
        case choose(Int)
        case chooseHighlighted
        case back
    }

    let state: AppState
    let user: UserManager
    /// decks: the choices — name ("" for the bundled deck), title and size.
    let decks: [(name: String, title: String, count: Int)]
    let title = "Decks"

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Move", help: "move between decks"),
            Binding([.enter, .space], .chooseHighlighted, keys: "Enter", helpKeys: "Enter Space", bar: "Study this deck",
                    help: "study the highlighted deck (or click it); its own progress comes with it"),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back", help: "back to Settings",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let (decks, user, state) = (self.decks, self.user, self.state)
        let rows: @MainActor () -> [ListPane.Row] = {
            decks.map { deck in
                ListPane.Row(mark: deck.name == user.deck ? "●" : "○",
                             label: deck.name.isEmpty ? "\(deck.title) (bundled)" : "\(deck.title) (\(deck.name))", detail: "\(deck.count) words")
            }
        }
        let note = decks.count > 1 ? "Import your own words with: kuchi import FILE" : "Only the bundled deck so far — import your own words with: kuchi import FILE"
        return [(ListPane(title: "Choose a deck", note: { note }, rows: rows, cursor: { state.deckCursor.index ?? 0 },
                          action: { Action.choose($0) }, name: "decks"), body)]
    }

    func perform(_ action: Action) {
        switch action {
        case .moveUp: state.set(\.deckCursor, to: state.deckCursor.moved(by: -1, count: decks.count))
        case .moveDown: state.set(\.deckCursor, to: state.deckCursor.moved(by: 1, count: decks.count))
        case .choose(let index): choose(index)
        case .chooseHighlighted: choose(state.deckCursor.index ?? 0)
        case .back: state.go(.settings)
        }
    }

    /// choose: the learner studies this deck from now on (all of its categories).
    private func choose(_ index: Int) {
        guard decks.indices.contains(index) else { return }
        if user.deck != decks[index].name {
            user.categories = []
            user.deck = decks[index].name
        }
        state.go(.settings)
    }
}
