import KuchiCore

/// WordScene: one word's page (`kuchi word` in the app), opened from the feedback after an
/// answer (`w`, F6 while typing) or from Stats' hardest words; scrolls, suspends the word or
/// brings it back, and Esc returns where it was opened.
struct WordScene: Scene {
    /// Action: what the word page does.
    enum Action: SceneAction {
        case scroll(Int)
        case top, bottom
        /// toggleSuspended: suspend the word, or bring it back.
        case toggleSuspended
        case back
    }

    let state: AppState
    let session: LearnerSession
    let title = "Word"

    /// suspended: the word's cards are suspended.
    private var suspended: Bool { state.wordPage?.history.cards.contains(where: \.suspended) ?? false }

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.up, .scroll(-1)), (.character("k"), .scroll(-1)), (.down, .scroll(1)), (.character("j"), .scroll(1))],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Scroll", help: "scroll the page by a line"),
            Binding(triggers: [(.pageUp, .scroll(-10)), (.pageDown, .scroll(10)), (.home, .top), (.end, .bottom)], keys: "PgUp PgDn",
                    helpKeys: "PgUp PgDn Home End", help: "scroll by a page, or to the top or the bottom", priority: .optional),
            Binding([.character("s")], .toggleSuspended, keys: "s", bar: suspended ? "Unsuspend" : "Suspend",
                    help: "suspend the word (never asked, not counted), or bring it back", when: session.database != nil),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back", help: "back where the page was opened",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(WordPane(state: state), body)]
    }

    func perform(_ action: Action) {
        let count = state.wordPage.map { WordPane.lines($0.history, width: state.wordColumns).count } ?? 0
        switch action {
        case .scroll(let step): state.set(\.wordScroll, to: min(max(state.wordScroll + step, 0), max(count - 1, 0)))
        case .top: state.set(\.wordScroll, to: 0)
        case .bottom: state.set(\.wordScroll, to: max(count - 1, 0))
        case .toggleSuspended:
            guard let page = state.wordPage else { return }
            let word = page.history.challenge
            guard session.setSuspended(!suspended, question: word.question, reading: word.reading ?? "") else { return }
            if let history = session.wordHistory(question: word.question, reading: word.reading ?? "") {
                state.set(\.wordPage, to: WordPageRequest(history: history, back: page.back))
            }
        case .back: state.go(state.wordPage?.back ?? .welcome)
        }
    }
}
