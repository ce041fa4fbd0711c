import Foundation
@testable import KuchiCore
import Testing
@testable import KuchiDeck
@testable import KuchiData

/// JLPTLevelsN4Tests: the bundled deck with N4 beside N5 (issue 38) — what it holds, N5 as a new
/// learner's level, N5 taught before N4 when both are chosen, and a learner set to N4 dealt N4
/// words only.
@MainActor
@Suite("JLPT N4 in the bundled deck")
struct JLPTLevelsN4Tests {
    let folder: TemporaryDirectory
    let clock = TestClock()

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// learner: a signed-in learner studying these levels, teaching new words, 20 a day.
    func learner(levels: [Int], deck: Deck) -> LearnerSession {
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: UUID(), name: "さくら"))
        user.newWordsPerDay = 20
        user.numberOfQuestions = 10
        user.levels = levels
        return LearnerSession(user: user, bundled: deck, database: LearnerDatabase.open(directory: folder.url), seed: 5, clock: clock.read)
    }

    @Test("the deck holds at least 600 N4 words after its N5 words, and its title says so")
    func deckHoldsN4() throws {
        let deck = try Deck.bundled()
        let counts = Dictionary(uniqueKeysWithValues: deck.levels.map { ($0.level, $0.count) })
        #expect((counts[4] ?? 0) >= 600)
        #expect((counts[5] ?? 0) >= 750)
        #expect(deck.heading == "Kuchi deck (JLPT N5 and N4)" && deck.heading.contains("N5") && deck.heading.contains("N4"))
        #expect(deck.title == DeckLibrary.bundledTitle, "the progress keeps its name: no learner's cards are orphaned")
        let firstN4 = try #require(deck.challenges.firstIndex { $0.level == 4 && $0.category == "Work & society" })
        #expect(deck.challenges[..<firstN4].contains { $0.level == 5 })
        #expect(deck.challenges.allSatisfy { $0.level != nil }, "every entry names its level")
    }

    @Test("a new learner studies N5")
    func newLearnerStudiesN5() throws {
        #expect(Settings().levels == [5])
        let session = learner(levels: Settings().levels, deck: try Deck.bundled())
        #expect(session.deck.challenges.allSatisfy { $0.level == 5 })
    }

    @Test("with N5 and N4 chosen, every N5 word is taught before the first N4 word")
    func teachingOrderKeepsN5First() throws {
        let deck = try Deck.bundled()
        let levels = TeachingOrder.lessons(of: deck).map { deck.challenges[$0].level ?? 0 }
        let lastN5 = try #require(levels.lastIndex(of: 5))
        let firstN4 = try #require(levels.firstIndex(of: 4))
        #expect(lastN5 < firstN4)
        #expect(Set(TeachingOrder.lessons(of: deck)).count == deck.challenges.count, "every word once")
    }

    @Test("a learner set to N4 is dealt N4 words only")
    func n4LearnerGetsN4Only() throws {
        let session = learner(levels: [4], deck: try Deck.bundled())
        #expect(!session.deck.challenges.isEmpty && session.deck.challenges.allSatisfy { $0.level == 4 })
        session.refreshStatus(force: true)
        #expect(session.status?.newAvailable == 20, "the day's new words, all of them N4")
        session.startSession()
        var dealt: [Challenge] = []
        while !session.quiz.isComplete, let test = session.quiz.currentTest, dealt.count < 40 {
            dealt.append(test.challenge)
            clock.advance(5)
            session.quiz.finishTeaching()
            session.quiz.check(test.rightAnswer)
        }
        #expect(dealt.count >= 10)
        #expect(dealt.allSatisfy { $0.level == 4 }, "dealt: \(dealt.map(\.question))")
    }

    @Test("levels do not apply to a deck that names none: N5, the default, keeps an imported deck whole")
    func unlevelledDeckStaysWhole() throws {
        let deck = try makeDeck(DeckJSON.words(6))
        let session = learner(levels: [5], deck: deck)
        #expect(session.deck.challenges.count == 6)
        #expect(session.deckProblem == nil)
    }
}
