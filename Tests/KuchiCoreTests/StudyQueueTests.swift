import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// The study queue, the study day and the status line: what comes next, and what "today" is.
@Suite("Study queue")
struct StudyQueueTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let utc = TimeZone(identifier: "UTC") ?? .current

    /// record: a card at `position` with the given memory.
    func record(_ position: Int, _ card: FSRSCard) -> CardRecord {
        CardRecord(id: Int64(position + 1), question: "w\(position)", reading: "", answer: "a\(position)",
                   direction: .japaneseToEnglish, card: card, introduced: card.state == .new ? nil : start.addingTimeInterval(-86_400 * 30))
    }

    /// reviewed: a review card last seen `daysAgo` with `stability`, due `dueIn` seconds from start.
    func reviewed(daysAgo: Double, stability: Double, dueIn: TimeInterval) -> FSRSCard {
        FSRSCard(state: .review, step: nil, stability: stability, difficulty: 5, due: start.addingTimeInterval(dueIn),
                 lastReview: start.addingTimeInterval(-daysAgo * 86_400), reps: 3)
    }

    func queue(_ cards: [FSRSCard], newToday: Int = 0, limit: Int = 10) -> StudyQueue {
        let scheduler = SimpleScheduler()
        return StudyQueue(cards: cards.enumerated().map { record($0, $1) }, now: start, newToday: newToday, newWordLimit: limit,
                          retrievability: { scheduler.retrievability(of: $0, at: $1) })
    }

    @Test("due cards come first, lowest retrievability first, then new words up to the daily limit")
    func order() {
        var queue = queue([
            FSRSCard(due: start),                                          // 0 new
            reviewed(daysAgo: 3, stability: 10, dueIn: -60),               // 1 due, R high
            reviewed(daysAgo: 20, stability: 2, dueIn: -3600),             // 2 due, R lowest
            reviewed(daysAgo: 1, stability: 30, dueIn: 86_400),            // 3 not due
            FSRSCard(due: start),                                          // 4 new
            reviewed(daysAgo: 8, stability: 4, dueIn: -10),                // 5 due, R middle
            FSRSCard(due: start),                                          // 6 new
        ], newToday: 8, limit: 10)
        var picks: [Int] = []
        var sources: [StudyQueue.Source] = []
        var current: Int?
        for _ in 0..<6 {
            guard let next = queue.next(now: start, excluding: current) else { break }
            picks.append(next.position)
            sources.append(next.source)
            current = next.position
        }
        #expect(Array(picks.prefix(5)) == [2, 5, 1, 0, 4], "due by lowest retrievability, then 2 new (limit 10, 8 done today)")
        #expect(Array(sources.prefix(5)) == [.due, .due, .due, .new, .new])
        #expect(sources.last == .extraPractice, "then extra practice")
        #expect(!queue.hasNewAllowed, "today's new words are done")
    }

    @Test("a limit of 0 introduces no new word; nothing due gives extra practice at once")
    func zeroLimit() {
        var queue = queue([FSRSCard(due: start), reviewed(daysAgo: 1, stability: 5, dueIn: 3600), FSRSCard(due: start)], limit: 0)
        let first = queue.next(now: start)
        #expect(first?.source == .extraPractice)
        #expect(first?.position == 1, "extra practice starts with the card due soonest")
    }

    @Test("a card in a learning step comes back in the same session once its step is due")
    func learningStepReturns() {
        var queue = queue((0..<5).map { _ in FSRSCard(due: start) }, limit: 5)
        guard let first = queue.next(now: start) else { Issue.record("no card"); return }
        var record = queue.cards[first.position]
        record.card = SimpleScheduler().review(record.card, rating: .again, at: start)   // due in 1 min
        queue.update(record, at: first.position)
        let soon = queue.next(now: start.addingTimeInterval(10), excluding: first.position)
        #expect(soon?.position != first.position, "not before its step is due")
        let later = queue.next(now: start.addingTimeInterval(61), excluding: soon?.position)
        #expect(later?.position == first.position)
        #expect(later?.source == .learning)
    }

    @Test("a card falling due during the session joins the due cards")
    func fallsDueDuringSession() {
        var queue = queue([reviewed(daysAgo: 2, stability: 3, dueIn: 600), FSRSCard(due: start)], limit: 0)
        #expect(queue.next(now: start)?.source == .extraPractice)
        let next = queue.next(now: start.addingTimeInterval(601), excluding: nil)
        #expect(next?.position == 0)
        #expect(next?.source == .due)
    }

    @Test("picking the next card among 10,000 takes well under a millisecond")
    func pickingIsFast() {
        let cards = (0..<10_000).map { (index: Int) -> FSRSCard in
            if index.isMultiple(of: 3) { return FSRSCard(due: start) }
            let dueIn = Double(index % 7 - 3) * 3600
            return reviewed(daysAgo: Double(index % 50), stability: Double(1 + index % 20), dueIn: dueIn)
        }
        var queue = queue(cards, limit: 100)
        let clock = ContinuousClock()
        var current: Int?
        let elapsed = clock.measure {
            for _ in 0..<1000 {
                current = queue.next(now: start, excluding: current)?.position
            }
        }
        #expect(elapsed < .milliseconds(1000), "1,000 picks: \(elapsed)")
    }

    @Test("the study day rolls over at 4 am local time")
    func studyDay() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let day = StudyDay(timeZone: tokyo)
        let formatter = ISO8601DateFormatter()
        let at = { (text: String) in formatter.date(from: text) ?? .distantPast }
        // 03:59 in Tokyo on the 2nd is still the 1st's study day; 04:00 starts the 2nd's.
        #expect(day.start(of: at("2026-12-01T18:59:00Z")) == at("2026-11-30T19:00:00Z"))
        #expect(day.start(of: at("2026-12-01T19:00:00Z")) == at("2026-12-01T19:00:00Z"))
        #expect(day.start(of: at("2026-12-02T10:00:00Z")) == at("2026-12-01T19:00:00Z"))
        #expect(day.end(of: at("2026-12-02T10:00:00Z")) == at("2026-12-02T19:00:00Z"))
    }

    @Test("today's new words are counted from the 4 am rollover")
    @MainActor
    func newWordsRollOver() throws {
        let fixture = try StudyFixture(words: 30)
        let database = fixture.open()
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000 - 8 * 3600 + 3600))  // 01:00 UTC
        func session(limit: Int) -> ChallengesViewModel {
            ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 20, study: fixture.context(database, limit: limit),
                                random: SeededGenerator(seed: 1), clock: clock.read)
        }
        let quiz = session(limit: 3)
        for _ in 0..<3 { if let answer = quiz.currentTest?.challenge.answer { quiz.check(answer) } }
        let learnerDeck = try database.cards(learner: fixture.learner, deck: fixture.deck).learnerDeck
        let day = StudyDay(timeZone: utc)
        let selection = QuizDirection.japaneseToEnglish.cardKeys(in: fixture.deck)
        #expect(try database.introducedCount(learnerDeck: learnerDeck, since: day.start(of: clock.now)) == 3)
        #expect(try database.status(learner: fixture.learner, deck: fixture.deck.title, selection: selection, now: clock.now, day: day,
                                           newWordLimit: 3).newAvailable == 0)
        clock.advance(2 * 3600 + 59 * 60)   // 03:59: the same study day
        #expect(try database.status(learner: fixture.learner, deck: fixture.deck.title, selection: selection, now: clock.now, day: day,
                                           newWordLimit: 3).newAvailable == 0)
        clock.advance(60)                   // 04:00: a new day
        #expect(try database.status(learner: fixture.learner, deck: fixture.deck.title, selection: selection, now: clock.now, day: day,
                                           newWordLimit: 3).newAvailable == 3)
    }

    @Test("status lines: Welcome's and kuchi due's")
    func statusText() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let status = StudyStatus(dueNow: 3, newAvailable: 10, nextReview: now.addingTimeInterval(5 * 60))
        #expect(status.welcomeText(now: now) == "3 due now · 10 new today · next review in 5 min")
        #expect(status.commandLineText(timeZone: utc) == "3 due now, 10 new available, next review 2027-01-15 08:05")
        let caughtUp = StudyStatus(dueNow: 0, newAvailable: 0, nextReview: now.addingTimeInterval(3 * 3600))
        #expect(caughtUp.welcomeText(now: now) == "All caught up — next review in 3 h")
        #expect(caughtUp.isCaughtUp)
        #expect(StudyStatus(dueNow: 0, newAvailable: 0, nextReview: nil).welcomeText(now: now) == "All caught up")
        #expect(StudyStatus(dueNow: 0, newAvailable: 2, nextReview: nil).commandLineText() == "0 due now, 2 new available, no review scheduled")
        #expect(StudyStatus.relative(from: now, to: now.addingTimeInterval(2 * 86_400 + 100)) == "in 2 days")
        #expect(StudyStatus.relative(from: now, to: now.addingTimeInterval(30)) == "in 1 min")
        #expect(StudyStatus.relative(from: now, to: now.addingTimeInterval(-30)) == "now")
    }
}
