import Foundation

/// FSRSReview: one review as the fitter sees it: the grade (1 Again … 4 Easy) and the whole
/// 24-hour periods since the card's previous review (0 for a card's first review and for a
/// second review on the same day).
public struct FSRSReview: Equatable, Hashable, Sendable, Codable {
    /// rating: 1…4.
    public let rating: Int
    /// deltaT: whole days since the previous review, as the scheduler counts them.
    public let deltaT: Int

    /// init: a review graded `rating` after `deltaT` days.
    public init(rating: Int, deltaT: Int) {
        self.rating = rating
        self.deltaT = deltaT
    }
}

/// TrainingItem: one prediction to fit: the first `length` reviews of sequence `sequence`, whose
/// last review (a day or more after the one before) is the answer the earlier ones predict.
///
/// Items are views into their card's one sequence rather than copies of its prefix, so a card
/// with 300 reviews costs 300 reviews of memory, not 45,000 (fsrs-rs copies each prefix).
public struct TrainingItem: Equatable, Sendable {
    /// sequence: index into `TrainingSet.sequences`.
    public let sequence: Int
    /// length: how many of the sequence's reviews the item holds (the last is the target).
    public let length: Int
    /// longTermCount: how many of those reviews came a day or more after the one before.
    public let longTermCount: Int
}

/// TrainingSet: the learner's review log as fsrs-rs's training items, in the order of their
/// target reviews' times (the order recency weights are given in).
public struct TrainingSet: Sendable {
    /// sequences: each card's reviews, from the start of its last learning block.
    public let sequences: [[FSRSReview]]
    /// cardIDs: each sequence's card, as fsrs-rs groups a card's items.
    public let cardIDs: [Int64]
    /// items: every usable review, oldest target first.
    public let items: [TrainingItem]
    /// reviewCount: every review the log holds (usable or not), for the verdict's figures.
    public let reviewCount: Int

    /// LoggedReview: one row of the review log, as the builder reads it.
    public struct LoggedReview: Sendable {
        /// time: ms since 1970.
        public let time: Int64
        /// rating: 1…4.
        public let rating: Int
        /// startsLearning: the card was new when answered — a first review, or a card reset to
        /// new, which starts a new learning block (its earlier reviews no longer describe it).
        public let startsLearning: Bool

        /// init: a logged review.
        public init(time: Int64, rating: Int, startsLearning: Bool) {
            self.time = time
            self.rating = rating
            self.startsLearning = startsLearning
        }
    }

    /// millisecondsPerDay: a day as the scheduler counts elapsed time (whole 24-hour periods).
    static let millisecondsPerDay: Int64 = 86_400_000

    /// init(sequences:cardIDs:items:reviewCount:): a set built elsewhere (tests, the oracle's form).
    public init(sequences: [[FSRSReview]], cardIDs: [Int64], items: [TrainingItem], reviewCount: Int) {
        self.sequences = sequences
        self.cardIDs = cardIDs
        self.items = items
        self.reviewCount = reviewCount
    }

    /// init(logs:): the items of each card's log (reviews in time order, per card id).
    ///
    /// A card's sequence starts at its last review logged as new; each later review is kept
    /// with `deltaT` = whole days since the previous one (never negative: a clock set back
    /// reads as the same day, as when scheduling). Every review with `deltaT` > 0 is a target;
    /// same-day reviews stay in the history only. Items are ordered by their target's time,
    /// then card id, so equal logs give equal sets on every machine.
    public init(logs: [(card: Int64, reviews: [LoggedReview])]) {
        var sequences: [[FSRSReview]] = []
        var cardIDs: [Int64] = []
        var stamped: [(time: Int64, card: Int64, item: TrainingItem)] = []
        var total = 0
        for (card, log) in logs {
            total += log.count
            guard !log.isEmpty else { continue }
            let start = log.lastIndex { $0.startsLearning } ?? 0
            let block = log[start...]
            var sequence: [FSRSReview] = []
            sequence.reserveCapacity(block.count)
            var previous: Int64?
            var longTerm = 0
            let index = sequences.count
            for review in block {
                let days = previous.map { Int(max(0, review.time - $0) / Self.millisecondsPerDay) } ?? 0
                sequence.append(FSRSReview(rating: review.rating, deltaT: days))
                if days > 0 {
                    longTerm += 1
                    stamped.append((review.time, card, TrainingItem(sequence: index, length: sequence.count, longTermCount: longTerm)))
                }
                previous = max(previous ?? review.time, review.time)
            }
            sequences.append(sequence)
            cardIDs.append(card)
        }
        stamped.sort { ($0.time, $0.card, $0.item.length) < ($1.time, $1.card, $1.item.length) }
        self.init(sequences: sequences, cardIDs: cardIDs, items: stamped.map(\.item), reviewCount: total)
    }

    /// reviews(of:): the item's reviews (a slice of its card's sequence).
    public func reviews(of item: TrainingItem) -> ArraySlice<FSRSReview> {
        sequences[item.sequence][0..<item.length]
    }

    /// target(of:): the item's last review, the one predicted.
    func target(of item: TrainingItem) -> FSRSReview {
        sequences[item.sequence][item.length - 1]
    }

    /// firstRating(of:): the grade of the card's first review in this block.
    func firstRating(of item: TrainingItem) -> Int {
        sequences[item.sequence][0].rating
    }

    /// firstLongTermDelta(of:): days before the card's first review a day or more after another.
    func firstLongTermDelta(of item: TrainingItem) -> Int {
        sequences[item.sequence].first { $0.deltaT > 0 }?.deltaT ?? 0
    }

    /// subset(_:): the same sequences with only `items`.
    func subset(_ items: [TrainingItem]) -> TrainingSet {
        TrainingSet(sequences: sequences, cardIDs: cardIDs, items: items, reviewCount: reviewCount)
    }
}
