/// RecallVerdict: the outcome of a typed answer in any direction, as the quiz acts on it.
import KuchiDeck

public enum RecallVerdict: Hashable, Sendable {
    /// right: the answer is right as typed (the reading, the written form, or the meaning).
    case right
    /// almost: an English near miss within the typo tolerance: accepted, shown as "almost — …".
    case almost(expected: String)
    /// otherWord: the meaning of another deck word: not graded, "that's the meaning of … — try again".
    case otherWord(question: String)
    /// synonym: English → Japanese: another deck word (written `question`, meaning `meaning`)
    /// that is also a right translation of the prompt: not graded, "that's also … — we're
    /// asking for another word".
    case synonym(question: String, meaning: String)
    /// contrast: the word's deck partner (written `question`, meaning `meaning`): transitive for
    /// intransitive, lend for borrow, older for younger: graded Again, and the feedback says
    /// how the two differ.
    case contrast(question: String, meaning: String)
    /// otherReading: reading direction: another real reading of the written form (辛い read
    /// つらい), a word whose meaning the learner could not see: not graded; the feedback shows
    /// the meaning meant.
    case otherReading(reading: String, meaning: String)
    /// wrong: graded Again.
    case wrong

    /// isAccepted: counts as right (Good on the first try).
    public var isAccepted: Bool {
        switch self {
        case .right, .almost: true
        case .otherWord, .synonym, .contrast, .otherReading, .wrong: false
        }
    }

    /// isGraded: the verdict writes a review (right, almost, wrong, a contrast partner); the
    /// others are try-agains.
    public var isGraded: Bool {
        switch self {
        case .right, .almost, .contrast, .wrong: true
        case .otherWord, .synonym, .otherReading: false
        }
    }
}

/// RecallJudge: picks the judge for a study direction, so the quiz has one call per answer.
///
/// Japanese → English judges the meaning; English → Japanese and reading judge the kana. In the
/// reading direction the written form is what is shown, so typing it back is not an answer;
/// in English → Japanese it is (the learner produced the word), and so is any of its other
/// standard written forms (`written`: 多分 for たぶん). A deck word the entry names in
/// `contrast` is a wrong answer in every direction, said with the contrast. In English →
/// Japanese, another deck word that accepts the prompt as shown (はは for "mother (someone's)")
/// is a synonym, not a miss, and so is the entry's own other reading with the prompt's meaning
/// (明日 みょうにち for "tomorrow"). In listening, another word that sounds the same (暑い for
/// 熱い, both あつい) is a synonym too: the learner cannot hear which is meant. The judge is
/// built from the whole deck, whatever the learner studies, so a filter never changes a grade.
public struct RecallJudge: Sendable {
    /// english: the meaning judge, holding the deck's index of meanings.
    public let english: EnglishJudge
    /// wordsByQuestion: the deck's words by written form, for the synonym and contrast checks.
    package let wordsByQuestion: [String: Challenge]
    /// alsoByQuestion: each word's other accepted meanings, as `also` gave them.
    package let alsoByQuestion: [String: [String]]
    /// wordsBySound: the deck's words (and their other readings' meanings) by folded kana, for
    /// the words a listener cannot tell apart.
    package let wordsBySound: [String: [Homophone]]

    /// glosses: every JMdict gloss of each word, accepted as its meaning too.
    package let glosses: JMdictGlosses

    /// init: a judge for one deck; `also` gives a word's other accepted meanings, `glosses`
    /// each word's JMdict glosses (accepted, and indexed as the word's like `also`).
    public init(deck: [Challenge], also: (Challenge) -> [String] = { _ in [] }, words: EnglishWords = .shared,
                glosses: JMdictGlosses = .bundled) {
        self.glosses = glosses
        let meanings = deck.map { also($0) + glosses.glosses(for: $0) }
        english = EnglishJudge(index: MeaningIndex(words: zip(deck, meanings).map {
            MeaningIndex.Word(question: $0.question, meanings: [$0.answer] + $1)
        }), words: words)
        var byQuestion: [String: Challenge] = [:]
        var alsos: [String: [String]] = [:]
        for (challenge, meaning) in zip(deck, meanings) where byQuestion[challenge.question] == nil {
            byQuestion[challenge.question] = challenge
            alsos[challenge.question] = meaning
        }
        wordsByQuestion = byQuestion
        alsoByQuestion = alsos
        wordsBySound = Self.homophones(of: deck, also: alsos)
    }

    /// judge: the verdict for `submission` (a `TypedAnswer.submission`) for `challenge` asked in
    /// `direction`; `also` is the word's other accepted meanings, `own` the answers the learner
    /// kept for this card ("I was right"), accepted as typed.
    public func judge(_ submission: String, for challenge: Challenge, direction: StudyDirection, also: [String] = [],
                      own: [String] = []) -> RecallVerdict {
        switch direction {
        case .japaneseToEnglish, .listening:
            let also = also + glosses.glosses(for: challenge)
            let typed = EnglishMeaning.normalized(submission)
            if !typed.isEmpty && own.contains(where: { EnglishMeaning.normalized($0) == typed }) { return .right }
            let verdict = english.judge(submission, for: challenge, also: also)
            // A word that sounds the same cannot be told apart by ear (熱い heard あつい, typed
            // "hot (weather)"): never a graded miss, whatever the partners; its exact meaning
            // beats a near miss of the asked word's, as a partner's does.
            if verdict != .exact, direction == .listening, let homophone = homophone(meaning: submission, of: challenge) {
                return homophone
            }
            if verdict != .exact, let partner = contrastPartner(meaning: submission, of: challenge) { return partner }
            switch verdict {
            case .exact: return .right
            case let .almost(expected): return .almost(expected: expected)
            case let .otherWord(question): return .otherWord(question: likeliestOther(submission, named: question, for: challenge))
            case .wrong: return .wrong
            }
        case .englishToJapanese, .reading:
            if own.contains(where: { ReadingJudge.spellsAs(submission, $0) }) { return .right }
            switch ReadingJudge.judge(submission, for: challenge) {
            case .right: return .right
            case .writtenForm: return direction == .englishToJapanese ? .right : .wrong
            case .wrong: break
            }
            if direction == .englishToJapanese, writes(submission, challenge) { return .right }
            if let partner = contrastPartner(kana: submission, of: challenge) { return partner }
            if direction == .reading { return otherReading(submission, of: challenge) ?? .wrong }
            // The word's own other reading with the prompt's meaning (明日 みょうにち "tomorrow").
            if let other = otherReading(submission, of: challenge), case let .otherReading(_, meaning) = other,
               Self.isAsked(meaning, of: challenge) {
                return other
            }
            return synonym(submission, for: challenge) ?? .wrong
        }
    }

    /// contrastPartner: the partner of `challenge` whose meaning `meaning` is (jp → en).
    package func contrastPartner(meaning: String, of challenge: Challenge) -> RecallVerdict? {
        let typed = EnglishMeaning.normalized(meaning)
        for question in challenge.contrast {
            guard let other = wordsByQuestion[question] else { continue }
            let meanings = [other.answer] + (alsoByQuestion[question] ?? [])
            // The meaning the learner typed is the one quoted ("warm", not "hot (weather)").
            if let matched = EnglishMeaning.variants(of: meanings).first(where: { $0.normalized == typed }) {
                return .contrast(question: other.question, meaning: matched.meaning)
            }
        }
        return nil
    }

    /// contrastPartner: the partner of `challenge` that `kana` spells (en → jp, reading).
    package func contrastPartner(kana: String, of challenge: Challenge) -> RecallVerdict? {
        for question in challenge.contrast {
            guard let other = wordsByQuestion[question], ReadingJudge.judge(kana, for: other).isAccepted else { continue }
            return .contrast(question: other.question, meaning: other.answer)
        }
        return nil
    }

    /// otherReading: the homograph of `challenge` that `kana` reads (辛い typed つらい).
    package func otherReading(_ kana: String, of challenge: Challenge) -> RecallVerdict? {
        for homograph in challenge.homographs {
            guard let (reading, meaning) = Challenge.homograph(homograph),
                  ReadingJudge.judge(kana, question: reading, reading: nil).isAccepted else { continue }
            return .otherReading(reading: reading, meaning: meaning)
        }
        return nil
    }

    /// synonym: the deck word `submission` spells, if it accepts the prompt as shown (the prompt
    /// "mother (someone's)" and 母 "mother (one's own)" share "mother"); never a contrast
    /// partner, and never through a meaning the prompt does not show (頭 also glosses "person",
    /// but the prompt says "head").
    package func synonym(_ submission: String, for challenge: Challenge) -> RecallVerdict? {
        for variant in EnglishMeaning.variants(of: [challenge.answer]) {
            for question in english.index.questions(forNormalized: variant.normalized)
            where question != challenge.question && !challenge.contrast.contains(question) {
                // The other word as the learner may write it: its reading, or a kanji or casual
                // form (`written`: 多分, じゃ) — as the word's own prompt would accept it.
                guard let other = wordsByQuestion[question],
                      ReadingJudge.judge(submission, for: other).isAccepted || other.written.contains(where: { ReadingJudge.spellsAs(submission, $0) })
                else { continue }
                return .synonym(question: other.question, meaning: other.answer)
            }
        }
        return nil
    }
}

extension TypedAnswer.Mode {
    /// init(direction:): the answer field's mode for a direction: English for Japanese → English,
    /// romaji-to-kana for the two that are answered in Japanese.
    public init(direction: StudyDirection) {
        switch direction {
        case .japaneseToEnglish, .listening: self = .english
        case .englishToJapanese, .reading: self = .japanese
        }
    }
}
