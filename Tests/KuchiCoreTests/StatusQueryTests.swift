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

    @Test("a card row written in another Unicode form of the same word still counts (canonical equivalence, as the queue)")
    func countsCanonicallyEquivalentRows() throws {
        let database = LearnerDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let learner = UUID()
        // The same words, as an older deck file wrote them (decomposed: か + U+3099) and as the
        // deck writes them now (precomposed が): the bytes differ, the words do not.
        let decomposed = try makeDeck(DeckJSON.words(5, prefix: "か\u{3099}"), title: "Words")
        let precomposed = try makeDeck(DeckJSON.words(5, prefix: "が"), title: "Words")
        #expect(decomposed.challenges[0].question == precomposed.challenges[0].question)
        #expect(!decomposed.challenges[0].question.utf8.elementsEqual(precomposed.challenges[0].question.utf8))
        let cards = try database.cards(learner: learner, deck: decomposed, now: now)
        let scheduler = FSRSScheduler(enableFuzzing: false)
        for card in cards.cards.prefix(3) {
            try database.record(ReviewInput(cardID: card.id, rating: .again, time: now.addingTimeInterval(-600), duration: 1000),
                                scheduler: scheduler)
        }
        func status(_ deck: Deck) throws -> StudyStatus {
            try database.status(learner: learner, deck: deck.title, selection: QuizDirection.japaneseToEnglish.cardKeys(in: deck), now: now,
                                day: StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current), newWordLimit: 100)
        }
        let written = try status(decomposed)
        #expect(written.dueNow == 3 && written.newAvailable == 2)
        #expect(try status(precomposed) == written, "the rows match the precomposed deck's words too")
        // A narrower selection leaves the other rows out, whatever their bytes.
        let two = Deck(title: "Words", attribution: precomposed.attribution, challenges: Array(precomposed.challenges.prefix(2)))
        #expect(try status(two).dueNow == 2)
        #expect(try status(two).newAvailable == 0)
    }

    @Test("card keys: repeats counted once, fields never run into each other, another Unicode form found as the same word")
    func cardKeysMatchBytes() {
        let keys = CardKeys([
            CardKey(question: "ab", reading: "c", direction: .japaneseToEnglish),
            CardKey(question: "ab", reading: "c", direction: .japaneseToEnglish),
            CardKey(question: "ab", reading: "c", direction: .reading),
            CardKey(question: "が", reading: "", direction: .japaneseToEnglish),
        ])
        #expect(keys.count == 3)
        var matcher = CardKeys.Matcher(keys)
        func contains(_ question: String, _ reading: String, _ direction: StudyDirection) -> Bool {
            var question = question, reading = reading
            return question.withUTF8 { q in
                reading.withUTF8 { r in matcher.contains(question: UnsafeRawBufferPointer(q), reading: UnsafeRawBufferPointer(r), direction: direction) }
            }
        }
        #expect(contains("ab", "c", .japaneseToEnglish))
        #expect(contains("ab", "c", .reading))
        #expect(!contains("ab", "c", .englishToJapanese), "the direction is part of the card")
        #expect(!contains("a", "bc", .japaneseToEnglish), "a question's end is not a reading's start")
        #expect(!contains("abc", "", .japaneseToEnglish))
        #expect(contains("か\u{3099}", "", .japaneseToEnglish), "the decomposed form of が is the same word")
        #expect(!contains("か", "", .japaneseToEnglish))
    }
}

