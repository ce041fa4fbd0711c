import Foundation
import KuchiCore
import Testing
import KuchiMemory
import KuchiDeck
import KuchiData

/// SetDue: a stand-in scheduler that puts a reviewed card due at a chosen time.
private struct SetDue: CardScheduler {
    let due: Date

    func review(_ card: FSRSCard, rating: Rating, at time: Date) -> FSRSCard {
        FSRSCard(state: .review, step: nil, stability: 3, difficulty: 5, due: due, lastReview: time, reps: card.reps + 1, lapses: card.lapses)
    }

    func retrievability(of card: FSRSCard, at time: Date) -> Double { 0.5 }
}

/// `kuchi due` and `kuchi export` on the real binary: exact output, exit codes, learner choice.
struct StudyCommandE2ETests {
    let home: TemporaryDirectory
    let sakura = Profile(name: "Sakura", lastUsed: Date(timeIntervalSince1970: 1_700_000_000))

    init() throws {
        home = try TemporaryDirectory()
        try ProfileStore(directory: home.file("config")).save(sakura)
    }

    /// kuchi: runs the binary with the fixture's folders, in UTC.
    func kuchi(_ arguments: [String]) throws -> ProcessResult {
        try runKuchi(arguments + ["--config-dir", home.file("config").path, "--data-dir", home.file("data").path],
                     environment: ["TZ": "UTC"], in: home.url)
    }

    /// study: one card due now (reviewed two days ago) and one due at `next`.
    func study(next: Date) throws -> [Int64] {
        let database = LearnerDatabase.open(directory: home.file("data"))
        #expect(database.problem == nil)
        let deck = try Deck.bundled()
        let ids = try database.cards(learner: sakura.id, deck: deck).cards.map(\.id)
        let twoDaysAgo = Date().addingTimeInterval(-2 * 86_400)
        try database.record(ReviewInput(cardID: ids[0], rating: .good, time: twoDaysAgo, duration: 1500),
                            scheduler: SetDue(due: twoDaysAgo.addingTimeInterval(86_400)))
        try database.record(ReviewInput(cardID: ids[1], rating: .again, time: twoDaysAgo.addingTimeInterval(5), duration: 4200),
                            scheduler: SetDue(due: next))
        return ids
    }

    @Test func dueBeforeAnySessionExitsOne() throws {
        let result = try kuchi(["due"])
        #expect(result.standardOutput == "0 due now, 10 new available, no review scheduled\n")
        #expect(result.status == 1)
        let quiet = try kuchi(["due", "--quiet"])
        #expect(quiet.standardOutput == "0\n")
        #expect(quiet.status == 1)
    }

    @Test func dueWithADueCardExitsZero() throws {
        let next = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 3 * 86_400)
        _ = try study(next: next)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let result = try kuchi(["due"])
        #expect(result.standardOutput == "1 due now, 10 new available, next review \(formatter.string(from: next))\n")
        #expect(result.status == 0)
        let quiet = try kuchi(["due", "--quiet", "--profile", "sakura"])
        #expect(quiet.standardOutput == "1\n")
        #expect(quiet.status == 0)
    }

    @Test func severalLearnersMustChoose() throws {
        try ProfileStore(directory: home.file("config")).save(Profile(name: "Aiko"))
        let result = try kuchi(["due"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("several learners — choose one with --profile NAME: Aiko, Sakura"))
        #expect(result.standardOutput.isEmpty)
        #expect(try kuchi(["due", "--profile", "Aiko"]).status == 1)
        let unknown = try kuchi(["export", "cards", "--profile", "Nobody"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("no saved profile named \"Nobody\""))
    }

    @Test func exportsReviewsToAFileAndCardsToStandardOutput() throws {
        let ids = try study(next: Date().addingTimeInterval(3600))
        let reviews = try kuchi(["export", "reviews", "-o", "reviews.csv"])
        #expect(reviews.status == 0)
        #expect(reviews.standardOutput.isEmpty)
        let lines = try String(contentsOf: home.file("reviews.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "card_id,review_time,review_rating,review_state,review_duration")
        #expect(lines.count == 3)
        #expect(lines.dropFirst().map { $0.split(separator: ",").first.map(String.init) } == ["\(ids[0])", "\(ids[1])"])
        #expect(lines.last?.hasSuffix(",1,0,4200") == true)
        let cards = try kuchi(["export", "cards"])
        #expect(cards.status == 0)
        let cardLines = cards.standardOutput.split(separator: "\n").map(String.init)
        #expect(cardLines.first == "card_id,deck,question,reading,answer,direction,state,step,stability,difficulty,due,last_review,reps,lapses")
        #expect(cardLines.count == 1 + (try Deck.bundled().challenges.count))
        #expect(cardLines[1].firstMatch(of: #/^\d+,[^,]+,[^,]+,[^,]*,[^,]+,jp-en,2,,3\.0,5\.0,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,1,0$/#) != nil,
                "\(cardLines[1])")
    }
}
