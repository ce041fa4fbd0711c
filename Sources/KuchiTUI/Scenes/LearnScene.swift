import KuchiCore

/// LearnScene: flash cards in the learner's card colour; flip, then remembered or forgot.
struct LearnScene: Scene {
    /// Action: what Learn does.
    enum Action: SceneAction {
        case flip, remembered, forgot
        /// restart: deals the whole stack again once every card is remembered.
        case restart
        case back
        /// say: says the card's word (`a`).
        case say
    }

    let state: AppState
    let user: UserManager
    let cards: FlashCardsViewModel
    let title = "Learn"

    var bindings: [Binding<Action>] {
        let finished = cards.isFinished
        return [
            Binding([.space, .enter], .flip, keys: "Space", helpKeys: "Space Enter", bar: "Flip",
                    help: "flip the card: word ↔ meaning (or click it)", when: !finished),
            Binding([.right, .character("r")], .remembered, keys: "→ r", bar: "Remembered",
                    help: "remembered: the card leaves the stack", when: !finished),
            Binding([.left, .character("f")], .forgot, keys: "← f", bar: "Forgot", help: "forgot: the card goes under the stack",
                    when: !finished),
            Binding([.enter, .space], .restart, keys: "Enter", helpKeys: "Enter Space", bar: "Start again",
                    help: "start again, once every card is remembered (or click the card)", when: finished),
            Binding([.character("a")], .say, keys: "a", bar: "Say", help: "say the word (Open JTalk; Settings › Audio)",
                    when: !finished && user.audio != .off, priority: .optional),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back", help: "back to Welcome",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let frames = Layout.learn(in: body, sizeClass: sizeClass)
        return [(CardPane(cards: cards), frames.card), (LearnProgressPane(cards: cards), frames.controls)]
    }

    func perform(_ action: Action) {
        switch action {
        case .flip: cards.flip()
        case .remembered: cards.remember()
        case .forgot: cards.forget()
        case .restart: cards.restart()
        case .back: state.go(.welcome)
        case .say: state.audio?.say(cards.current, mode: user.audio)
        }
    }
}
