import Observation

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

    @ObservationIgnored public let deck: Deck
    @ObservationIgnored private var random: AnyRandom

    public init(deck: Deck, random: some RandomNumberGenerator) {
        self.deck = deck
        self.random = AnyRandom(random)
        order = Array(deck.challenges.indices).shuffled(using: &self.random)
    }

    /// total: the cards in this round.
    public var total: Int { deck.challenges.count }

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
        remembered += 1
        head += 1
        if isFlipped { isFlipped = false }
    }

    /// forget: the card goes under the stack and comes back later in this round. With one card
    /// left it simply stays on top.
    public func forget() {
        guard !isFinished else { return }
        forgotten += 1
        order.append(order[head])
        head += 1
        if isFlipped { isFlipped = false }
        // Drop the consumed prefix now and then so a long session does not grow without bound.
        if head > 4096, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    /// restart: a new round with every card, reshuffled.
    public func restart() {
        order = Array(deck.challenges.indices).shuffled(using: &random)
        head = 0
        if remembered != 0 { remembered = 0 }
        if forgotten != 0 { forgotten = 0 }
        if isFlipped { isFlipped = false }
    }
}
