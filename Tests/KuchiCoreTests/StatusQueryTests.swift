import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// The status query (`kuchi due`, Welcome) counts the learner's own cards of one deck and the
/// words and directions they chose, never another learner's or another deck's.
@Suite("Status query")
struct StatusQueryTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let utcDay = StudyDay(timeZone: TimeZone(identifier: "UTC") ?? .current)

    /// status: the figures for `learner` in `deck`, asked in `direction`, at `now` (UTC days).
    func status(_ database: LearnerDatabase, _ learner: UUID, _ deck: Deck, _ direction: QuizDirection = .japaneseToEnglish,
                limit: Int = 100) throws -> StudyStatus {
        try database.status(learner: learner, deck: deck.title, selection: direction.cardKeys(in: deck), now: Self.now,
                            day: Self.utcDay, newWordLimit: limit)
    }

    /// missed: `card` answered Again ten minutes before `now` (due again by now).
    func missed(_ card: CardRecord, in database: LearnerDatabase) throws {
        try database.record(ReviewInput(cardID: card.id, rating: .again, time: Self.now.addingTimeInterval(-600), duration: 1000),
                            scheduler: FSRSScheduler(enableFuzzing: false))
    }

    @Test("status counts the learner's own cards of the chosen deck, never another learner's or another deck's")
    func countsOnlyTheLearner() throws {
        let database = LearnerDatabase.inMemory()
        let now = Self.now
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

        let anaStatus = try status(database, ana, first)
        #expect(anaStatus.dueNow == 1, "the card missed two minutes ago is due (its one-minute step has passed)")
        #expect(anaStatus.newAvailable == 1, "one new word left in First")
        let anaNext = try #require(anaStatus.nextReview)
        #expect(anaNext > now)
        #expect(try status(database, ana, second) == StudyStatus(dueNow: 0, newAvailable: 3, nextReview: nil), "Second is counted on its own")
        let benStatus = try status(database, ben, first)
        #expect(benStatus.dueNow == 1)
        #expect(benStatus.newAvailable == 3)
        #expect(benStatus.nextReview != nil, "a card due now still has its due time: not \"no review scheduled\"")
    }

    @Test("a card row written in another Unicode form of the same word still counts (canonical equivalence, as the queue)")
    func countsCanonicallyEquivalentRows() throws {
        let database = LearnerDatabase.inMemory()
        let learner = UUID()
        // The same words, as an older deck file wrote them (decomposed: か + U+3099) and as the
        // deck writes them now (precomposed が): the bytes differ, the words do not.
        let decomposed = try makeDeck(DeckJSON.words(5, prefix: "か\u{3099}"), title: "Words")
        let precomposed = try makeDeck(DeckJSON.words(5, prefix: "が"), title: "Words")
        #expect(decomposed.challenges[0].question == precomposed.challenges[0].question)
        #expect(!decomposed.challenges[0].question.utf8.elementsEqual(precomposed.challenges[0].question.utf8))
        let cards = try database.cards(learner: learner, deck: decomposed, now: Self.now)
        for card in cards.cards.prefix(3) { try missed(card, in: database) }
        let written = try status(database, learner, decomposed)
        #expect(written.dueNow == 3 && written.newAvailable == 2)
        #expect(try status(database, learner, precomposed) == written, "the rows match the precomposed deck's words too")
        // A narrower selection leaves the other rows out, whatever their bytes.
        let two = Deck(title: "Words", attribution: precomposed.attribution, challenges: Array(precomposed.challenges.prefix(2)))
        #expect(try status(database, learner, two).dueNow == 2)
        #expect(try status(database, learner, two).newAvailable == 0)
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

    @Test("a deck's words find their rows byte for byte, and in another Unicode form, never making new rows")
    func cardsFindRowsInEitherForm() throws {
        let database = LearnerDatabase.inMemory()
        let now = Self.now
        let learner = UUID()
        let decomposed = try makeDeck(DeckJSON.words(6, prefix: "か\u{3099}"), title: "Words")
        let precomposed = try makeDeck(DeckJSON.words(6, prefix: "が"), title: "Words")
        let first = try database.cards(learner: learner, deck: decomposed, now: now)
        let again = try database.cards(learner: learner, deck: decomposed, now: now)
        let other = try database.cards(learner: learner, deck: precomposed, now: now)
        #expect(again.cards.map(\.id) == first.cards.map(\.id))
        #expect(other.cards.map(\.id) == first.cards.map(\.id), "the precomposed words are the rows written decomposed")
        let rows = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") }
        #expect(rows == 6)
        // A deck in another order still pairs each word with its own row.
        let reversed = Deck(title: "Words", attribution: nil, challenges: precomposed.challenges.reversed())
        let pairs = try database.cards(learner: learner, deck: reversed, now: now).cards
        #expect(pairs.map(\.id) == first.cards.map(\.id).reversed())
    }

    @Test("the count keeps to the deck and direction asked, even with another deck's rows between its own")
    func countKeepsToDeckAndDirection() throws {
        let database = LearnerDatabase.inMemory()
        let now = Self.now
        let learner = UUID()
        // Deck A's first words, then deck B's, then A grows: B's rows lie inside A's id range.
        let small = try makeDeck(DeckJSON.words(4, prefix: "a"), title: "A")
        let other = try makeDeck(DeckJSON.words(5, prefix: "b"), title: "B")
        let grown = try makeDeck(DeckJSON.words(8, prefix: "a"), title: "A")
        _ = try database.cards(learner: learner, deck: small, now: now)
        let bCards = try database.cards(learner: learner, deck: other, now: now)
        let aCards = try database.cards(learner: learner, deck: grown, now: now)
        let aReading = try database.cards(learner: learner, deck: grown, direction: .englishToJapanese, now: now)
        for card in bCards.cards { try missed(card, in: database) }          // another deck: never counted for A
        for card in aReading.cards.prefix(3) { try missed(card, in: database) } // another direction of A's words
        try missed(aCards.cards[6], in: database)                           // one of A's later words, jp-en
        let jpEn = try status(database, learner, grown)
        #expect(jpEn.dueNow == 1, "deck B's and the en-jp rows are not A's jp-en cards")
        #expect(jpEn.newAvailable == 7, "8 words, 1 reviewed; the day's 4 first reviews of deck A count against the limit of 100")
        #expect(try status(database, learner, grown, .englishToJapanese).dueNow == 3)
        #expect(try status(database, learner, grown, .mixed).dueNow == 4)
        #expect(try status(database, learner, other).dueNow == 5)
        // A learner with no row at all: every word is new, nothing is due or scheduled.
        let stranger = try status(database, UUID(), grown, limit: 5)
        #expect(stranger == StudyStatus(dueNow: 0, newAvailable: 5, nextReview: nil))
    }
}

