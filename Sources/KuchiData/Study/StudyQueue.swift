import Foundation
import KuchiMemory

/// StudyQueue: which card comes next — due cards first (lowest retrievability first), then new
/// cards up to the day's limit, and when both are done, extra practice of cards already seen.
///
/// Built when a session starts, from the cards as the database has them. Every order is prepared
/// once (one sort), so picking the next card is amortised O(1) even among 10k cards: stale
/// entries (a card reviewed since) are skipped lazily. A card in a learning step comes back once
/// its short step is due, from a small list of this session's learning cards.
///
/// Cards are grouped by word (`words[i]`): with mixed directions every due card of a word is in
/// the queue, but a session asks a word once while any other due card waits — asking 猫 jp-en and
/// then en-jp would give the answer away. A due card of a word already asked still comes before
/// any new card (due first, always), and new cards are never dealt beyond the limit: when due and
/// new are done, only review cards not yet reviewed this study day are offered as extra
/// practice, each once (a card in a learning step waits for its step, issue 29).
public struct StudyQueue {
    /// defaultNewWordLimit: new words per study day unless the learner sets another (0–100).
    public static let defaultNewWordLimit = 10
    /// newWordLimitRange: the Settings range of the daily new-word limit.
    public static let newWordLimitRange = 0...100

    /// Source: why a card was picked (Welcome and the screen can say "extra practice").
    public enum Source: Equatable, Sendable {
        case learning, due, new, extraPractice
    }

    /// cards: the queue's cards, slot for slot.
    public private(set) var cards: [CardRecord]
    /// words: the word (deck position) of each slot; slots of one word are one word's directions.
    public let words: [Int]
    /// newWordLimit: the day's limit of new cards.
    public let newWordLimit: Int
    /// newToday: new cards introduced today (from the database, refreshed before each new pick).
    public private(set) var newToday: Int

    private let retrievability: (FSRSCard, Date) -> Double
    /// dueOrder: slots due when the queue was built, highest retrievability first (so the lowest
    /// is popped from the end).
    private var dueOrder: [Int]
    /// upcoming: reviewed slots not yet due at build time, earliest due first.
    private var upcoming: [Int]
    private var upcomingHead = 0
    /// lateDue: upcoming cards that fell due during the session, and due cards set aside because
    /// their word was already asked.
    private var lateDue: [Int] = []
    /// newOrder: new slots in deck order.
    private var newOrder: [Int]
    private var newHead = 0
    /// learning: slots graded this session that are in a learning or relearning step.
    private var learning: Set<Int> = []
    /// shown: slots shown this session, so extra practice does not repeat them first.
    private var shown: Set<Int> = []
    /// askedWords: words asked this session (any direction).
    private var askedWords: Set<Int> = []
    /// dayStart: when the study day began: a card reviewed since is not offered as extra practice
    /// (`.distantFuture` when no day is known: only this session's rule holds).
    private let dayStart: Date
    /// partnerKeys: a word's (deck position's) partner keys (`TeachingOrder.partnerKeys`); nil
    /// without the same-day rule.
    private let partnerKeys: ((Int) -> [String])?
    /// introducedKeys: the partner keys of the words introduced this study day.
    private var introducedKeys: Set<String> = []
    /// introducedWords: the words introduced this study day (a word is no partner of itself:
    /// its other direction may still come).
    private var introducedWords: Set<Int> = []
    /// suspendedWords: words suspended during the session ("I know this word"): never dealt.
    private var suspendedWords: Set<Int> = []
    /// extraOrder: built on first need: review cards by earliest due.
    private var extraOrder: [Int]?
    private var extraHead = 0

    /// init: prepares every order once: due cards by retrievability, upcoming ones by due time,
    /// new ones in the order given. `words` defaults to one word per card.
    public init(cards: [CardRecord], words: [Int]? = nil, now: Date, newToday: Int,
                newWordLimit: Int = StudyQueue.defaultNewWordLimit, dayStart: Date = .distantFuture, teachingRank: [Int]? = nil,
                partnerKeys: ((Int) -> [String])? = nil, retrievability: @escaping (FSRSCard, Date) -> Double) {
        self.cards = cards
        self.dayStart = dayStart
        self.partnerKeys = partnerKeys
        self.words = words ?? Array(cards.indices)
        self.newToday = newToday
        self.newWordLimit = min(max(newWordLimit, Self.newWordLimitRange.lowerBound), Self.newWordLimitRange.upperBound)
        self.retrievability = retrievability
        var due: [(slot: Int, recall: Double)] = []
        var upcoming: [Int] = []
        var fresh: [Int] = []
        let words = self.words
        for (slot, record) in cards.enumerated() {
            if let partnerKeys, let introduced = record.introduced, introduced >= dayStart {
                introducedKeys.formUnion(partnerKeys(words[slot]))
                introducedWords.insert(words[slot])
            }
            if record.card.state == .new {
                fresh.append(slot)
            } else if record.card.due <= now {
                due.append((slot, retrievability(record.card, now)))
            } else {
                upcoming.append(slot)
            }
        }
        dueOrder = due.sorted { $0.recall > $1.recall }.map(\.slot)
        self.upcoming = upcoming.sorted { cards[$0].card.due < cards[$1].card.due }
        if let teachingRank {
            // A stable sort: a word's directions stay together, in the order they were given.
            newOrder = fresh.enumerated().sorted { (teachingRank[words[$0.element]], $0.offset) < (teachingRank[words[$1.element]], $1.offset) }
                .map(\.element)
        } else {
            newOrder = fresh
        }
    }

    /// setNewToday: today's new cards as the database counts them now (another window may have
    /// introduced some), so the limit holds across windows.
    public mutating func setNewToday(_ count: Int) {
        newToday = max(count, 0)
    }

    /// next: the card to show at `now`, never `current` when another will do; nil when nothing
    /// may be asked (no card due, no new card allowed, none reviewed yet).
    public mutating func next(now: Date, excluding current: Int? = nil) -> (position: Int, source: Source)? {
        if let slot = learning.filter({ $0 != current && cards[$0].card.due <= now && !suspendedWords.contains(words[$0]) })
            .min(by: { cards[$0].card.due < cards[$1].card.due }) {
            return pick(slot, .learning)
        }
        while upcomingHead < upcoming.count, cards[upcoming[upcomingHead]].card.due <= now {
            lateDue.append(upcoming[upcomingHead])
            upcomingHead += 1
        }
        while let slot = dueOrder.last {
            dueOrder.removeLast()
            guard isDue(slot, now: now, current: current) else { continue }
            if askedWords.contains(words[slot]) {
                lateDue.append(slot)
                continue
            }
            return pick(slot, .due)
        }
        lateDue = lateDue.filter { isDue($0, now: now, current: current) }
        // Due cards of words not asked yet first; a due card of a word already asked (another
        // direction) still comes before any new word.
        for preferFresh in [true, false] {
            let candidates = lateDue.indices.filter { !preferFresh || !askedWords.contains(words[lateDue[$0]]) }
            if let index = candidates.min(by: { retrievability(cards[lateDue[$0]].card, now) < retrievability(cards[lateDue[$1]].card, now) }) {
                return pick(lateDue.remove(at: index), .due)
            }
        }
        if let slot = nextNew(current: current) { return pick(slot, .new) }
        return extraPractice(excluding: current)
    }

    /// nextDue: when the next card waiting for its time falls due — a learning step, a review
    /// not due yet — nil when none waits (a suspended word's cards never do). A scan: it is
    /// asked only while nothing may be asked.
    public func nextDue() -> Date? {
        let waiting = learning.union(upcoming[upcomingHead...])
        return waiting.lazy.filter { cards[$0].card.state != .new && !suspendedWords.contains(words[$0]) }.map { cards[$0].card.due }.min()
    }

    /// peekNew: whether a new card could be dealt now (the limit and the deck allow it).
    public var hasNewAllowed: Bool {
        newToday < newWordLimit && newOrder[newHead...].contains { cards[$0].card.state == .new }
    }

    /// nextNew: the next new card within the day's limit, of a word not asked this session.
    private mutating func nextNew(current: Int?) -> Int? {
        guard newToday < newWordLimit else { return nil }
        var skipped: [Int] = []
        defer { newOrder.replaceSubrange(newHead..<newHead, with: skipped); }
        while newHead < newOrder.count {
            let slot = newOrder[newHead]
            newHead += 1
            guard cards[slot].card.state == .new, slot != current, !suspendedWords.contains(words[slot]) else { continue }
            if askedWords.contains(words[slot]) {
                skipped.append(slot)
                continue
            }
            // A partner of a word introduced today waits for another study day (it stays out
            // of this session's queue; the next session's queue is built on another day).
            let keys = partnerKeys?(words[slot]) ?? []
            if keys.contains(where: introducedKeys.contains), !introducedWords.contains(words[slot]) { continue }
            introducedWords.insert(words[slot])
            introducedKeys.formUnion(keys)
            newToday += 1
            return slot
        }
        return nil
    }

    /// update: the card's state after a review (from the database), so the queue sees it.
    public mutating func update(_ record: CardRecord, at slot: Int) {
        guard cards.indices.contains(slot) else { return }
        if cards[slot].card.state == .new, record.card.state != .new { extraOrder = nil }
        cards[slot] = record
        if record.card.state == .learning || record.card.state == .relearning {
            learning.insert(slot)
        } else {
            learning.remove(slot)
        }
    }

    /// refresh: a card another window changed since the queue was built: its row as it is now
    /// (no learning-list bookkeeping: this session did not review it).
    public mutating func refresh(_ record: CardRecord, at slot: Int) {
        guard cards.indices.contains(slot) else { return }
        cards[slot] = record
    }

    /// putBack: a card picked but never answered (undo brought the previous word back) is the
    /// next of its kind again, and its word counts as not asked.
    public mutating func putBack(_ slot: Int, source: Source) {
        guard cards.indices.contains(slot) else { return }
        shown.remove(slot)
        askedWords.remove(words[slot])
        switch source {
        case .due: dueOrder.append(slot)
        case .new:
            newOrder.insert(slot, at: newHead)
            newToday = max(0, newToday - 1)
        case .extraPractice: extraOrder = nil
        case .learning: break
        }
    }

    /// markShown: a card shown from outside the queue (a resumed session's word).
    public mutating func markShown(_ slot: Int) {
        shown.insert(slot)
        if words.indices.contains(slot) { askedWords.insert(words[slot]) }
    }

    /// isDue: a reviewed card, due at `now`, other than the one up.
    private func isDue(_ slot: Int, now: Date, current: Int?) -> Bool {
        slot != current && cards[slot].card.state != .new && cards[slot].card.due <= now && !suspendedWords.contains(words[slot])
    }

    /// suspend: the word's cards are not dealt again ("I know this word" on its New word
    /// card); the new card dealt for it (`dealt`, never answered) no longer counts today.
    /// A suspended word is no word introduced today either: its partners may still come today
    /// (a word the learner already knows does not hold back its pair), as `StudyPlan` lists them.
    public mutating func suspend(word: Int, dealt slot: Int?) {
        suspendedWords.insert(word)
        if let slot, cards.indices.contains(slot), cards[slot].card.state == .new { newToday = max(0, newToday - 1) }
        if let partnerKeys, introducedWords.remove(word) != nil {
            introducedKeys = Set(introducedWords.flatMap(partnerKeys))
        }
    }

    /// pick: records the card (and its word) as shown this session and returns it.
    private mutating func pick(_ slot: Int, _ source: Source) -> (position: Int, source: Source) {
        markShown(slot)
        return (slot, source)
    }

    /// extraPractice: review cards only — never a card in a learning or relearning step (its
    /// step is the learner's protection: it is asked when due, not sooner) and never a new
    /// word beyond the limit — each at most once a study day (one not reviewed since the day
    /// began, and not shown this session), earliest due first. Nil when none is left.
    private mutating func extraPractice(excluding current: Int?) -> (position: Int, source: Source)? {
        if extraOrder == nil {
            extraOrder = cards.indices.filter { isPracticeCandidate($0) }.sorted { cards[$0].card.due < cards[$1].card.due }
            extraHead = 0
        }
        let order = extraOrder ?? []
        while extraHead < order.count {
            let slot = order[extraHead]
            extraHead += 1
            if slot != current, !shown.contains(slot), isPracticeCandidate(slot) { return pick(slot, .extraPractice) }
        }
        return nil
    }

    /// isPracticeCandidate: a review card not yet reviewed this study day.
    private func isPracticeCandidate(_ slot: Int) -> Bool {
        let card = cards[slot].card
        return card.state == .review && (card.lastReview ?? .distantPast) < dayStart && !suspendedWords.contains(words[slot])
    }
}
