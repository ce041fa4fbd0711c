import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// Issue 29: every right answer confirmed, practice that keeps to the steps, the teaching
/// order, suspending, leeches and the direction notice.
@Suite("Study loop, round two")
@MainActor
struct StudyLoopRoundTwoTests {
    /// quiz: a remembering quiz over `fixture` with teaching on, FSRS, and the fixture's clock.
    func quiz(_ fixture: StudyFixture, _ database: LearnerDatabase, clock: TestClock, limit: Int = 10, questions: Int = 20,
              answerKind: AnswerKind = .choose) -> ChallengesViewModel {
        var context = fixture.context(database, limit: limit)
        context.teachNewWords = true
        context.scheduler = FSRSScheduler()
        return ChallengesViewModel(deck: fixture.deck, numberOfQuestions: questions, study: context, answerKind: answerKind,
                                   random: SeededGenerator(seed: 3), clock: clock.read)
    }

    @Test("a right answer is confirmed (word, reading, meaning) before the next New word card shows, until Enter")
    func confirmationBeforeNewWord() throws {
        let fixture = try StudyFixture(words: 12)
        let clock = TestClock()
        let quiz = quiz(fixture, fixture.open(), clock: clock)
        #expect(quiz.teaching)
        quiz.finishTeaching()
        let asked = try #require(quiz.currentTest)
        #expect(quiz.check(asked.rightAnswer) == .correct)
        let confirmation = try #require(quiz.confirmation, "the verdict waits for the learner")
        #expect(confirmation.test.challenge == asked.challenge)
        #expect(confirmation.feedback == .correct(asked.challenge))
        #expect(quiz.teaching, "the next word's New word card is ready behind the verdict")
        quiz.goOn()
        #expect(quiz.confirmation == nil)
        #expect(quiz.feedback == nil, "the next card shows clean")
    }

    @Test("a right answer after a miss (the retry) is confirmed too, choosing and typing")
    func confirmationAfterRetry() throws {
        let fixture = try StudyFixture(words: 12)
        let clock = TestClock()
        let choosing = quiz(fixture, fixture.open(), clock: clock)
        choosing.finishTeaching()
        let test = try #require(choosing.currentTest)
        let wrong = try #require(test.answers.first { $0 != test.rightAnswer })
        #expect(choosing.check(wrong) == .wrong)
        #expect(choosing.confirmation == nil, "a miss keeps the word up, with Oh no!")
        #expect(choosing.check(test.rightAnswer) == .correct)
        #expect(choosing.confirmation?.test.challenge == test.challenge)

        let typedFixture = try StudyFixture(words: 12)
        let typing = quiz(typedFixture, typedFixture.open(), clock: clock, answerKind: .type)
        typing.finishTeaching()
        let typed = try #require(typing.currentTest)
        #expect(typing.submit("zzzz") == .wrong)
        #expect(typing.submit(typed.rightAnswer) == .correct)
        #expect(typing.confirmation?.test.challenge == typed.challenge, "the typed verdict waits too")
    }

    @Test("Play again ×3 on a new learner: no card is asked before its learning step is due")
    func playAgainKeepsSteps() throws {
        let fixture = try StudyFixture(words: 30)
        let database = fixture.open()
        let clock = TestClock()
        for _ in 0..<4 {
            let quiz = quiz(fixture, database, clock: clock, limit: 5, questions: 5)
            while let test = quiz.currentTest, !quiz.isComplete {
                if quiz.teaching { quiz.finishTeaching() }
                clock.advance(2)
                quiz.check(test.rightAnswer)
                quiz.goOn()
            }
        }
        // Every review after a card's first came no earlier than the due time the one before set.
        let rows = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT card, time, rating FROM review ORDER BY card, time")
        }
        var last: [Int64: FSRSCard] = [:]
        let scheduler = FSRSScheduler()
        var early = 0
        for row in rows {
            let card: Int64 = row["card"]
            let time = Milliseconds.date(row["time"])
            let memory = last[card] ?? FSRSCard(due: time)
            if memory.state != .new, time < memory.due.addingTimeInterval(-1) { early += 1 }
            last[card] = scheduler.review(memory, rating: Rating(rawValue: row["rating"]) ?? .good, at: time)
        }
        #expect(rows.count >= 5, "the first session answered its words")
        #expect(early == 0, "\(early) reviews came before their step was due")
        #expect(try count(database, "SELECT COUNT(*) FROM card WHERE state = 2") == 0, "no card reached Review on its first day")
    }

    @Test("extra practice offers review cards only, each once a study day")
    func extraPracticeOnlyReviewCards() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let dayStart = start.addingTimeInterval(-3600)
        func record(_ id: Int64, _ card: FSRSCard) -> CardRecord {
            CardRecord(id: id, question: "w\(id)", reading: "", answer: "a\(id)", direction: .japaneseToEnglish, card: card,
                       introduced: start.addingTimeInterval(-86_400 * 3))
        }
        let learning = FSRSCard(state: .learning, step: 1, stability: 1, difficulty: 5, due: start.addingTimeInterval(600),
                                lastReview: start.addingTimeInterval(-60), reps: 1)
        let reviewedToday = FSRSCard(state: .review, step: nil, stability: 5, difficulty: 5, due: start.addingTimeInterval(86_400 * 4),
                                     lastReview: start.addingTimeInterval(-600), reps: 3)
        let review = FSRSCard(state: .review, step: nil, stability: 5, difficulty: 5, due: start.addingTimeInterval(86_400 * 2),
                              lastReview: start.addingTimeInterval(-86_400 * 3), reps: 3)
        var queue = StudyQueue(cards: [record(1, learning), record(2, reviewedToday), record(3, review)], now: start, newToday: 0,
                               newWordLimit: 0, dayStart: dayStart, retrievability: { _, _ in 0.9 })
        let first = queue.next(now: start)
        #expect(first?.position == 2 && first?.source == .extraPractice, "the review card not yet reviewed today")
        #expect(queue.next(now: start.addingTimeInterval(5), excluding: first?.position) == nil,
                "no learning card before its step, no card twice, none reviewed today")
    }

    @Test("new words: 30 study days at 10 a day over the bundled deck, in lessons, never two partners on one day")
    func teachingOrderOverThirtyDays() throws {
        let bundled = try Deck.bundled()
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        let learner = UUID()
        let utc = TimeZone(identifier: "UTC") ?? .current
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        var days: [[Challenge]] = []
        for day in 0..<30 {
            clock.now = Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * 86_400)
            var context = StudyContext(database: database, learner: learner, scheduler: FSRSScheduler(), newWordLimit: 10,
                                       day: StudyDay(timeZone: utc))
            context.lessons = true
            let quiz = ChallengesViewModel(deck: bundled, numberOfQuestions: 2000, study: context, random: SeededGenerator(seed: 9),
                                           clock: clock.read)
            var answers = 0
            while let test = quiz.currentTest, !quiz.isExtraPractice, answers < 2000 {
                clock.advance(3)
                quiz.check(test.rightAnswer)
                answers += 1
            }
            let since = Milliseconds.from(StudyDay(timeZone: utc).start(of: clock.now))
            let introduced = try database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT question, reading FROM card WHERE introduced >= ? ORDER BY introduced, id", arguments: [since])
            }
            days.append(introduced.compactMap { row in
                bundled.challenges.first { $0.question == (row["question"] as String) && ($0.reading ?? "") == (row["reading"] as String) }
            })
        }
        #expect(days.allSatisfy { $0.count == 10 }, "10 new words each day: \(days.map(\.count))")
        for (day, words) in days.enumerated() {
            for (index, first) in words.enumerated() {
                for second in words[(index + 1)...] {
                    let readings = Set([first.reading ?? first.question] + first.readings)
                    #expect(readings.isDisjoint(with: [second.reading ?? second.question] + second.readings),
                            "day \(day + 1): \(first.question) and \(second.question) share a reading")
                    #expect(!first.confusable.contains(second.question) && !second.confusable.contains(first.question),
                            "day \(day + 1): \(first.question) and \(second.question) are confusable")
                    #expect(!first.contrast.contains(second.question) && !second.contrast.contains(first.question),
                            "day \(day + 1): \(first.question) and \(second.question) are contrast partners")
                }
            }
            #expect(Set(words.compactMap(\.category)).count <= 4, "day \(day + 1) comes in lessons: \(words.map { "\($0.question) \($0.category ?? "")" })")
        }
        let taught = days.joined().map(\.question)
        #expect(!(taught.contains("暑い") && taught.contains("熱い") && days.contains { $0.map(\.question).contains("暑い") && $0.map(\.question).contains("熱い") }))
        #expect(Array(taught.prefix(5)).allSatisfy { q in bundled.challenges.first { $0.question == q }?.category == bundled.challenges[0].category },
                "the first lesson is five words of the deck's first category: \(taught.prefix(10))")
    }

    @Test("contrast partners are partners: never in one lesson, even with no reading, kanji or meaning in common")
    func contrastPartnersApart() throws {
        // 貸す/借りる share no reading, kanji or meaning: only the deck's contrast field links them.
        let lend = Challenge(question: "貸す", reading: "かす", pronunciation: "kasu", answer: "to lend", category: "Verbs",
                             contrast: ["借りる"])
        let borrow = Challenge(question: "借りる", reading: "かりる", pronunciation: "kariru", answer: "to borrow", category: "Verbs",
                               contrast: ["貸す"])
        // Longer readings sort after both partners ("common" = shorter first), so only the
        // partner rule can move 借りる out of the first lesson.
        let others = ["教える:おしえる:oshieru:to teach", "答える:こたえる:kotaeru:to answer", "始める:はじめる:hajimeru:to begin",
                      "忘れる:わすれる:wasureru:to forget"].map { line in
            let field = line.split(separator: ":").map(String.init)
            return Challenge(question: field[0], reading: field[1], pronunciation: field[2], answer: field[3], category: "Verbs")
        }
        #expect(!Set(TeachingOrder.partnerKeys(of: lend)).isDisjoint(with: TeachingOrder.partnerKeys(of: borrow)))
        let deck = Deck(title: "Pairs", attribution: nil, challenges: [lend, borrow] + others)
        let order = TeachingOrder.lessons(of: deck).map { deck.challenges[$0].question }
        #expect(order == ["貸す", "教える", "答える", "始める", "忘れる", "借りる"], "借りる waits for the next lesson: \(order)")
    }

    @Test("k on a New word card suspends the word: never asked, not counted in the status or the daily limit")
    func knowThisWord() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(fixture, database, clock: clock, limit: 3)
        let known = try #require(quiz.currentTest?.challenge)
        #expect(quiz.knowThisWord())
        #expect(try database.isSuspended(learner: fixture.learner, deck: fixture.deck.title, question: known.question,
                                         reading: known.reading ?? ""))
        #expect(quiz.currentTest?.challenge != known)
        var asked: [Challenge] = []
        while let test = quiz.currentTest, !quiz.isComplete, asked.count < 30 {
            if quiz.teaching { quiz.finishTeaching() }
            asked.append(test.challenge)
            clock.advance(1_000)
            quiz.check(test.rightAnswer)
        }
        #expect(!asked.contains(known), "a suspended word is never asked")
        #expect(Set(asked.map(\.question)).count == 3, "the daily limit of 3 is not spent on the known word")
        var selection = StudySelection(learner: fixture.learner, settings: Settings())
        selection.newWordLimit = 100
        let status = try #require(LearnerSession.status(database: database, learner: fixture.learner, deck: fixture.deck,
                                                        selection: selection, now: clock.now))
        #expect(status.newAvailable == 12 - 3 - 1, "the suspended word is not a new word left")
    }

    @Test("suspending travels as a stamped change: the latest stamp wins, ties by machine, in any order")
    func suspensionMerge() throws {
        let learner = UUID()
        let changes = [
            Suspension(deck: "d", question: "猫", reading: "ねこ", suspended: true, stamp: 100, machine: "a"),
            Suspension(deck: "d", question: "猫", reading: "ねこ", suspended: false, stamp: 200, machine: "a"),
            Suspension(deck: "d", question: "猫", reading: "ねこ", suspended: true, stamp: 200, machine: "b"),
        ]
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0]] {
            let database = LearnerDatabase.inMemory()
            for index in order { try database.apply(changes[index], learner: learner) }
            #expect(try database.isSuspended(learner: learner, deck: "d", question: "猫", reading: "ねこ"), "order \(order)")
        }
    }

    @Test("a card forgotten the eighth time is a leech, told once")
    func leech() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        var context = fixture.context(database, limit: 0)
        context.scheduler = FSRSScheduler()
        try fixture.lapseToTheBrink(database, now: clock.now)
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 5, study: context, random: SeededGenerator(seed: 1),
                                       clock: clock.read)
        let test = try #require(quiz.currentTest)
        #expect(test.challenge == fixture.deck.challenges[0])
        #expect(quiz.check(try #require(test.answers.first { $0 != test.rightAnswer })) == .wrong)
        let leech = try #require(quiz.leech)
        #expect(leech.lapses == 8)
        quiz.resolveLeech(.suspend)
        #expect(try database.isSuspended(learner: fixture.learner, deck: fixture.deck.title, question: test.challenge.question,
                                         reading: test.challenge.reading ?? ""))
        #expect(quiz.currentTest?.challenge != test.challenge, "the suspended leech is not asked again")
        #expect(try database.wasLeechNoticed(card: leech.cardID), "told once")
    }

    @Test("Welcome says how many cards the chosen direction leaves due")
    func directionNotice() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try database.cards(learner: fixture.learner, deck: fixture.deck, direction: .englishToJapanese, now: now)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE card SET state = 2, stability = 3, difficulty = 5, due = ?, last_review = ?, reps = 2, introduced = ?",
                           arguments: [Milliseconds.from(now) - 1000, Milliseconds.from(now) - 86_400_000, Milliseconds.from(now) - 86_400_000])
        }
        var selection = StudySelection(learner: fixture.learner, settings: Settings())
        selection.direction = .japaneseToEnglish
        let status = try #require(LearnerSession.status(database: database, learner: fixture.learner, deck: fixture.deck,
                                                        selection: selection, now: now))
        #expect(status.dueNow == 0)
        #expect(status.dueElsewhere == 12)
        #expect(status.welcomeText(now: now).hasSuffix("12 more due in other directions"))
        selection.direction = .mixed
        let mixed = try #require(LearnerSession.status(database: database, learner: fixture.learner, deck: fixture.deck,
                                                       selection: selection, now: now))
        #expect(mixed.dueNow == 12 && mixed.dueElsewhere == 0)
    }
}
