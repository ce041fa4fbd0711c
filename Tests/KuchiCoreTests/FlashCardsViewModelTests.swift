import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck

@MainActor
@Suite("Learn: flash cards")
struct FlashCardsViewModelTests {
    private func deck(_ count: Int) throws -> Deck {
        let tuples = (0..<count).map { ("語\($0)", "go\($0)", "word \($0)") }
        return try Deck.decode(DeckJSON.data(tuples.map { DeckJSON.entry($0.0, $0.1, $0.2, reading: "ご") }))
    }

    @Test("every card comes up once when all are remembered, then the round is finished")
    func rememberAll() throws {
        let cards = FlashCardsViewModel(deck: try deck(5), random: SeededGenerator(seed: 3))
        var seen: Set<String> = []
        while let card = cards.current {
            #expect(seen.insert(card.question).inserted, "a remembered card came back")
            cards.remember()
        }
        #expect(seen.count == 5)
        #expect(cards.remembered == 5 && cards.cardsLeft == 0 && cards.isFinished)
    }

    @Test("a forgotten card goes under the stack and comes back after the others")
    func forgotComesBack() throws {
        let cards = FlashCardsViewModel(deck: try deck(3), random: SeededGenerator(seed: 9))
        let first = try #require(cards.current)
        cards.forget()
        #expect(cards.current != first)
        #expect(cards.cardsLeft == 3, "forgetting keeps the card in the stack")
        cards.remember()
        cards.remember()
        #expect(cards.current == first)
        #expect(cards.forgotten == 1 && cards.remembered == 2)
    }

    @Test("flip shows the meaning; answering turns the next card face up")
    func flip() throws {
        let cards = FlashCardsViewModel(deck: try deck(3), random: SeededGenerator(seed: 1))
        cards.flip()
        #expect(cards.isFlipped)
        cards.forget()
        #expect(!cards.isFlipped)
        cards.flip()
        cards.remember()
        #expect(!cards.isFlipped)
    }

    @Test("restart brings every card back and resets the counts")
    func restart() throws {
        let cards = FlashCardsViewModel(deck: try deck(4), random: SeededGenerator(seed: 5))
        while !cards.isFinished { cards.remember() }
        cards.restart()
        #expect(cards.remembered == 0 && cards.cardsLeft == 4 && cards.current != nil)
    }

    @Test("a long session of forgetting stays bounded and correct")
    func longSession() throws {
        let cards = FlashCardsViewModel(deck: try deck(3), random: SeededGenerator(seed: 11))
        for _ in 0..<10_000 { cards.forget() }
        #expect(cards.cardsLeft == 3 && cards.forgotten == 10_000)
        cards.remember()
        cards.remember()
        cards.remember()
        #expect(cards.isFinished)
    }

    @Test("remember and forget do nothing once finished")
    func finishedIsInert() throws {
        let cards = FlashCardsViewModel(deck: try deck(3), random: SeededGenerator(seed: 2))
        while !cards.isFinished { cards.remember() }
        #expect(fires(reading: { _ = cards.remembered; _ = cards.isFlipped }, when: {
            cards.remember()
            cards.forget()
            cards.flip()
        }) == false)
    }
}
