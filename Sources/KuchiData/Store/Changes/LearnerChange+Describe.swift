/// LearnerChange.Kind+Describe: the catalogue's kinds in a learner's words, for the sentence a
/// busy-time save ends with ("12 answers, 2 settings changes and Forget me were saved").
extension LearnerChange.Kind {
    /// noun: `count` changes of this kind, in words.
    package func noun(_ count: Int) -> String? {
        // Opening a deck makes rows for its new words: nothing the learner would call a change.
        if self == .deckOpened { return nil }
        let (one, many): (String, String) = switch self {
        case .deckOpened: ("", "")
        case .answer: ("answer", "answers")
        case .undo: ("undo", "undos")
        case .overrule: ("“I was right”", "“I was right”s")
        case .learned, .forgotten, .resetLearn: ("Learn swipe", "Learn swipes")
        case .settings, .settingsReceived, .carryOver: ("settings change", "settings changes")
        case .suspension: ("suspended-word change", "suspended-word changes")
        case .leechNoticed: ("leech notice", "leech notices")
        case .ownAnswer: ("own-answer change", "own-answer changes")
        case .parameters: ("scheduler change", "scheduler changes")
        case .forgetLearner: ("Forget me", "Forget me")
        case .restoreLearner: ("learner brought back", "learners brought back")
        case .replay: ("replay of received reviews", "replays of received reviews")
        case .received: ("batch of reviews from other machines", "batches of reviews from other machines")
        }
        return count == 1 ? (self == .forgetLearner ? one : "1 \(one)") : (self == .forgetLearner ? many : "\(count) \(many)")
    }

    /// describe: counts by kind as one phrase (kinds that read alike added up), in the
    /// catalogue's order; nil when empty.
    package static func describe(_ counts: [LearnerChange.Kind: Int]) -> String? {
        var merged: [(kind: LearnerChange.Kind, count: Int)] = []
        for kind in allCases {
            guard let count = counts[kind], count > 0 else { continue }
            guard let shown = kind.noun(2) else { continue }
            if let index = merged.firstIndex(where: { $0.kind.noun(2) == shown }) {
                merged[index].count += count
            } else {
                merged.append((kind, count))
            }
        }
        let words = merged.compactMap { $0.kind.noun($0.count) }
        guard let last = words.last else { return nil }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
    }
}
