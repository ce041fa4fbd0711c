import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// Issue 29, the probe's findings: "Nothing to study now" looks again when a step falls due, a
/// suspend made here always takes effect, a shared reading is ambiguous, the statistics leave
/// suspended words out, a leech notice counts as told once answered, and `k` does not hold back
/// the known word's partners.
@Suite("Study loop, probe findings")
@MainActor
struct StudyLoopProbeTests {
    /// quiz: a remembering quiz over `fixture` (SimpleScheduler: a Good sends a new card to a
    /// 10-minute step), teaching off.
    func quiz(_ fixture: StudyFixture, _ database: LearnerDatabase, clock: TestClock, limit: Int, questions: Int = 20) -> ChallengesViewModel {
        ChallengesViewModel(deck: fixture.deck, numberOfQuestions: questions, study: fixture.context(database, limit: limit),
                            random: SeededGenerator(seed: 3), clock: clock.read)
    }

    /// answerUntilStuck: answers right until the session ends or nothing may be asked.
    func answerUntilStuck(_ quiz: ChallengesViewModel, clock: TestClock) -> [Challenge] {
        var asked: [Challenge] = []
        while !quiz.isComplete, let test = quiz.currentTest, asked.count < 50 {
            quiz.finishTeaching()
            clock.advance(2)
            asked.append(test.challenge)
            quiz.check(test.rightAnswer)
            quiz.goOn()
        }
        return asked
    }

    @Test("cards run out after an answer: the session ends; a new one with nothing to ask waits, knows when the next step is due, and looking again then asks it")
    func nothingToStudyLooksAgain() throws {
        let fixture = try StudyFixture(words: 12)
        let clock = TestClock()
        let database = fixture.open()
        let first = quiz(fixture, database, clock: clock, limit: 2)
        let taught = answerUntilStuck(first, clock: clock)
        #expect(taught.count == 2)
        #expect(first.ranOut && first.isComplete && !first.nothingToStudy && !first.isInProgress, "the session ended")
        let quiz = quiz(fixture, database, clock: clock, limit: 2)
        #expect(quiz.nothingToStudy && quiz.currentTest == nil && !quiz.isComplete && !quiz.ranOut, "no answer yet: it waits")
        let due = try #require(quiz.nextDue, "the two words' 10-minute steps wait")
        #expect(abs(due.timeIntervalSince(clock.now) - 598) < 3)
        #expect(quiz.nextDueText == "in 10 min")
        clock.advance(300)
        #expect(!quiz.lookAgain(), "not due yet")
        #expect(quiz.nextDueText == "in 5 min", "the wait is brought up to date")
        clock.advance(300)
        #expect(quiz.lookAgain())
        #expect(!quiz.nothingToStudy && quiz.nextDue == nil)
        #expect(taught.contains(try #require(quiz.currentTest?.challenge)), "the word whose step fell due is asked")
    }

    @Test("a session that ran out is over: Start begins a new one, which asks the card that fell due meanwhile")
    func continueLooksAgain() throws {
        let fixture = try StudyFixture(words: 12)
        let clock = TestClock()
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: fixture.learner, name: "さくら"))
        user.newWordsPerDay = 2
        user.teachNewWords = false
        user.numberOfQuestions = 6
        let database = fixture.open()
        let session = LearnerSession(user: user, bundled: fixture.deck, database: database, seed: 3, clock: clock.read)
        session.startSession()
        _ = answerUntilStuck(session.quiz, clock: clock)
        #expect(session.quiz.ranOut && !session.isInProgress, "nothing is continued")
        #expect(try database.savedSession(learner: fixture.learner, deck: fixture.deck.title) == nil, "no session is kept to resume")
        clock.advance(700)
        session.startSession()
        #expect(session.quiz.currentTest != nil && session.quiz.numberOfAnswered == 0, "a new session asks the word now due")
    }

    @Test("a suspend made here wins locally even when the clock is behind the stamp kept, and still sorts after it")
    func suspendWithClockBehind() throws {
        let database = LearnerDatabase.inMemory()
        let learner = UUID()
        let late = Date(timeIntervalSince1970: 1_800_000_600)
        try database.setSuspended(true, learner: learner, deck: "d", question: "青", reading: "あお", now: late)
        try database.setSuspended(false, learner: learner, deck: "d", question: "青", reading: "あお", now: late.addingTimeInterval(-300))
        #expect(try !database.isSuspended(learner: learner, deck: "d", question: "青", reading: "あお"), "the clock set back")
        try database.setSuspended(true, learner: learner, deck: "d", question: "青", reading: "あお", now: late.addingTimeInterval(-300))
        #expect(try database.isSuspended(learner: learner, deck: "d", question: "青", reading: "あお"), "twice at one time")
        let stamps = try database.suspensions(learner: learner).map(\.stamp)
        #expect(stamps == [Milliseconds.from(late) + 2], "each change one millisecond after the one it replaced")
    }

    @Test("a reading several words share names them all; a written form or a unique reading names one")
    func sharedReading() throws {
        let deck = try makeDeck([
            ["question": "暑い", "reading": "あつい", "pronunciation": "atsui", "answer": "hot"], ["question": "熱い", "reading": "あつい", "pronunciation": "atsui", "answer": "hot to the touch"],
            ["question": "猫", "reading": "ねこ", "pronunciation": "neko", "answer": "cat"], ["question": "犬", "reading": "いぬ", "pronunciation": "inu", "answer": "dog"],
            ["question": "鳥", "reading": "とり", "pronunciation": "tori", "answer": "bird"], ["question": "魚", "reading": "さかな", "pronunciation": "sakana", "answer": "fish"],
        ])
        #expect(WordHistory.matches("あつい", in: deck).map(\.question) == ["暑い", "熱い"])
        #expect(WordHistory.matches("熱い", in: deck).map(\.question) == ["熱い"])
        #expect(WordHistory.matches(" ねこ ", in: deck).map(\.question) == ["猫"])
        #expect(WordHistory.matches("うま", in: deck).isEmpty)
    }

    @Test("the statistics leave suspended words out of due now and the forecast, and count their cards apart")
    func statsLeaveSuspendedOut() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try database.cards(learner: fixture.learner, deck: fixture.deck, now: now)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE card SET state = 2, stability = 3, difficulty = 5, due = ?, last_review = ?, reps = 2, introduced = ?",
                           arguments: [Milliseconds.from(now) - 1000, Milliseconds.from(now) - 86_400_000, Milliseconds.from(now) - 86_400_000])
        }
        let word = fixture.deck.challenges[0]
        try database.setSuspended(true, learner: fixture.learner, deck: fixture.deck.title, question: word.question,
                                  reading: word.reading ?? "", now: now)
        let snapshot = try database.writer.read { db in
            try StatsSnapshot.load(db, learner: fixture.learner, calendar: StudyCalendar(rolloverHour: 4, timeZone: TimeZone(identifier: "UTC") ?? .current),
                                   categories: StatsCategoryIndex(decks: [fixture.deck]), now: now)
        }
        #expect(snapshot.forecast.dueNow == 11)
        #expect(snapshot.forecast.counts.reduce(0, +) == 11)
        #expect(snapshot.cards.review == 11 && snapshot.cards.suspended == 1)
        var selection = StudySelection(learner: fixture.learner, settings: Settings())
        selection.direction = .japaneseToEnglish
        let status = try #require(LearnerSession.status(database: database, learner: fixture.learner, deck: fixture.deck,
                                                        selection: selection, now: now))
        #expect(status.dueNow == snapshot.forecast.dueNow, "Stats and Welcome agree")
    }

    @Test("a leech notice closed without an answer (the app quit) is told again in the next session; answered, never again")
    func leechToldOnceAnswered() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        try fixture.lapseToTheBrink(database, now: clock.now)
        let first = quiz(fixture, database, clock: clock, limit: 0, questions: 5)
        let test = try #require(first.currentTest)
        #expect(first.check(try #require(test.answers.first { $0 != test.rightAnswer })) == .wrong)
        let leech = try #require(first.leech)
        #expect(try !database.wasLeechNoticed(card: leech.cardID), "not told until the learner answers")

        // The app is killed with the notice up: the next session (resumed at the retry) tells it again.
        let second = quiz(fixture, fixture.open(), clock: clock, limit: 0, questions: 5)
        #expect(second.currentTest?.challenge == test.challenge)
        #expect(second.leech?.cardID == leech.cardID)
        second.resolveLeech(.keep)
        #expect(try database.wasLeechNoticed(card: leech.cardID))
        let third = quiz(fixture, fixture.open(), clock: clock, limit: 0, questions: 5)
        #expect(third.leech == nil, "answered once: never told again")
    }

    @Test("k on a word does not hold back its partner today: the app and kuchi due --list deal the same new words")
    func knownWordDoesNotHoldBackPartner() throws {
        let deck = try makeDeck([
            ["question": "赤", "reading": "あか", "pronunciation": "aka", "answer": "red (noun)"], ["question": "赤い", "reading": "あかい", "pronunciation": "akai", "answer": "red"],
            ["question": "猫", "reading": "ねこ", "pronunciation": "neko", "answer": "cat"], ["question": "犬", "reading": "いぬ", "pronunciation": "inu", "answer": "dog"],
            ["question": "鳥", "reading": "とり", "pronunciation": "tori", "answer": "bird"], ["question": "魚", "reading": "さかな", "pronunciation": "sakana", "answer": "fish"],
        ])
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        let learner = UUID()
        let clock = TestClock()
        #expect(TeachingOrder.partnerKeys(of: deck.challenges[1]).contains(where: TeachingOrder.partnerKeys(of: deck.challenges[0]).contains),
                "赤 and 赤い are partners")
        var context = StudyContext(database: database, learner: learner, scheduler: SimpleScheduler(), newWordLimit: 10,
                                   day: StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current))
        context.teachNewWords = true
        let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: 10, study: context, random: SeededGenerator(seed: 1), clock: clock.read)
        #expect(quiz.currentTest?.challenge.question == "赤" && quiz.teaching)
        #expect(quiz.knowThisWord())
        var selection = StudySelection(learner: learner, settings: Settings())
        selection.direction = .japaneseToEnglish
        let plan = try StudyPlan.list(database: database, learner: learner, deck: deck, selection: selection, lessons: false, now: clock.now)
        var dealt: [String] = []
        while let test = quiz.currentTest, dealt.count < 10 {
            dealt.append(test.challenge.question)
            quiz.finishTeaching()
            clock.advance(1)
            quiz.check(test.rightAnswer)
            quiz.goOn()
            if quiz.isComplete { break }
        }
        #expect(dealt.first == "赤い", "the known word's partner comes today")
        #expect(Array(dealt.prefix(plan.new.count)) == plan.new.map(\.question), "app \(dealt) vs plan \(plan.new.map(\.question))")
    }
}
