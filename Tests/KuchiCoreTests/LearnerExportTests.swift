import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// `kuchi export` formats, exactly: people script against them.
@Suite("Learner export")
struct LearnerExportTests {
    let learner = UUID()

    func export(_ run: (LearnerDatabase, UUID, (String) -> Void) throws -> Void, _ database: LearnerDatabase) throws -> [String] {
        var text = ""
        try run(database, learner) { text += $0 }
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("reviews: ms since the epoch, rating 1–4, the state before, the duration in ms")
    func reviews() throws {
        let database = LearnerDatabase.inMemory()
        let deck = try makeDeck(DeckJSON.words(3))
        let ids = try database.cards(learner: learner, deck: deck).cards.map(\.id)
        let time = Date(timeIntervalSince1970: 1_764_597_600.123)   // 2025-12-01T14:00:00.123Z
        try database.record(ReviewInput(cardID: ids[1], rating: .again, time: time, duration: 2345), scheduler: SimpleScheduler())
        try database.record(ReviewInput(cardID: ids[1], rating: .good, time: time.addingTimeInterval(61), duration: 800), scheduler: SimpleScheduler())
        // Another learner's reviews are not exported.
        let other = try database.cards(learner: UUID(), deck: deck).cards.map(\.id)
        try database.record(ReviewInput(cardID: other[0], rating: .good, time: time, duration: 1), scheduler: SimpleScheduler())
        let lines = try export(LearnerExport.reviews, database)
        #expect(lines == [
            "card_id,review_time,review_rating,review_state,review_duration",
            "\(ids[1]),1764597600123,1,0,2345",
            "\(ids[1]),1764597661123,3,1,800",
        ])
    }

    @Test("cards: ISO 8601 UTC times, empty cells for a new card's unknowns, step empty in Review, RFC 4180 quoting")
    func cards() throws {
        let database = LearnerDatabase.inMemory()
        let deck = try makeDeck([
            DeckJSON.entry("学生", "gakusei", "student", reading: "がくせい"),
            DeckJSON.entry("w2", "w-p2", "say \"hi\", please"),
            DeckJSON.entry("w3", "w-p3", "three"),
        ], title: "My, deck")
        let ids = try database.cards(learner: learner, deck: deck).cards.map(\.id)
        let time = Date(timeIntervalSince1970: 1_764_597_600)   // 2025-12-01T14:00:00Z
        try database.record(ReviewInput(cardID: ids[0], rating: .good, time: time, duration: 1), scheduler: SimpleScheduler())
        try database.record(ReviewInput(cardID: ids[0], rating: .good, time: time.addingTimeInterval(600), duration: 1),
                            scheduler: SimpleScheduler())
        try database.record(ReviewInput(cardID: ids[2], rating: .again, time: time, duration: 1), scheduler: SimpleScheduler())
        let lines = try export(LearnerExport.cards, database)
        #expect(lines == [
            "card_id,deck,question,reading,answer,direction,state,step,stability,difficulty,due,last_review,reps,lapses",
            "\(ids[0]),\"My, deck\",学生,がくせい,student,jp-en,2,,2.0,5.0,2025-12-03T14:10:00Z,2025-12-01T14:10:00Z,2,0",
            "\(ids[1]),\"My, deck\",w2,,\"say \"\"hi\"\", please\",jp-en,0,0,,,,,0,0",
            "\(ids[2]),\"My, deck\",w3,,three,jp-en,1,0,0.5,5.0,2025-12-01T14:01:00Z,2025-12-01T14:00:00Z,1,0",
        ])
    }

    @Test("RFC 4180 quoting: only fields with a comma, quote or line break are quoted")
    func quoting() {
        #expect(LearnerExport.quoted("plain") == "plain")
        #expect(LearnerExport.quoted("a,b") == "\"a,b\"")
        #expect(LearnerExport.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(LearnerExport.quoted("two\nlines") == "\"two\nlines\"")
        #expect(LearnerExport.quoted("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(LearnerExport.quoted("日本語") == "日本語")
    }
}
