import KuchiCore
import KuchiDeck
import KuchiRecall
import KuchiData

/// QuestionPane: the prompt for the word's direction — the Japanese word (its reading and romaji
/// behind the hint toggle), the English meaning (English → Japanese), or the kanji word with
/// "type its reading" (its meaning behind the hint) — and the feedback on the last answer.
///
/// Reads `leech`, `confirmation`, `currentTest`, `hintVisible`, `answerKind` and `feedback` only — never the score or
/// the typed text — so a wrong answer's new tally or a keystroke does not redraw it, and a hint
/// toggle redraws nothing else. A click on it shows or hides the choices, as tapping the
/// question does in Kuchi.
struct QuestionPane: Pane {
    let quiz: ChallengesViewModel
    let name = "question"

    /// hint: "ねこ · neko", the line the hint toggle shows.
    static func hint(for challenge: Challenge) -> String {
        [challenge.reading, challenge.pronunciation].compactMap { $0 }.joined(separator: " · ")
    }

    /// meaningHint: the hint while the meaning is asked: the reading only when the romaji would
    /// hand over an accepted meaning (カメラ *kamera* ≈ "camera", see `RomajiMeaning`).
    static func meaningHint(for challenge: Challenge) -> String {
        RomajiMeaning.hidesRomaji(challenge) ? challenge.reading ?? challenge.question : hint(for: challenge)
    }

    /// fits: the word and its hint, wrapped, fit a pane of `frame`.
    static func fits(_ challenge: Challenge, in frame: Rect) -> Bool {
        let inner = frame.inset(by: 1)
        return 1 + TextWrap.lines(hint(for: challenge), width: inner.columns - 2).count <= inner.rows
    }

    /// Prompt: what the pane shows for a test: the big line, and the line under it (the hint
    /// when shown, else what to do).
    struct Prompt: Equatable {
        /// word: the big line (a Japanese word, spaced out when it fits, or an English meaning).
        var word: String
        var isJapanese: Bool
        /// hint: the line under it; `hintShown` says whether it is the hint (accent) or a
        /// reminder of what to do (dim).
        var hint: String
        var hintShown: Bool
    }

    /// prompt: the prompt for `test` in its direction.
    static func prompt(for test: ChallengeTest, hintVisible: Bool, answerKind: AnswerKind) -> Prompt {
        let challenge = test.challenge
        // While typing, h is a letter: the hint key is Ctrl-R (see ChallengeScene).
        let key = answerKind == .type ? "Ctrl-R" : "h"
        switch test.direction {
        case .japaneseToEnglish:
            return Prompt(word: challenge.question, isJapanese: true, hint: hintVisible ? meaningHint(for: challenge) : "\(key): show reading",
                          hintShown: hintVisible)
        case .englishToJapanese:
            // The hint must not give the answer away: the number of kana when typing, the
            // readings under the choices when choosing.
            let ask = answerKind == .type ? "type it in Japanese" : "which word is it?"
            let shown = answerKind == .type ? "\(Array(challenge.reading ?? challenge.question).count) kana" : "readings under the choices"
            let hint = hintVisible ? "\(ask) · \(shown)" : "\(ask) · \(key): hint"
            return Prompt(word: challenge.answer, isJapanese: false, hint: hint, hintShown: hintVisible)
        case .listening:
            // Heard, not read: nothing Japanese until it is answered; the hint spells the sound.
            let ask = answerKind == .type ? "type its meaning" : "which meaning?"
            let again = answerKind == .type ? "F7" : "a"
            return Prompt(word: "♪ listen", isJapanese: false,
                          hint: hintVisible ? "\(ask) · “\(challenge.pronunciation)”" : "\(ask) · \(again): hear it again · \(key): romaji",
                          hintShown: hintVisible)
        case .reading:
            let ask = answerKind == .type ? "type its reading" : "which reading?"
            return Prompt(word: challenge.question, isJapanese: true,
                          hint: hintVisible ? "\(ask) · “\(challenge.answer)”" : "\(ask) · \(key): meaning",
                          hintShown: hintVisible)
        }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        if let leech = quiz.leech {
            LeechCard(leech: leech).draw(into: &screen, theme: theme)
            return
        }
        if let confirmation = quiz.confirmation {
            ConfirmationCard(confirmation: confirmation, typing: quiz.answerKind == .type, graphicPitch: theme.drawsPitchGraphically,
                             feedback: quiz.feedback)
                .draw(into: &screen, theme: theme)
            return
        }
        guard let test = quiz.currentTest else {
            screen.box(area, style: theme.frame, title: "Question", titleStyle: theme.title)
            if quiz.nothingToStudy {
                drawNothingToStudy(into: &screen, theme: theme)
                return
            }
            // "I was right" on the session's last word: the question about keeping the answer
            // stays up before the congratulations.
            let inner = area.inset(by: 1)
            let feedback = feedbackLines(width: inner.columns - 2, theme: theme)
            for (offset, line) in feedback.prefix(max(inner.rows, 0)).enumerated() {
                screen.putCentered(line.text, row: inner.row + max(0, (inner.rows - feedback.count) / 2) + offset, in: inner, style: line.style)
            }
            return
        }
        if quiz.teaching {
            NewWordCard(challenge: test.challenge, graphicPitch: theme.drawsPitchGraphically).draw(into: &screen, theme: theme)
            return
        }
        screen.onClick(area, ChallengeScene.Action.toggleChoices)
        let challenge = test.challenge
        let title = quiz.isExtraPractice ? "Extra practice · " + (challenge.category ?? "Question") : challenge.category ?? "Question"
        screen.box(area, style: theme.frame, title: title, titleStyle: theme.title)
        var inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        if quiz.isExtraPractice, inner.rows >= 4 {
            // Said on the Challenge screen itself: nothing due is being skipped, and no new word
            // beyond today's limit is coming.
            screen.putCentered("All caught up — extra practice of words you have seen".truncated(toWidth: inner.columns - 2),
                               row: inner.row, in: inner, style: theme.dim)
            inner = Rect(row: inner.row + 1, column: inner.column, rows: inner.rows - 1, columns: inner.columns)
        }
        let prompt = Self.prompt(for: test, hintVisible: quiz.hintVisible, answerKind: quiz.answerKind)
        let hint = TextWrap.lines(prompt.hint, width: inner.columns - 2)
        let feedback = feedbackLines(width: inner.columns - 2, theme: theme)
        var feedbackRows = min(feedback.count, max(inner.rows - 1 - hint.count, 0))
        // The answered word's pitch line sits above the feedback when there is room for it.
        let pitch = quiz.feedback?.challenge.flatMap { PitchLine(challenge: $0) }
        let pitchRows = pitch == nil ? 0 : theme.drawsPitchGraphically ? 2 : 1
        let showsPitch = pitchRows > 0 && feedbackRows == feedback.count && inner.rows - 1 - hint.count - feedbackRows >= pitchRows + 1
        if showsPitch { feedbackRows += pitchRows }
        let contentRows = inner.rows - feedbackRows
        let gap = contentRows >= 3 + hint.count ? 1 : 0
        let wordRow = inner.row + max(0, (contentRows - 1 - gap - hint.count) / 2)
        let word = prompt.isJapanese ? Self.large(prompt.word, width: inner.columns - 2) : prompt.word.truncated(toWidth: inner.columns - 2)
        screen.putCentered(word, row: wordRow, in: inner, style: theme.word)
        for (offset, line) in hint.enumerated() where wordRow + 1 + gap + offset < inner.row + contentRows {
            screen.putCentered(line, row: wordRow + 1 + gap + offset, in: inner, style: prompt.hintShown ? theme.accent : theme.dim)
        }
        if showsPitch, let pitch {
            pitch.draw(into: &screen, row: inner.row + contentRows + pitchRows - 2, in: inner, graphic: theme.drawsPitchGraphically,
                       romaji: quiz.feedback?.challenge?.pronunciation ?? "", style: theme.accent, markStyle: theme.accent)
        }
        let feedbackTop = inner.row + contentRows + (showsPitch ? pitchRows : 0)
        for (offset, line) in feedback.prefix(feedbackRows - (showsPitch ? pitchRows : 0)).enumerated() {
            screen.putCentered(line.text, row: feedbackTop + offset, in: inner, style: line.style)
        }
    }

    /// drawNothingToStudy: no word is due, today's new words are done and none has been seen
    /// yet for extra practice.
    private func drawNothingToStudy(into screen: inout Screen, theme: Theme) {
        let inner = screen.bounds.inset(by: 1)
        var text = "Nothing to study now: no word is due and today's new words are done. "
        // The app looks again when the next card falls due: a wait of minutes is spent here.
        if let due = quiz.nextDue, let wait = quiz.nextDueText, due.timeIntervalSince(quiz.now) <= 3600 {
            text += "The next word is due \(wait): it comes up here then."
        } else {
            text += (quiz.nextDueText.map { "The next word is due \($0). " } ?? "") + "Come back later, or raise New words per day in Settings."
        }
        let lines = TextWrap.lines(text, width: max(inner.columns - 2, 1), maximumLines: max(inner.rows, 1))
        let top = inner.row + max(0, (inner.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            screen.putCentered(line, row: top + offset, in: inner, style: theme.accent)
        }
    }

    /// large: the word with a space between characters when it fits, which reads as a bigger,
    /// calmer glyph run in a terminal that has only one font size.
    static func large(_ word: String, width: Int) -> String {
        let spaced = word.map(String.init).joined(separator: " ")
        return spaced.displayWidth <= width ? spaced : word
    }

    /// feedbackLines: the full sentence when it fits in two lines, else a short form that keeps
    /// what matters (the word and its meaning, or the wrong answer).
    private func feedbackLines(width: Int, theme: Theme) -> [(text: String, style: Style)] {
        guard let feedback = quiz.feedback, width > 0 else { return [] }
        let full: String
        let short: String
        let style: Style
        let answer: (Challenge) -> String = { "\($0.question) (\(Self.hint(for: $0))) is “\($0.answer)”" }
        switch feedback {
        case .correct(let challenge):
            full = "✓\u{00A0}Congratulations! \(answer(challenge))."
            short = "✓ \(challenge.question) = \(challenge.answer)"
            style = theme.correct
        case .alsoRight(let challenge, _):
            full = "✓\u{00A0}Also right — \(challenge.question) is taught here as “\(challenge.answer)”."
            short = "✓ also right — taught as “\(challenge.answer)”"
            style = theme.correct
        case .wrong(let typed):
            full = "✗\u{00A0}Oh\u{00A0}no! “\(typed)” is not it. Try again."
            short = "✗ Oh no! Not “\(typed)”"
            style = theme.wrong
        case .almost(let challenge, let expected):
            full = "✓\u{00A0}Almost — \(expected). \(answer(challenge))."
            short = "✓ almost — \(expected)"
            style = theme.correct
        case .missed(let challenge, let typed):
            full = "✗\u{00A0}Not “\(typed)”: \(answer(challenge)). Type it to go on."
            short = "✗ \(challenge.question) (\(challenge.reading ?? challenge.pronunciation)) = \(challenge.answer)"
            style = theme.wrong
        case .revealed(let challenge):
            full = "The answer: \(answer(challenge)). Type it to go on."
            short = "\(challenge.question) (\(challenge.reading ?? challenge.pronunciation)) = \(challenge.answer)"
            style = theme.accent
        case .nothingToUndo:
            full = "Nothing to undo: only the last answer given in this session can be taken back, once."
            short = "Nothing to undo"
            style = theme.dim
        case .englishExpected(let typed):
            full = "“\(typed)” is Japanese: type the meaning in English."
            short = "Type the meaning in English"
            style = theme.accent
        case .otherWord(_, let question):
            full = "That's the meaning of \(question) — try again."
            short = "That's \(question) — try again"
            style = theme.accent
        case let .synonym(_, question, meaning):
            // Listening: a word that sounds the same, which the ear cannot tell apart.
            if let heard = quiz.currentTest, heard.direction == .listening {
                let sound = heard.challenge.reading ?? heard.challenge.question
                full = "\(question) (\(sound)) is “\(meaning)” and sounds the same — we're asking for another word. Try again."
                short = "\(question) also sounds \(sound) — another word, please"
            } else {
                full = "That's also “\(meaning)” (\(question)) — we're asking for another word. Try again."
                short = "Also “\(meaning)” — another word, please"
            }
            style = theme.accent
        case let .contrasted(challenge, _, question, meaning):
            full = "✗\u{00A0}\(question) is “\(meaning)”; \(answer(challenge)). Type it to go on."
            short = "✗ \(question) is “\(meaning)”, not “\(challenge.answer)”"
            style = theme.wrong
        case let .otherReading(challenge, reading, meaning) where RecallJudge.isAsked(meaning, of: challenge):
            // The same meaning read another way (明日 みょうにち): no "here it means" with the same words.
            full = "\(reading) is also \(challenge.question) “\(meaning)” — we're asking for its usual reading. Try again."
            short = "\(reading) is also \(challenge.question) — its usual reading, please"
            style = theme.accent
        case let .otherReading(challenge, reading, meaning):
            full = "\(reading) is \(challenge.question) meaning “\(meaning)”; here it means “\(challenge.answer)”. Try again."
            short = "\(reading): “\(meaning)”; here “\(challenge.answer)”"
            style = theme.accent
        case let .overruled(challenge, kept, direction):
            let typed = OwnAnswers.shown(kept, direction: direction)
            full = "✓\u{00A0}Counted right. Keep “\(typed)” as your own answer for \(challenge.question)? y keeps it, any other key does not."
            short = "✓ Keep “\(typed)” for \(challenge.question)? y/n"
            style = theme.correct
        case let .confirmingOwnAnswer(challenge, kept, direction):
            full = OwnAnswerWording.unknown(kept, for: challenge, direction: direction) + " y keeps it, any other key does not."
            short = "Not known for \(challenge.question) — keep “\(OwnAnswers.shown(kept, direction: direction))”? y/n"
            style = theme.accent
        case let .overruleRefused(challenge, typed, question, meaning, isPartner):
            full = OwnAnswerWording.refused(typed, for: challenge, question: question, meaning: meaning, isPartner: isPartner)
                + " \(answer(challenge)). Type it to go on."
            short = "✗ “\(typed)” is \(question) — not counted right"
            style = theme.wrong
        case let .ownAnswerKept(challenge, typed):
            full = "✓\u{00A0}“\(typed)” is now accepted for \(challenge.question) (kuchi synonyms lists your own answers)."
            short = "✓ “\(typed)” kept for \(challenge.question)"
            style = theme.correct
        }
        let lines = TextWrap.lines(full, width: width)
        let chosen = lines.count <= 2 ? lines : TextWrap.lines(short, width: width, maximumLines: 2)
        return chosen.map { ($0, style) }
    }
}
