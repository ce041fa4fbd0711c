import Foundation
import GRDB
import Testing
@testable import KuchiCore

/// The status query (`kuchi due`, Welcome) counts the learner's own cards of one deck and the
/// words and directions they chose, never another learner's or another deck's.
@Suite("Status query")
struct StatusQueryTests {
    @Test("status counts the learner's own cards of the chosen deck, never another learner's or another deck's")
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

        func status(_ learner: UUID, _ deck: Deck) throws -> StudyStatus {
            try database.status(learner: learner, deck: deck.title, selection: QuizDirection.japaneseToEnglish.cardKeys(in: deck), now: now,
                                day: StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current), newWordLimit: 100)
        }
        let anaStatus = try status(ana, first)
        #expect(anaStatus.dueNow == 1, "the card missed two minutes ago is due (its one-minute step has passed)")
        #expect(anaStatus.newAvailable == 1, "one new word left in First")
        let anaNext = try #require(anaStatus.nextReview)
        #expect(anaNext > now)
        #expect(try status(ana, second) == StudyStatus(dueNow: 0, newAvailable: 3, nextReview: nil), "Second is counted on its own")
        let benStatus = try status(ben, first)
        #expect(benStatus.dueNow == 1)
        #expect(benStatus.newAvailable == 3)
        #expect(benStatus.nextReview != nil, "a card due now still has its due time: not \"no review scheduled\"")
    }
}
