import Foundation
import Observation
import KuchiMemory
import KuchiDeck
import KuchiData

/// LearnContext: where Learn keeps a learner's progress (which cards are remembered, how many
/// forgets) so it survives quitting.
public struct LearnContext: Sendable {
    /// database: the learner database.
    public var database: LearnerDatabase
    /// learner: the profile's UUID.
    public var learner: UUID
    /// newWords: the day's new words still allowed (Welcome's "new today"). With it, Learn deals
    /// those next new words from the queue (never reviewed, in the queue's order), then the words
    /// already reviewed — never an unseen word past the day's limit; nil deals the whole deck.
    public var newWords: Int?

    /// init: Learn progress of `learner` in `database`.
    public init(database: LearnerDatabase, learner: UUID, newWords: Int? = nil) {
        self.database = database
        self.learner = learner
        self.newWords = newWords
    }
}

/// FlashCardsViewModel: the Learn tab — a stack of cards, flipped to see the meaning, sorted
/// into remembered (the card leaves the stack) and forgot (it goes back under the stack).
///
/// The stack is a list of deck positions with a moving head, so "forgot" is an append and
/// "remembered" a step: O(1) whatever the size of the deck.
@MainActor
@Observable
public final class FlashCardsViewModel {
    /// isFlipped: the top card shows its meaning.
    public private(set) var isFlipped = false
    /// remembered: cards marked remembered this round.
    public private(set) var remembered = 0
    /// forgotten: "forgot" presses this session (a card can be forgotten more than once).
    public private(set) var forgotten = 0
    private var order: [Int] = []
    private var head = 0

    /// problem: why Learn progress is not being saved, in one sentence (nil when all is well).
    public private(set) var problem: String?

    /// clearProblem: the learner has read the notice.
    public func clearProblem() {
        if problem != nil { problem = nil }
    }

    @ObservationIgnored public let deck: Deck
    @ObservationIgnored private var random: AnyRandom
    /// store: the database and the learner's (learner, deck) row; nil when nothing is kept.
    @ObservationIgnored private var store: (database: LearnerDatabase, learnerDeck: Int64)?
    /// cardIDs: the card of each deck position (its jp-en card), for saving "remembered".
    @ObservationIgnored private var cardIDs: [Int64] = []

    public init(deck: Deck, random: some RandomNumberGenerator) {
        self.deck = deck
        self.random = AnyRandom(random)
        order = Array(deck.challenges.indices).shuffled(using: &self.random)
    }

    /// init: Learn with progress kept per learner: the cards remembered before stay out of the
    /// stack, and the counts carry on where the learner left off.
    public init(deck: Deck, random: some RandomNumberGenerator, learn: LearnContext) {
        self.deck = deck
        self.random = AnyRandom(random)
        do {
            let loaded = try learn.database.cards(learner: learn.learner, deck: deck)
            store = (learn.database, loaded.learnerDeck)
            cardIDs = loaded.cards.map(\.id)
            remembered = loaded.learned.count
            forgotten = loaded.forgotten
            // The day's next new words first, in the order the queue deals them (deck order);
            // remembering one here counts as having been taught it (no New word card later).
            let left = deck.challenges.indices.filter { !loaded.learned.contains($0) }
            if let newWords = learn.newWords {
                let next = Array(left.filter { loaded.cards[$0].card.state == .new }.prefix(max(newWords, 0)))
                let seen = left.filter { loaded.cards[$0].card.state != .new }
                order = next + seen.shuffled(using: &self.random)
                round = next + seen + loaded.learned.sorted()
            } else {
                order = left.shuffled(using: &self.random)
            }
        } catch {
            problem = "Could not read your Learn progress; this round is not saved."
            order = Array(deck.challenges.indices).shuffled(using: &self.random)
        }
        if problem == nil, let message = learn.database.problem?.message { problem = message }
    }

    /// round: the deck positions this round deals (nil: the whole deck).
    private var round: [Int]?

    /// total: the cards in this round.
    public var total: Int { round?.count ?? deck.challenges.count }

    /// persist: writes one change of Learn progress; a failure is reported once, not fatal.
    private func persist(_ change: (LearnerDatabase, Int64) throws -> Void) {
        guard let store else { return }
        do {
            try change(store.database, store.learnerDeck)
        } catch {
            if problem == nil { problem = "Could not save your Learn progress; this round goes on unsaved." }
        }
    }

    /// current: the card on top, nil when every card is remembered.
    public var current: Challenge? {
        head < order.count ? deck.challenges[order[head]] : nil
    }

    /// cardsLeft: cards not yet remembered.
    public var cardsLeft: Int { order.count - head }

    public var isFinished: Bool { head >= order.count }

    /// flip: shows the meaning (or the word again).
    public func flip() {
        guard !isFinished else { return }
        isFlipped.toggle()
    }

    /// remember: the card leaves the stack.
    public func remember() {
        guard !isFinished else { return }
        let position = order[head]
        remembered += 1
        head += 1
        if cardIDs.indices.contains(position) { persist { database, _ in try database.setLearned(cardID: cardIDs[position], true) } }
        if isFlipped { isFlipped = false }
    }

    /// forget: the card goes under the stack and comes back later in this round. With one card
    /// left it simply stays on top.
    public func forget() {
        guard !isFinished else { return }
        forgotten += 1
        persist { database, learnerDeck in try database.addForgotten(learnerDeck: learnerDeck) }
        order.append(order[head])
        head += 1
        if isFlipped { isFlipped = false }
        // Drop the consumed prefix now and then so a long session does not grow without bound.
        if head > 4096, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    /// relearn: `challenge`'s flash card comes back on top of the stack, not remembered (a
    /// leech sent to Learn: the learner meets it first, whatever card of the word lapsed).
    public func relearn(_ challenge: Challenge) {
        guard let position = deck.challenges.firstIndex(where: { $0.question == challenge.question && $0.reading == challenge.reading })
        else { return }
        if let later = order[head...].firstIndex(of: position) {
            order.remove(at: later)
        } else if remembered > 0 {
            remembered -= 1
        }
        // A leech has been seen, so a round (the day's new words, then the seen ones) holds it.
        order.insert(position, at: head)
        if isFlipped { isFlipped = false }
        if cardIDs.indices.contains(position) { persist { database, _ in try database.setLearned(cardID: cardIDs[position], false) } }
    }

    /// restart: a new round with every card, reshuffled.
    public func restart() {
        order = (round ?? Array(deck.challenges.indices)).shuffled(using: &random)
        head = 0
        if remembered != 0 { remembered = 0 }
        if forgotten != 0 { forgotten = 0 }
        if isFlipped { isFlipped = false }
        persist { database, learnerDeck in try database.resetLearn(learnerDeck: learnerDeck) }
    }
}
