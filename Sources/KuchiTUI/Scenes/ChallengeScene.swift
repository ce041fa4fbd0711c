import KuchiCore

/// ChallengeScene: the quiz — question, choices and score, side by side or stacked.
struct ChallengeScene: Scene {
    let state: AppState
    let quiz: ChallengesViewModel
    let title = "Challenge"

    var hints: [KeyHint] {
        [KeyHint(keys: "1-3", label: "Answer"), KeyHint(keys: "↑↓", label: "Move"), KeyHint(keys: "Enter", label: "Choose"),
         KeyHint(keys: "Space", label: "Choices"), KeyHint(keys: "h", label: "Hint"), KeyHint(keys: "Tab", label: "Tabs"), KeyHint(keys: "?", label: "Help"),
         KeyHint(keys: "q", label: "Back")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "1 2 3", label: "answer with that choice"),
         KeyHint(keys: "↑ ↓  k j", label: "move the cursor over the choices"),
         KeyHint(keys: "Enter", label: "answer with the choice under the cursor"),
         KeyHint(keys: "Space", label: "show or hide the choices (tap the question)"),
         KeyHint(keys: "h", label: "show or hide the reading and romaji"),
         KeyHint(keys: "Enter Space", label: "dismiss feedback when it shows"),
         KeyHint(keys: "click", label: "answer with a choice"),
         .switchTabs,
         .thisHelp,
         KeyHint(keys: "q Esc", label: "back to Welcome (the session is kept)")]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let frames = Layout.challenge(in: body, sizeClass: sizeClass)
        return [
            (QuestionPane(quiz: quiz), frames.question),
            (ChoicesPane(quiz: quiz, selection: state.challenge, choose: choose), frames.choices),
            (ScorePane(quiz: quiz), frames.score),
        ]
    }

    func handle(_ key: Key) {
        let count = quiz.currentTest?.answers.count ?? 0
        switch key {
        case .character(let character) where ("1"..."9").contains(character):
            if let digit = character.wholeNumberValue, digit <= count, quiz.choicesVisible { choose(digit - 1) }
        case .up, .character("k"):
            // Moving the cursor means the learner has moved on: the feedback goes, so the Enter
            // that follows answers instead of only dismissing it.
            guard quiz.choicesVisible else { break }
            quiz.dismissFeedback()
            state.challenge.select(max(state.challenge.selection - 1, 0))
        case .down, .character("j"):
            guard quiz.choicesVisible else { break }
            quiz.dismissFeedback()
            state.challenge.select(min(state.challenge.selection + 1, max(count - 1, 0)))
        case .enter:
            if quiz.feedback != nil {
                quiz.dismissFeedback()
            } else if quiz.choicesVisible {
                choose(state.challenge.selection)
            }
        case .character(" "):
            if quiz.feedback != nil { quiz.dismissFeedback() } else { quiz.toggleChoices() }
        case .character("h"): quiz.toggleHint()
        case .escape, .character("q"):
            quiz.dismissFeedback()
            state.go(.welcome)
        default: break
        }
    }

    /// choose: answers with choice `index`; a right answer that completes the session opens the
    /// congratulations screen.
    func choose(_ index: Int) {
        guard let test = quiz.currentTest, test.answers.indices.contains(index) else { return }
        state.challenge.select(index)
        if quiz.check(test.answers[index]) == .correct {
            state.challenge.select(0)
            if quiz.isComplete {
                state.congratulationsFocus = 0
                state.go(.congratulations)
            }
        }
    }
}
