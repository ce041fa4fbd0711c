import Foundation
import GRDB
import Testing
@testable import KuchiCore

/// The status query (`kuchi due`, Welcome) reads the card table in file order rather than
/// through the due index; it must still count only the asked learner's cards, of every deck.
@Suite("Status query")
struct StatusQueryTests {
    @Test("status counts the learner's own cards over all their decks, never another learner's")
    func countsOnlyTheLearner() throws {
        let database = LearnerDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let (ana, ben) = (UUID(), UUID())
        let first = try makeDeck(DeckJSON.words(4, prefix: "a"), title: "First")
        let second = try makeDeck(DeckJSON.words(3, prefix: "b"), title: "Second")
        let anaFirst = try database.cards(learner: ana, deck: first, now: now)
        _ = try database.cards(learner: ana, deck: second, now: now)
        let benFirst = try database.cards(learner: ben, deck: first, now: now)
        let scheduler = FSRSScheduler(enableFuzzing: false)
        // Ana reviews two words a day ago (Good: due again later) and one just now (Again: due in a minute).
        for card in anaFirst.cards.prefix(2) {
            try database.record(ReviewInput(cardID: card.id, rating: .easy, time: now.addingTimeInterval(-86_400), duration: 1000),
                                scheduler: scheduler)
        }
        try database.record(ReviewInput(cardID: anaFirst.cards[2].id, rating: .again, time: now.addingTimeInterval(-120), duration: 1000),
                            scheduler: scheduler)
        // Ben's card is due now: his review must not count for Ana.
        try database.record(ReviewInput(cardID: benFirst.cards[0].id, rating: .again, time: now.addingTimeInterval(-3600), duration: 1000),
                            scheduler: scheduler)

        let anaStatus = try database.status(learner: ana, now: now, newWordLimit: 100)
        #expect(anaStatus.dueNow == 1, "the card missed two minutes ago is due (its one-minute step has passed)")
        #expect(anaStatus.newAvailable == 4, "one new word left in First, three in Second")
        let anaNext = try #require(anaStatus.nextReview)
        #expect(anaNext > now)
        let benStatus = try database.status(learner: ben, now: now, newWordLimit: 100)
        #expect(benStatus.dueNow == 1)
        #expect(benStatus.newAvailable == 3)
        #expect(benStatus.nextReview == nil)
    }
}
