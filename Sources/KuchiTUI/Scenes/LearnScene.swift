import KuchiCore

/// LearnScene: flash cards in the learner's card colour; flip, then remembered or forgot.
struct LearnScene: Scene {
    let state: AppState
    let user: UserManager
    let cards: FlashCardsViewModel
    let title = "Learn"

    var hints: [KeyHint] {
        [KeyHint(keys: "Space", label: "Flip"), KeyHint(keys: "→ r", label: "Remembered"), KeyHint(keys: "← f", label: "Forgot"),
         KeyHint(keys: "Tab", label: "Tabs"), KeyHint(keys: "?", label: "Help"), KeyHint(keys: "q", label: "Back")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "Space Enter", label: "flip the card (word ↔ meaning)"),
         KeyHint(keys: "→ r", label: "remembered: the card leaves the stack"),
         KeyHint(keys: "← f", label: "forgot: the card goes under the stack"),
         KeyHint(keys: "Enter", label: "start again, when every card is remembered"),
         KeyHint(keys: "click", label: "flip the card"),
         .switchTabs,
         .thisHelp,
         .backToWelcome]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let frames = Layout.learn(in: body, sizeClass: sizeClass)
        return [(CardPane(cards: cards), frames.card), (LearnProgressPane(cards: cards), frames.controls)]
    }

    func handle(_ key: Key) {
        switch key {
        case .character(" "), .enter:
            if cards.isFinished { cards.restart() } else { cards.flip() }
        case .right, .character("r"): cards.remember()
        case .left, .character("f"): cards.forget()
        case .escape, .character("q"): state.go(.welcome)
        default: break
        }
    }
}
