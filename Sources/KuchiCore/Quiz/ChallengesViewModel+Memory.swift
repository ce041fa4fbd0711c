import Foundation
import KuchiMemory
import KuchiDeck
import KuchiData

/// ChallengesViewModel+Memory: grading answers, saving them and resuming a saved session, for
/// a quiz given a `StudyContext`.
extension ChallengesViewModel {
    /// grade: the review for answering the current word `rating` — nil without a store, and
    /// nil for the retry after a miss (one grade per showing). FSRS runs here, once; the queue
    /// takes the result at once and the store keeps the same card. The answer is timed from the
    /// showing to now, unless it was `answered` earlier (F5 regrades a miss given then).
    func grade(_ rating: Rating, answered: AnswerTiming? = nil) -> ReviewInput? {
        guard let memory, let slot = currentSlot, !graded else { return nil }
        graded = true
        if let answered { return memory.schedule(slot, rating: rating, now: answered.time, duration: answered.duration) }
        let now = clock()
        let milliseconds = (now.timeIntervalSince(shownAt) * 1000).rounded()
        let duration = milliseconds.isFinite ? Int(min(max(0, milliseconds), 86_400_000)) : 0
        return memory.schedule(slot, rating: rating, now: now, duration: duration)
    }

    /// saveAnswer: writes the review (if any) and the session as it now stands, in one
    /// transaction; a finished session is deleted instead. Returns what was recorded.
    @discardableResult
    func saveAnswer(review: ReviewInput?, slot: Int?) -> RecordedReview? {
        guard let memory else { return nil }
        let recorded = memory.save(review: review, slot: slot, snapshot: isComplete ? nil : snapshot(memory))
        reportProblem(of: memory)
        if let recorded, let review {
            let card = recorded.after
            onRecorded?(StatsReview(cardID: card.id, deck: deck.title, question: card.question, reading: card.reading, meaning: card.answer,
                                    time: review.time, rating: review.rating, milliseconds: review.duration,
                                    before: recorded.before.card, after: card.card))
        }
        return recorded
    }

    /// reportProblem: raises the memory's problem once (a learner who closed the notice is not
    /// shown the same sentence after every answer).
    func reportProblem(of memory: QuizMemory) {
        if memory.problem != reportedProblem {
            reportedProblem = memory.problem
            set(\.problem, to: memory.problem)
        }
    }

    /// now: the quiz's clock (the summary says when missed words come back).
    public var now: Date { clock() }

    /// clearProblem: the learner has read the notice.
    public func clearProblem() {
        set(\.problem, to: nil)
    }

    /// noteMissed: lists a missed word once, with when it comes back (updated when it is missed
    /// again); writes only when something changed.
    func noteMissed(_ challenge: Challenge, due: Date) {
        if let index = missedWords.firstIndex(where: { $0.question == challenge.question && $0.reading == challenge.reading }) {
            if missedWords[index].due != due { missedWords[index].due = due }
        } else {
            missedWords.append(MissedWord(question: challenge.question, reading: challenge.reading, answer: challenge.answer, due: due))
        }
    }

    /// snapshot: the session as it stands, to continue after a restart.
    func snapshot(_ memory: QuizMemory) -> SessionSnapshot {
        SessionSnapshot(numberOfQuestions: numberOfQuestions, currentCard: currentSlot.map(memory.cardID(at:)),
                        choices: currentTest?.answers ?? [], triedAnswers: triedAnswers.sorted(), graded: graded,
                        answeredCards: answeredCards, correct: score.correct, wrong: score.wrong,
                        streak: score.streak, bestStreak: score.bestStreak, elapsed: score.elapsed, missed: missedWords,
                        feedback: currentTest.flatMap { feedback?.showsAnswer == true ? $0.rightAnswer : nil })
    }

    /// resume: continues a saved session — same word, same choices, same score — when its word
    /// is still in the deck; false (a fresh session starts) otherwise. A retry after a miss shows
    /// the answer again (it is what the learner must type).
    func resume(_ snapshot: SessionSnapshot) -> Bool {
        guard let memory, let cardID = snapshot.currentCard, let slot = memory.slot(ofCard: cardID) else { return false }
        let index = memory.position(of: slot)
        let challenge = deck.challenges[index]
        let direction = memory.direction(at: slot)
        let choices = snapshot.choices
        let test = choices.contains(direction.choice(for: challenge)) && Set(choices).count == choices.count
            ? resumedTest(challenge, direction: direction, choices: choices) : makeTest(for: index, direction: direction)
        set(\.numberOfQuestions, to: max(1, min(snapshot.numberOfQuestions, directionsByPosition.count)))
        answeredCards = snapshot.answeredCards.filter { memory.slot(ofCard: $0) != nil }
        answeredIndices = answeredCards.compactMap { memory.slot(ofCard: $0).map(memory.position(of:)) }
        let answered = Set(answeredIndices)
        remaining = directionsByPosition.keys.sorted().filter { !answered.contains($0) }
        score.restore(correct: snapshot.correct, wrong: snapshot.wrong, streak: snapshot.streak,
                      bestStreak: snapshot.bestStreak, elapsed: snapshot.elapsed)
        set(\.missedWords, to: snapshot.missed)
        set(\.triedAnswers, to: Set(snapshot.triedAnswers).intersection(test.answers))
        graded = snapshot.graded
        missedShowing = snapshot.graded
        currentIndex = index
        currentSlot = slot
        prepareField(for: test)
        for answeredCard in answeredCards { if let answeredSlot = memory.slot(ofCard: answeredCard) { memory.markShown(answeredSlot) } }
        let record = memory.record(at: slot)
        // The saved word is asked again unless it is a new word the day's limit no longer lets
        // in (the limit was lowered, or another window used it up): then the queue picks.
        if record.card.state == .new, !snapshot.graded, !memory.newAllowed(now: clock()) {
            currentSlot = nil
            advance()
            return true
        }
        memory.markShown(slot)
        shownAt = clock()
        set(\.teaching, to: !snapshot.graded && memory.context.teachNewWords && memory.isFirstMeeting(slot))
        set(\.currentTest, to: test)
        if snapshot.graded, snapshot.feedback != nil {
            set(\.feedback, to: .revealed(challenge))
        }
        // A leech notice left unanswered (the app closed while it was up) is told again.
        tellLeechIfUntold(slot: slot)
        return true
    }

    /// resumedTest: the saved choices again; for Japanese choices their readings come from
    /// the deck, as when the choices were made.
    private func resumedTest(_ challenge: Challenge, direction: StudyDirection, choices: [String]) -> ChallengeTest {
        guard direction == .englishToJapanese else { return ChallengeTest(challenge: challenge, answers: choices, direction: direction) }
        let readings = choices.map { choice in deck.challenges.first { $0.question == choice }?.reading }
        return ChallengeTest(challenge: challenge, answers: choices, direction: direction, readings: readings)
    }
}
