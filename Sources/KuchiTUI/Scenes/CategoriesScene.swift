import KuchiCore
import KuchiDeck

/// CategoriesScene: which categories of the deck are studied — all by default.
///
/// Choosing works on a draft (`AppState.categoryDraft`) so a learner can start from none (`n`)
/// and add three categories instead of leaving out twenty-three; the learner's setting follows
/// the draft whenever it holds enough words, and a draft with too few is dropped on Done.
struct CategoriesScene: Scene {
    /// Action: what the filter does.
    enum Action: SceneAction {
        case moveUp, moveDown
        /// toggle: includes or leaves out category `index`.
        case toggle(Int)
        case toggleHighlighted
        /// all: every category again.
        case all
        /// none: no category yet; Space then adds them one by one.
        case none
        case done
    }

    let state: AppState
    let user: UserManager
    /// deck: the learner's whole deck (not narrowed), whose categories are listed.
    let deck: Deck
    let title = "Categories"

    private var categories: [(name: String, count: Int)] { deck.categories }

    /// chosen: the categories ticked now — the draft while one is open, else the setting
    /// (empty meaning all).
    private static func chosen(state: AppState, user: UserManager, all: [String]) -> [String] {
        if let draft = state.categoryDraft { return draft }
        return user.categories.isEmpty ? all : user.categories
    }

    var bindings: [Binding<Action>] {
        let all = categories.map(\.name)
        let chosen = Self.chosen(state: state, user: user, all: all)
        return [
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Move", help: "move between categories"),
            Binding([.space], .toggleHighlighted, keys: "Space", bar: "Include", help: "include or leave out the category (or click it)"),
            Binding([.character("a")], .all, keys: "a", bar: "All", help: "study every category again", when: chosen.count < all.count),
            Binding([.character("n")], .none, keys: "n", bar: "None", help: "tick none, then include the ones wanted with Space",
                    when: !chosen.isEmpty),
            Binding([.enter, .escape, .character("q")], .done, keys: "Enter", helpKeys: "Enter q Esc", bar: "Done",
                    help: "back to Settings (the choice is kept; one with too few words is not)", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let (state, user, deck, categories) = (self.state, self.user, self.deck, self.categories)
        let all = categories.map(\.name)
        let rows: @MainActor () -> [ListPane.Row] = {
            let chosen = Set(Self.chosen(state: state, user: user, all: all))
            return categories.map { ListPane.Row(mark: chosen.contains($0.name) ? "[x]" : "[ ]", label: $0.name, detail: "\($0.count) words") }
        }
        let note: @MainActor () -> String = {
            let chosen = Set(Self.chosen(state: state, user: user, all: all))
            let words = categories.filter { chosen.contains($0.name) }.map(\.count).reduce(0, +)
            if chosen.count == categories.count { return "Every category of \(deck.heading) is studied (\(words) words)." }
            let count = "\(chosen.count) of \(categories.count) categories: \(words) words."
            return words < Deck.minimumEntries ? count + " Choose at least \(Deck.minimumEntries) words." : count
        }
        return [(ListPane(title: "Categories of \(deck.title)", note: note, rows: rows, cursor: { state.categoryCursor.index ?? 0 },
                          action: { Action.toggle($0) }, name: "categories"), body)]
    }

    func perform(_ action: Action) {
        switch action {
        case .moveUp: state.set(\.categoryCursor, to: state.categoryCursor.moved(by: -1, count: categories.count))
        case .moveDown: state.set(\.categoryCursor, to: state.categoryCursor.moved(by: 1, count: categories.count))
        case .toggle(let index): toggle(index)
        case .toggleHighlighted: toggle(state.categoryCursor.index ?? 0)
        case .all:
            state.set(\.categoryDraft, to: nil)
            user.categories = []
        case .none: state.set(\.categoryDraft, to: [])
        case .done:
            state.set(\.categoryDraft, to: nil)
            state.go(.settings)
        }
    }

    /// toggle: includes or leaves out a category in the draft; the setting follows whenever the
    /// draft holds enough words (every category again means "all").
    private func toggle(_ index: Int) {
        guard categories.indices.contains(index) else { return }
        state.set(\.categoryCursor, to: ListCursor(index: index))
        let all = categories.map(\.name)
        let name = categories[index].name
        var chosen = Self.chosen(state: state, user: user, all: all)
        if let position = chosen.firstIndex(of: name) { chosen.remove(at: position) } else { chosen.append(name) }
        let ordered = all.filter(chosen.contains)
        guard !ordered.isEmpty, deck.selecting(categories: ordered) != nil else {
            state.set(\.categoryDraft, to: ordered)
            return
        }
        state.set(\.categoryDraft, to: nil)
        user.categories = ordered.count == all.count ? [] : ordered
    }
}
