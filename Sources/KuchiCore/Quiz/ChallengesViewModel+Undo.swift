import Foundation
import KuchiDeck
import KuchiRecall
import KuchiData

/// UndoPoint: the quiz as it stood before a graded answer, and what the store recorded for it.
struct UndoPoint {
    var index: Int?
    var slot: Int?
    var source: StudyQueue.Source?
    var test: ChallengeTest?
    var triedAnswers: Set<String>
    var graded: Bool
    var missedShowing: Bool
    var answeredIndices: [Int]
    var answeredCards: [Int64]
    var remaining: [Int]
    var missedWords: [MissedWord]
    var score: (correct: Int, wrong: Int, streak: Int, bestStreak: Int, elapsed: TimeInterval)
    var isExtraPractice: Bool
    /// before: the card before the answer (with a learner's memory).
    var before: CardRecord?
    /// recorded: the review as stored, nil when nothing was written.
    var recorded: RecordedReview?
    /// answered: when the graded answer was given and how long it took ("I was right" gives
    /// the Good that replaces a miss the miss's own time, as undo then Good would).
    var answered: AnswerTiming?
    /// keptAnswer: the learner's own answer kept right after this answer ("y" after F5): undo
    /// takes it back too, so an accidental "y" costs one key.
    var keptAnswer: OwnAnswer?
}

/// AnswerTiming: when an answer was given (the review's time) and how long it took (ms).
struct AnswerTiming: Equatable {
    var time: Date
    var duration: Int
}

/// ChallengesViewModel+Undo: the last graded answer taken back — a typo judged a miss costs one
/// key. The review row is deleted and the card row restored in one transaction, the score and
/// the queue step back, and the word is asked again.
extension ChallengesViewModel {
    /// undoLastAnswer: takes back the last graded answer; false when there is none, or when
    /// another window has reviewed that card since (then `problem` says so).
    @discardableResult
    public func undoLastAnswer() -> Bool {
        undoLastAnswer(holdingWrite: false)
    }

    /// undoLastAnswer(holdingWrite:): as `undoLastAnswer`; holding, the store's undo waits for
    /// the next answer and is written in its transaction ("I was right").
    func undoLastAnswer(holdingWrite: Bool) -> Bool {
        guard let point = undoPoint else {
            // Said, not silent: only the last answer given in this session can be taken back
            // (not one from before a restart, nor a second one).
            set(\.feedback, to: .nothingToUndo)
            return false
        }
        let current = capture()
        let abandoned = currentSlot.flatMap { slot in currentSource.map { (slot, $0) } }
        restore(point)
        if let memory, let slot = point.slot, let before = point.before {
            guard memory.undo(point.recorded, slot: slot, before: before, snapshot: snapshot(memory), holding: holdingWrite) else {
                restore(current)
                forgetUndo()
                set(\.problem, to: "That answer can no longer be undone: the word was reviewed again in another window.")
                return false
            }
            if let (abandonedSlot, source) = abandoned, abandonedSlot != slot { memory.putBack(abandonedSlot, source: source) }
            reportProblem(of: memory)
            onUndone?()
        }
        if let kept = point.keptAnswer { takeBackOwnAnswer(kept) }
        forgetUndo()
        return true
    }

    /// takeBackOwnAnswer: the answer kept with the answer just undone is accepted no more (a
    /// removal stamped for sync, as `kuchi synonyms --remove` writes it).
    private func takeBackOwnAnswer(_ kept: OwnAnswer) {
        let key = OwnAnswers.key(word: kept.word, direction: kept.direction)
        ownAnswers[key]?.removeAll { $0 == kept.answer }
        guard let database = memory?.context.database, let learner = memory?.context.learner else { return }
        do {
            try database.removeOwnAnswer(kept, learner: learner, now: clock())
        } catch {
            set(\.problem, to: "Could not take back your kept answer (\("\(error)".split(separator: "\n").first ?? "unknown error")); "
                + "kuchi synonyms --remove removes it.")
        }
    }

    /// capture: the quiz as it stands now.
    func capture() -> UndoPoint {
        UndoPoint(index: currentIndex, slot: currentSlot, source: currentSource, test: currentTest, triedAnswers: triedAnswers,
                  graded: graded, missedShowing: missedShowing, answeredIndices: answeredIndices, answeredCards: answeredCards,
                  remaining: remaining, missedWords: missedWords,
                  score: (score.correct, score.wrong, score.streak, score.bestStreak, score.elapsed),
                  isExtraPractice: isExtraPractice, before: currentSlot.flatMap { memory?.record(at: $0) }, recorded: nil)
    }

    /// remember: `point` becomes what undo goes back to, with the review the store kept.
    func remember(_ point: UndoPoint, recorded: RecordedReview?, graded: Bool, slot: Int?) {
        guard graded || memory == nil else { return }
        var point = point
        point.recorded = recorded
        if let recorded { point.before = recorded.before }
        undoPoint = point
        set(\.canUndo, to: true)
    }

    /// forgetUndo: nothing to undo any more (a new session, an undo done).
    func forgetUndo() {
        undoPoint = nil
        overruleTarget = nil
        set(\.canUndo, to: false)
    }

    /// restore: puts the quiz back to `point`: the word with its choices, the score, the answers.
    private func restore(_ point: UndoPoint) {
        currentIndex = point.index
        currentSlot = point.slot
        currentSource = point.source
        set(\.triedAnswers, to: point.triedAnswers)
        graded = point.graded
        missedShowing = point.missedShowing
        answeredIndices = point.answeredIndices
        answeredCards = point.answeredCards
        remaining = point.remaining
        set(\.missedWords, to: point.missedWords)
        score.restore(correct: point.score.correct, wrong: point.score.wrong, streak: point.score.streak,
                      bestStreak: point.score.bestStreak, elapsed: point.score.elapsed)
        set(\.isExtraPractice, to: point.isExtraPractice)
        set(\.feedback, to: nil)
        set(\.confirmation, to: nil)
        set(\.leech, to: nil)
        set(\.hintVisible, to: false)
        set(\.teaching, to: false)
        set(\.nothingToStudy, to: false)
        set(\.ranOut, to: false)
        if let test = point.test { prepareField(for: test) }
        shownAt = clock()
        set(\.currentTest, to: point.test)
    }
}

/// ChallengesViewModel+Suspend: "I know this word" on a New word card.
extension ChallengesViewModel {
    /// knowThisWord: `k` on a New word card: the word's cards are suspended (never asked, not
    /// counted in Welcome, `kuchi due` or the daily limit) and the next card comes. Nothing
    /// happens outside a New word card, or without a learner's memory.
    @discardableResult
    public func knowThisWord() -> Bool {
        guard teaching, let memory, let slot = currentSlot else { return false }
        guard memory.suspend(slot, deck: deck.title, now: clock()) else {
            reportProblem(of: memory)
            return false
        }
        onSuspended?()
        set(\.teaching, to: false)
        advance()
        saveAnswer(review: nil, slot: nil)
        return true
    }
}

/// ChallengesViewModel+Leech: what the learner chose for a leech.
extension ChallengesViewModel {
    /// tellLeechIfUntold: the card in `slot`, forgotten `WordHistory.leechLapses` times or more,
    /// is told as a leech unless its notice was already answered on this machine.
    /// It is asked after the miss that made the card a leech, and when a saved session resumes
    /// on it. A leech made on another machine (its lapses arrived by sync) was told there: the
    /// notice is once per learner, so it is not told here, neither at a later lapse nor when
    /// the card comes up.
    func tellLeechIfUntold(slot: Int) {
        guard let memory else { return }
        let record = memory.record(at: slot)
        guard record.card.lapses >= WordHistory.leechLapses, memory.leechUntold(record.id) else { return }
        set(\.leech, to: Leech(challenge: deck.challenges[memory.position(of: slot)], cardID: record.id, lapses: record.card.lapses))
    }

    /// LeechChoice: keep studying it, relearn it in Learn (its flash card back among those
    /// not remembered), or suspend it.
    public enum LeechChoice: Sendable {
        case keep, relearn, suspend
    }

    /// resolveLeech: acts on the choice and closes the notice. Suspending puts the word away
    /// (the retry is not asked) and the next card comes.
    public func resolveLeech(_ choice: LeechChoice) {
        guard let leech else { return }
        set(\.leech, to: nil)
        guard let memory else { return }
        // Told only now that the learner chose: a quit or a kill while the notice was up shows
        // it again next session.
        memory.markLeechTold(leech.cardID)
        switch choice {
        case .keep: break
        case .relearn: memory.relearn(cardID: leech.cardID)
        case .suspend:
            guard let slot = memory.slot(ofCard: leech.cardID), memory.suspend(slot, deck: deck.title, now: clock()) else { break }
            onSuspended?()
            if currentSlot == slot {
                set(\.feedback, to: nil)
                advance()
                saveAnswer(review: nil, slot: nil)
            }
        }
        reportProblem(of: memory)
    }
}
