/// RecallJudge+OtherWords: the other words a typed answer may belong to — the words a listener
/// cannot tell apart, the word a learner most plausibly meant, the entry's other readings with
/// the asked meaning, and the written forms of the asked word (kanji, casual, digits).
import KuchiDeck

extension RecallJudge {
    /// Homophone: a word read with a given kana: a deck word (its meanings) or another reading of
    /// a deck word's written form (方 read かた, "person").
    package struct Homophone: Sendable {
        /// question: the deck word as written, what the feedback names.
        package let question: String
        /// meanings: what the word means read this way.
        package let meanings: [String]
    }

    /// homophones: the deck's words by folded kana: each reading of each word, and each of its
    /// other readings (`homographs`) with that reading's meaning.
    package static func homophones(of deck: [Challenge], also: [String: [String]]) -> [String: [Homophone]] {
        var result: [String: [Homophone]] = [:]
        /// add: `word` under `kana`, once per question.
        func add(_ kana: String, _ word: Homophone) {
            let key = String(AcceptedReadings.soundFolded(kana))
            guard !key.isEmpty, result[key]?.contains(where: { $0.question == word.question }) != true else { return }
            result[key, default: []].append(word)
        }
        for challenge in deck {
            let meanings = [challenge.answer] + (also[challenge.question] ?? challenge.also)
            for kana in [challenge.reading ?? challenge.question] + challenge.readings {
                add(kana, Homophone(question: challenge.question, meanings: meanings))
            }
        }
        // Other readings after every deck word, so a word read that way is named first.
        for challenge in deck {
            for item in challenge.homographs {
                guard let (reading, meaning) = Challenge.homograph(item) else { continue }
                add(reading, Homophone(question: challenge.question, meanings: [meaning]))
            }
        }
        return result
    }

    /// homophone: listening: another word that sounds as `challenge` is said (its reading, what
    /// the audio plays) and means `meaning` (熱い heard あつい, typed "hot (weather)": 暑い) — a
    /// synonym the ear cannot tell apart.
    package func homophone(meaning: String, of challenge: Challenge) -> RecallVerdict? {
        let typed = EnglishMeaning.normalized(meaning)
        guard !typed.isEmpty else { return nil }
        let heard = String(AcceptedReadings.soundFolded(challenge.reading ?? challenge.question))
        for word in wordsBySound[heard] ?? [] where word.question != challenge.question {
            if let matched = EnglishMeaning.variants(of: word.meanings).first(where: { $0.normalized == typed }) {
                return .synonym(question: word.question, meaning: matched.meaning)
            }
        }
        return nil
    }

    /// likeliestOther: of the deck words whose meaning `submission` is, the one the learner most
    /// plausibly meant: one that sounds like the asked word (鼻 "flower": 花, not 咲く), then one
    /// sharing a kanji with it, then one whose own answer (not a further meaning) it is, else
    /// `named` (deck order).
    package func likeliestOther(_ submission: String, named: String, for challenge: Challenge) -> String {
        let typed = EnglishMeaning.normalized(submission)
        let candidates = english.index.questions(forNormalized: typed).filter { $0 != challenge.question }
        guard candidates.count > 1 else { return named }
        let sounds = Set(([challenge.reading ?? challenge.question] + challenge.readings).map { String(AcceptedReadings.soundFolded($0)) })
        let kanji = Set(challenge.question.filter { Script.containsKanji(String($0)) })
        /// rank: lower is likelier.
        func rank(_ question: String) -> Int {
            guard let other = wordsByQuestion[question] else { return 3 }
            let otherSounds = ([other.reading ?? other.question] + other.readings).map { String(AcceptedReadings.soundFolded($0)) }
            if otherSounds.contains(where: sounds.contains) { return 0 }
            if other.question.contains(where: kanji.contains) { return 1 }
            return EnglishMeaning.variants(of: [other.answer]).contains { $0.normalized == typed } ? 2 : 3
        }
        return candidates.enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }?.element ?? named
    }

    /// isAsked: `meaning` is the meaning `challenge` asks for, as its answer shows it ("tomorrow"
    /// for 明日; "one day" for "one day (all day long)").
    public static func isAsked(_ meaning: String, of challenge: Challenge) -> Bool {
        let normalized = EnglishMeaning.normalized(meaning)
        return !normalized.isEmpty && EnglishMeaning.variants(of: [challenge.answer]).contains { $0.normalized == normalized }
    }

    /// writes: English → Japanese: `submission` is one of the word's other written forms (多分,
    /// じゃ), or its written form with the counter's numeral in digits (4時, ４時, 20日).
    package func writes(_ submission: String, _ challenge: Challenge) -> Bool {
        if challenge.written.contains(where: { ReadingJudge.spellsAs(submission, $0) }) { return true }
        let typed = KanjiNumeral.folded(submission)
        return ([challenge.question] + challenge.written).contains { form in
            KanjiNumeral.digitSpelling(of: form, meaning: challenge.answer) == typed
        }
    }
}
