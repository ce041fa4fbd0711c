import Foundation
import KuchiMemory
import KuchiDeck

/// LearnerChange: every write to a learner, as one named value (Anki's `Op`, the catalogue).
///
/// The app, the commands, undo, a busy-time save and Forget all change the learner database
/// by handing one of these to `LearnerDatabase.apply(_:now:)`, which is one `switch`: a new
/// kind of write that is not a case here does not compile, and every consumer of the catalogue
/// (the busy copy's replay, the portable form, the exit sentence) is total over it. Rows are
/// named by what they are — a card by (learner, deck, question, reading, direction), a deck by
/// (learner, deck) — or, for a change made live, by the row id the caller holds; `portable`
/// turns the ids into names so the change can be replayed into another copy of the file.
public enum LearnerChange {
    /// deckOpened: a deck's words get their card rows (New) and changed answers are refreshed,
    /// when the learner opens the deck.
    case deckOpened(DeckOpening)
    /// answer: a graded answer with the session snapshot saved with it (only the snapshot, saved
    /// or deleted, when `review` is nil).
    case answer(Answer)
    /// undo: an answer taken back; its tombstone is kept and sent, so the undo travels.
    case undo(Undo)
    /// overrule: "I was right" (F5): the Again taken back and the Good recorded, in one transaction.
    case overrule(Undo, Answer)
    /// learned: Learn marked a card remembered (or, on restart, not).
    case learned(CardReference, Bool)
    /// forgotten: one more "forgot" press in Learn.
    case forgotten(DeckReference)
    /// resetLearn: Learn started a new round.
    case resetLearn(DeckReference)
    /// settings: the learner's travelling settings changed here (`fields` of `profile`).
    case settings(SettingsWrite)
    /// settingsReceived: setting changes another machine made, read from the sync folder
    /// (each kept once; the latest by stamp wins).
    case settingsReceived(SettingsReceived)
    /// carryOver: a profile file's settings logged once, at sign-in (older Kuchi's files).
    case carryOver(Profile)
    /// suspension: a word suspended ("I know this word", a leech put away) or brought back.
    case suspension(SuspensionWrite)
    /// leechNoticed: the leech notice of a card was told.
    case leechNoticed(CardReference)
    /// ownAnswer: an answer of the learner's own kept or taken back ("I was right", `kuchi synonyms`).
    case ownAnswer(OwnAnswerWrite)
    /// parameters: FSRS weights put in force (a fit, or back to the defaults).
    case parameters(ParametersWrite)
    /// forgetLearner: every row of every table that holds the learner deleted (Forget me).
    case forgetLearner(UUID)
    /// restoreLearner: a forgotten learner's rows copied back from the copy kept aside.
    case restoreLearner(LearnerRestore)
    /// received: reviews and undos other machines made, read from the sync folder.
    case received(ReceivedLog)
    /// replay: the cards a sync's records changed recomputed, once every record is in.
    case replay(Replay)

    /// Kind: the catalogue's cases by name, for sentences and for tests that cover each one.
    public enum Kind: String, CaseIterable, Sendable {
        case deckOpened, answer, undo, overrule, learned, forgotten, resetLearn, settings, settingsReceived, carryOver, suspension, leechNoticed,
             ownAnswer, parameters, forgetLearner, restoreLearner, received, replay
    }

    /// kind: which case this is.
    public var kind: Kind {
        switch self {
        case .deckOpened: .deckOpened
        case .answer: .answer
        case .undo: .undo
        case .overrule: .overrule
        case .learned: .learned
        case .forgotten: .forgotten
        case .resetLearn: .resetLearn
        case .settings: .settings
        case .settingsReceived: .settingsReceived
        case .carryOver: .carryOver
        case .suspension: .suspension
        case .leechNoticed: .leechNoticed
        case .ownAnswer: .ownAnswer
        case .parameters: .parameters
        case .forgetLearner: .forgetLearner
        case .restoreLearner: .restoreLearner
        case .received: .received
        case .replay: .replay
        }
    }
}

extension LearnerChange {
    /// CardIdentity: a card by what it is, with its answer for a file that lacks the card.
    public struct CardIdentity: Equatable, Sendable {
        public var learner: String
        public var deck: String
        public var question: String
        public var reading: String
        public var direction: String
        public var answer: String
    }

    /// DeckIdentity: a learner's deck by what it is.
    public struct DeckIdentity: Equatable, Sendable {
        public var learner: String
        public var deck: String
    }

    /// CardReference: a card row as the live caller holds it, or by identity (portable).
    public enum CardReference: Equatable, Sendable {
        case row(Int64)
        case identity(CardIdentity)
    }

    /// DeckReference: a learner deck row, or by identity (portable).
    public enum DeckReference: Equatable, Sendable {
        case row(Int64)
        case identity(DeckIdentity)
    }

    /// DeckOpening: a learner's deck opened in one direction.
    public struct DeckOpening {
        public var learner: UUID
        public var deck: Deck
        public var direction: StudyDirection
    }

    /// SessionWrite: a deck's session snapshot as text (nil: the session is over, deleted).
    public struct SessionWrite {
        public var deck: DeckReference
        public var text: String?
    }

    /// Answer: a graded answer with the session snapshot saved with it. `review.uid` and
    /// `review.computed` are fixed once applied, so a replay writes the same review id and card.
    public struct Answer {
        public var review: ReviewInput?
        public var card: CardReference?
        public var scheduler: any CardScheduler
        public var session: SessionWrite?
    }

    /// Undo: a recorded answer taken back, with the session snapshot saved with it.
    public struct Undo {
        public var recorded: RecordedReview
        public var card: CardReference
        public var session: SessionWrite?
    }

    /// SettingsWrite: the fields of `profile` that changed here; `stamps` are fixed once applied.
    public struct SettingsWrite {
        public var profile: Profile
        public var fields: Set<ProfileField>
        /// stamps: the stamp each logged field got (empty until applied; a replay keeps them).
        public var stamps: [ProfileField: SettingStamp] = [:]
    }

    /// SettingsReceived: setting changes read from the sync folder (their stamps and machines
    /// their own), for a learner.
    public struct SettingsReceived {
        public var learner: UUID
        public var changes: [SettingChange]

        /// init: every field.
        package init(learner: UUID, changes: [SettingChange]) {
            self.learner = learner
            self.changes = changes
        }
    }

    /// SuspensionWrite: a word suspended or brought back; `stamp` fixed once applied. `machine`
    /// names the machine that made a change received from the sync folder (nil: made here).
    public struct SuspensionWrite {
        public var learner: UUID
        public var deck: String
        public var question: String
        public var reading: String
        public var suspended: Bool
        public var stamp: Int64?
        public var machine: String?

        /// init: every field.
        package init(learner: UUID, deck: String, question: String, reading: String, suspended: Bool, stamp: Int64? = nil, machine: String? = nil) {
            self.learner = learner
            self.deck = deck
            self.question = question
            self.reading = reading
            self.suspended = suspended
            self.stamp = stamp
            self.machine = machine
        }
    }

    /// OwnAnswerWrite: answers of the learner's own kept or taken back; `matching` (a typed
    /// answer for a word, as `kuchi synonyms --remove` gives it) is resolved into `answers` once applied.
    public struct OwnAnswerWrite {
        public var learner: UUID
        public var answers: [OwnAnswer]
        public var kept: Bool
        public var matching: (word: String, answer: String, deck: String?)?
        public var stamp: Int64?
        /// machine: the machine a received change came from (nil: made here); a received change
        /// is written only where it is later than the row kept.
        public var machine: String?

        /// init: every field.
        package init(learner: UUID, answers: [OwnAnswer], kept: Bool, matching: (word: String, answer: String, deck: String?)? = nil, stamp: Int64? = nil, machine: String? = nil) {
            self.learner = learner
            self.answers = answers
            self.kept = kept
            self.matching = matching
            self.stamp = stamp
            self.machine = machine
        }
    }

    /// ParametersWrite: weights put in force; `time` fixed once applied.
    public struct ParametersWrite {
        public var learner: UUID
        public var weights: [Double]
        public var source: ParameterChange.Source
        public var reschedule: Bool
        public var desiredRetention: Double
        public var time: Int64?
        /// machine: the machine a received change came from (nil: made here). A received change
        /// is logged without a replay: the sync replays once, after every record is in.
        public var machine: String?

        /// init: every field.
        package init(learner: UUID, weights: [Double], source: ParameterChange.Source, reschedule: Bool, desiredRetention: Double, time: Int64? = nil, machine: String? = nil) {
            self.learner = learner
            self.weights = weights
            self.source = source
            self.reschedule = reschedule
            self.desiredRetention = desiredRetention
            self.time = time
            self.machine = machine
        }
    }
}
