import KuchiCore

/// ChallengeScene+Bindings: the Challenge screen's key tables for its passing states — a leech
/// told, a right answer's verdict, the answer field, and the question after "I was right".
extension ChallengeScene {
    /// leechBindings: the table while a leech is told: relearn it, suspend it, or keep it.
    var leechBindings: [Binding<Action>] {
        [
            Binding([.character("l")], .leech(.relearn), keys: "l", bar: "Relearn", help: "relearn the word in Learn (its flash card comes back)",
                    when: session.user.learningEnabled),
            Binding([.character("s")], .leech(.suspend), keys: "s", bar: "Suspend", help: "suspend the word: never asked, not counted"),
            Binding([.enter, .space], .leech(.keep), keys: "Enter", helpKeys: "Enter Space", bar: "Keep", help: "keep studying it as before"),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back",
                    help: "back to Welcome (the session is kept)", priority: .essential),
        ]
    }

    /// confirmationBindings: the table while a right answer's verdict shows: Enter, Space or a
    /// digit (the key that would answer next) goes on; nothing is answered unseen.
    var confirmationBindings: [Binding<Action>] {
        if quiz.answerKind == .type {
            // Right after "y" (F5), undo takes back the answer just kept too.
            let kept: Bool = if case .ownAnswerKept? = quiz.feedback { true } else { false }
            return [
                Binding([.enter], .goOn, keys: "Enter", bar: "Next", help: "go on to the next word (typing a letter goes on too)",
                        priority: .essential),
                Binding([.function(6)], .openWord, keys: "F6", bar: "Word", help: "this word's page: its cards and every review"),
                // A letter goes on to the next answer, so the word is said with F7 only.
                sayBinding([.function(7)], keys: "F7", helpKeys: "F7"),
                Binding([.function(4)], .undo, keys: "F4", bar: "Undo",
                        help: kept ? "take back the answer: its grade and the answer you just kept" : "take back the answer: its grade is deleted",
                        when: quiz.canUndo, priority: .optional),
                Binding([.escape], .back, keys: "Esc", bar: "Back", help: "back to Welcome (the session is kept)", priority: .essential),
            ]
        }
        return [
            Binding([.enter, .space] + (1...9).map { Key.digit($0) }, .goOn, keys: "Enter", helpKeys: "Enter Space 1-9", bar: "Next",
                    help: "go on to the next word (a New word card or the question)", priority: .essential),
            Binding([.character("w"), .function(6)], .openWord, keys: "w", helpKeys: "w F6", bar: "Word",
                    help: "this word's page: its cards and every review"),
            sayBinding([.character("a"), .function(7)], keys: "a", helpKeys: "a F7"),
            Binding([.character("u"), .function(4)], .undo, keys: "u", helpKeys: "u F4", bar: "Undo",
                    help: "take back the answer: its grade is deleted and the word is asked again", when: quiz.canUndo,
                    priority: .optional),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back",
                    help: "back to Welcome (the session is kept)", priority: .essential),
        ]
    }

    /// typingBindings: the table while the answer field has focus.
    var typingBindings: [Binding<Action>] {
        let answerShows = quiz.feedback?.showsAnswer ?? false
        return [
            Binding.note("type", "the answer: romaji becomes kana (shi or si, tsu or tu, n' or nn); English for meanings"),
            Binding([.enter], .submit, keys: "Enter", bar: "Answer", help: "submit the answer (on an empty field: dismiss the feedback)"),
            Binding([.tab, .function(2)], .reveal, keys: "Tab", helpKeys: "Tab F2", bar: "Don't know",
                    help: "I don't know: show the answer (counts as a miss); type it to go on", when: !answerShows),
            Binding(triggers: [(.backspace, .deleteBackward), (.control("w"), .deleteWord), (.control("u"), .clearField)],
                    keys: "Backspace Ctrl-W Ctrl-U", help: "delete pending romaji or a kana, the last word, or everything"),
            Binding([.control("r"), .function(3)], .toggleHint, keys: "Ctrl-R", helpKeys: "Ctrl-R F3", bar: "Hint",
                    help: "show or hide the hint", priority: .optional),
            sayBinding([.function(7)], keys: "F7", helpKeys: "F7"),
            // Shown only when they do something: the page once there is feedback, undo once
            // there is an answer to take back.
            Binding([.function(6)], .openWord, keys: "F6", bar: "Word", help: "the page of the word the feedback is about",
                    when: pageWord != nil, priority: .optional),
            Binding([.function(4)], .undo, keys: "F4", bar: "Undo",
                    help: "take back the last answer (a typo judged a miss): its grade is deleted and the word is asked again",
                    when: quiz.canUndo, priority: .optional),
            Binding([.function(5)], .overrule, keys: "F5", bar: "I was right",
                    help: "I was right: the miss just graded counts as right (its Again becomes Good); y then keeps your answer for this word",
                    when: quiz.canOverrule),
            Binding([.escape], .back, keys: "Esc", bar: "Back", help: "back to Welcome (the session is kept)", priority: .essential),
        ]
    }

    /// ownAnswerBindings: the table while the quiz asks whether to keep an overruled answer.
    var ownAnswerBindings: [Binding<Action>] {
        [
            Binding([.character("y"), .character("Y")], .keepOwnAnswer, keys: "y", bar: "Keep my answer",
                    help: "keep your answer: right for this word from now on (kuchi synonyms lists them)",
                    priority: .essential),
            Binding([.enter, .escape, .character("n"), .character("N")], .declineOwnAnswer, keys: "n", helpKeys: "any other key",
                    bar: "Don't keep", help: "count it right this once, without keeping the answer", priority: .essential),
        ]
    }
}
