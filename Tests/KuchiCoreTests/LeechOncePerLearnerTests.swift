import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// Issue 40: a leech notice is told once per learner — on the machine whose miss made the card
/// a leech — not again on another machine that received its lapses by sync.
@Suite("Leech notice once per learner")
@MainActor
struct LeechOncePerLearnerTests {
    @Test("a card that became a leech elsewhere (its 8th lapse arrived) is asked here without the notice, also at a later lapse")
    func leechFromAnotherMachine() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        try fixture.lapseToTheBrink(database, now: clock.now)
        // The 8th lapse, as another machine's review a sync brings: this machine never graded it.
        let card = try #require(try database.cards(learner: fixture.learner, deck: fixture.deck, now: clock.now).cards.first {
            $0.question == fixture.deck.challenges[0].question
        })
        _ = try database.record(ReviewInput(cardID: card.id, rating: .again, time: clock.now, duration: 2000), scheduler: SimpleScheduler())
        clock.advance(3 * 86_400)
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 5, study: fixture.context(database, limit: 0),
                                       random: SeededGenerator(seed: 3), clock: clock.read)
        let test = try #require(quiz.currentTest)
        #expect(test.challenge == fixture.deck.challenges[0], "the leech is due and asked")
        #expect(quiz.leech == nil, "told on the machine whose miss made it a leech, not here")
        #expect(quiz.check(try #require(test.answers.first { $0 != test.rightAnswer })) == .wrong)
        #expect(quiz.leech == nil, "a later lapse does not tell it again")
    }

    @Test("the miss that makes a card a leech here tells it")
    func leechMadeHere() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        try fixture.lapseToTheBrink(database, now: clock.now)
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 5, study: fixture.context(database, limit: 0),
                                       random: SeededGenerator(seed: 3), clock: clock.read)
        let test = try #require(quiz.currentTest)
        #expect(quiz.check(try #require(test.answers.first { $0 != test.rightAnswer })) == .wrong)
        #expect(quiz.leech?.lapses == WordHistory.leechLapses)
    }
}
