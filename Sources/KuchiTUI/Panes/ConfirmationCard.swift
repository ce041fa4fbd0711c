import KuchiCore
import KuchiData

/// ConfirmationCard: a right answer confirmed before anything else shows — the verdict
/// (*Congratulations!*, or the typed answer's *Almost*), the word, its reading and romaji and
/// its meaning — drawn in the question pane's place until the learner goes on.
///
/// The next card is already picked (and the session saved with it) but stays hidden: a New
/// word card must not replace the verdict before it is read (issue 29).
@MainActor
struct ConfirmationCard {
    let confirmation: Confirmation
    /// typing: answers are typed (the keys to go on differ: a digit is a letter of the field).
    let typing: Bool
    /// graphicPitch: the pitch line is drawn as marks over the kana (else written as text).
    var graphicPitch = true
    /// feedback: the quiz's feedback now — after "I was right" (F5) it asks whether to keep the
    /// typed answer, then says it was kept (the card stays up meanwhile).
    var feedback: Feedback?

    /// verdict: the first line — what the answer earned.
    var verdict: String {
        switch confirmation.feedback {
        case .almost(_, let expected): "✓ Almost — \(expected)"
        case .alsoRight(let challenge, _): "✓ Also right — taught here as “\(challenge.answer)”"
        case .overruled: "✓ Counted right"
        default: "✓ Congratulations!"
        }
    }

    /// lines: the card, top to bottom, with the role of each line.
    var lines: [(text: String, role: NewWordCard.Role)] {
        let challenge = confirmation.test.challenge
        var lines: [(String, NewWordCard.Role)] = [(verdict, .label), (challenge.question, .word)]
        // The word's pitch line over its kana, as the New word card draws it (issue 31).
        if let pitch = PitchLine(challenge: challenge) {
            if graphicPitch { lines.append((pitch.marks, .pitch)) }
            lines.append((pitch.text(romaji: challenge.pronunciation, graphic: graphicPitch), .reading))
        } else {
            let reading = QuestionPane.hint(for: challenge)
            if !reading.isEmpty { lines.append((reading, .reading)) }
        }
        lines.append(("“\(challenge.answer)”", .meaning))
        if let kanji = NewWordCard.kanjiLine(challenge) { lines.append((kanji, .kanji)) }
        switch feedback {
        case let .overruled(_, kept, direction)?:
            // The question about the typed answer is the card's last line: its keys are the answer.
            lines.append(("Keep “\(OwnAnswers.shown(kept, direction: direction))” as your own answer? y: keep · any other key: don't", .label))
        case let .confirmingOwnAnswer(_, kept, direction)?:
            lines.append((OwnAnswerWording.unknown(kept, for: challenge, direction: direction) + " y: keep · any other key: don't", .label))
        case let .ownAnswerKept(_, typed)?:
            lines.append(("“\(typed)” is now accepted for \(challenge.question) (kuchi synonyms)", .label))
            lines.append((nextKeys, .detail))
        default:
            lines.append((nextKeys, .detail))
        }
        return lines
    }

    /// shortNote: the line about the typed answer ("I was right"), for a narrow pane.
    private var shortNote: String {
        switch feedback {
        case let .overruled(_, kept, direction)?: "Keep “\(OwnAnswers.shown(kept, direction: direction))”? y/n"
        case let .confirmingOwnAnswer(_, kept, direction)?: "Not known for \(confirmation.test.challenge.question) — keep “\(OwnAnswers.shown(kept, direction: direction))”? y/n"
        case let .ownAnswerKept(_, typed)?: "“\(typed)” kept"
        default: ""
        }
    }

    /// nextKeys: how to go on from the card.
    private var nextKeys: String { typing ? "Enter: next · F6: word page" : "Enter: next · w: word page" }

    /// draw: the card inside a box titled with the word's category, centred in the pane.
    func draw(into screen: inout Screen, theme: Theme) {
        let area = screen.bounds
        let category = confirmation.test.challenge.category ?? "Vocabulary"
        screen.box(area, style: theme.correct, title: "Right · " + category, titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 2 else { return }
        var shown = lines
        // A short pane keeps the verdict, the word and its meaning; the keys, the kanji and the
        // reading go first.
        for dropped in [[NewWordCard.Role.detail], [.kanji], [.detail, .pitch, .reading]] {
            while shown.count > inner.rows, let index = shown.lastIndex(where: { dropped.contains($0.role) }) {
                shown.remove(at: index)
            }
        }
        let top = inner.row + max(0, (inner.rows - shown.count) / 2)
        var readingStart: Int?
        for (offset, line) in shown.prefix(inner.rows).enumerated().reversed() {
            let style: Style = switch line.role {
            case .label: theme.correct
            case .word: theme.word
            case .reading: theme.accent
            case .meaning, .kanji: theme.text
            case .detail: theme.dim
            case .sentence: theme.text
            case .translation: theme.dim
            case .pitch: theme.accent
            }
            if line.role == .pitch, let start = readingStart {
                // Aligned with the kana under it, not centred on its own.
                screen.put(line.text, row: top + offset, column: start, style: style, clip: inner)
                continue
            }
            var text = line.role == .word ? QuestionPane.large(line.text, width: inner.columns - 2) : line.text
            // A narrow pane keeps the verdict (and the question about a typed answer) whole in short form.
            if line.role == .label, text.displayWidth > inner.columns - 2 { text = offset == 0 ? "✓ Right!" : shortNote }
            let fitted = text.truncated(toWidth: inner.columns - 2)
            screen.putCentered(fitted, row: top + offset, in: inner, style: style)
            if line.role == .reading { readingStart = inner.column + (inner.columns - fitted.displayWidth) / 2 }
        }
    }
}
