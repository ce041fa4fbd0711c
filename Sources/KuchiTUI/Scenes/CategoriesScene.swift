import KuchiCore

/// CategoriesScene: which categories of the deck are studied — all by default.
struct CategoriesScene: Scene {
    /// Action: what the filter does.
    enum Action: SceneAction {
        case moveUp, moveDown
        /// toggle: includes or leaves out category `index`.
        case toggle(Int)
        case toggleHighlighted
        /// all: every category again.
        case all
        case done
    }

    let state: AppState
    let user: UserManager
    /// deck: the learner's whole deck (not narrowed), whose categories are listed.
    let deck: Deck
    let title = "Categories"

    private var categories: [(name: String, count: Int)] { deck.categories }

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Move", help: "move between categories"),
            Binding([.space], .toggleHighlighted, keys: "Space", bar: "Include", help: "include or leave out the category (or click it)"),
            Binding([.character("a")], .all, keys: "a", bar: "All", help: "study every category again",
                    when: !user.categories.isEmpty),
            Binding([.enter, .escape, .character("q")], .done, keys: "Enter", helpKeys: "Enter q Esc", bar: "Done",
                    help: "back to Settings (the choice is kept)", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let chosen = Set(user.categories)
        let rows = categories.map { ListPane.Row(mark: chosen.isEmpty || chosen.contains($0.name) ? "[x]" : "[ ]", label: $0.name,
                                                detail: "\($0.count) words") }
        let words = chosen.isEmpty ? deck.challenges.count : categories.filter { chosen.contains($0.name) }.map(\.count).reduce(0, +)
        let note = chosen.isEmpty
            ? "Every category of \(deck.title) is studied (\(words) words)."
            : "\(chosen.count) of \(categories.count) categories: \(words) words. At least \(Deck.minimumEntries) words are needed."
        return [(ListPane(title: "Categories of \(deck.title)", note: note, rows: rows, cursor: state.categoryCursor.index ?? 0,
                          action: { Action.toggle($0) }, name: "categories"), body)]
    }

    func perform(_ action: Action) {
        switch action {
        case .moveUp: state.set(\.categoryCursor, to: state.categoryCursor.moved(by: -1, count: categories.count))
        case .moveDown: state.set(\.categoryCursor, to: state.categoryCursor.moved(by: 1, count: categories.count))
        case .toggle(let index): toggle(index)
        case .toggleHighlighted: toggle(state.categoryCursor.index ?? 0)
        case .all: user.categories = []
        case .done: state.go(.settings)
        }
    }

    /// toggle: from "all", leaving one out keeps the others; a choice that would leave fewer
    /// words than a challenge needs is not made; including every one again means "all".
    private func toggle(_ index: Int) {
        guard categories.indices.contains(index) else { return }
        state.set(\.categoryCursor, to: ListCursor(index: index))
        let name = categories[index].name
        var chosen = user.categories.isEmpty ? categories.map(\.name) : user.categories
        if let position = chosen.firstIndex(of: name) { chosen.remove(at: position) } else { chosen.append(name) }
        let ordered = categories.map(\.name).filter(chosen.contains)
        guard !ordered.isEmpty, deck.selecting(categories: ordered) != nil else { return }
        user.categories = ordered.count == categories.count ? [] : ordered
    }
}
