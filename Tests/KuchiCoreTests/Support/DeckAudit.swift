import Foundation
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// DeckAudit: runs the app's own judge over every deck entry in each typed direction with the
/// answers a learner would type, and lists the refusals.
///
/// The answers tried are the standard ones: the romaji the hint shows, every listed reading (as
/// kana and as the importer's romaji), the written form (English → Japanese), the answer, each
/// `also`, each `;`/`,`-separated part outside parentheses, and, when a file of them is given,
/// JMdict's first gloss. A refusal here is a false "✗" that would write Again into the log.
@MainActor
struct DeckAudit {
    /// Refusal: one standard answer the judge did not accept.
    struct Refusal: CustomStringConvertible {
        let question: String
        let direction: StudyDirection
        /// kind: which standard answer it was (romaji, reading, answer, part, also, jmdict…).
        let kind: String
        let typed: String
        let verdict: RecallVerdict

        var description: String { "\(direction.rawValue) \(question) [\(kind)] “\(typed)” → \(verdict)" }
    }

    let deck: Deck
    /// glosses: JMdict's first gloss of each question (scripts/audit-deck writes them), if given.
    let glosses: [String: [String]]

    /// refusals: every refusal, entry by entry, direction by direction.
    func refusals(includingJMdict: Bool = true) -> [Refusal] {
        let judge = RecallJudge(deck: deck.challenges, also: \.also)
        var result: [Refusal] = []
        for challenge in deck.challenges {
            for (direction, kind, typed) in cases(for: challenge, includingJMdict: includingJMdict) {
                let field = TypedAnswer(mode: TypedAnswer.Mode(direction: direction))
                field.insert(typed)
                let verdict = judge.judge(field.submission, for: challenge, direction: direction, also: challenge.also)
                if !verdict.isAccepted {
                    result.append(Refusal(question: challenge.question, direction: direction, kind: kind, typed: typed, verdict: verdict))
                }
            }
        }
        return result
    }

    /// cases: (direction, kind, what is typed) for one entry.
    func cases(for challenge: Challenge, includingJMdict: Bool) -> [(StudyDirection, String, String)] {
        var cases: [(StudyDirection, String, String)] = []
        let hasKanji = Script.containsKanji(challenge.question)
        let readings = Self.readings(of: challenge)
        var japanese: [(String, String)] = [("romaji", challenge.pronunciation)]
        for reading in readings {
            japanese.append(("reading", reading))
            if let romaji = Hepburn.romaji(reading) { japanese.append(("reading romaji", romaji)) }
        }
        for (kind, typed) in japanese {
            cases.append((.englishToJapanese, kind, typed))
            if hasKanji { cases.append((.reading, kind, typed)) }
        }
        if hasKanji { cases.append((.englishToJapanese, "written", challenge.question)) }
        cases.append((.japaneseToEnglish, "answer", challenge.answer))
        for also in challenge.also { cases.append((.japaneseToEnglish, "also", also)) }
        for meaning in [challenge.answer] + challenge.also {
            let parts = Self.parts(of: meaning)
            if parts.count > 1 {
                for part in parts { cases.append((.japaneseToEnglish, "part", part)) }
            }
        }
        if includingJMdict {
            for gloss in glosses[challenge.question] ?? [] { cases.append((.japaneseToEnglish, "jmdict", gloss)) }
        }
        return cases
    }

    /// readings: the entry's kana readings (the question itself for a kana word).
    static func readings(of challenge: Challenge) -> [String] {
        [challenge.reading ?? challenge.question] + challenge.readings
    }

    /// parts: a meaning split on `;` and `,` outside parentheses, each trimmed, with its
    /// parenthesised qualifiers left out (what a learner types for "the tenth (day of the month)").
    static func parts(of meaning: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in meaning {
            switch character {
            case "(": depth += 1; current.append(character)
            case ")": depth = max(0, depth - 1); current.append(character)
            case ";" where depth == 0, "," where depth == 0:
                parts.append(current)
                current = ""
            default: current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Misjudged: a teacher's case the app judged otherwise.
    struct Misjudged: CustomStringConvertible {
        let direction: String
        let question: String
        let typed: String
        /// expected: whether the teacher marks it right ("fair" cases: whether it may be graded wrong).
        let expected: Bool
        /// verdict: the app's verdict, or nil when the deck has no such word.
        let verdict: RecallVerdict?
        /// fair: the case asks only that it is never graded wrong.
        var fair = false

        var description: String {
            let should = fair ? "never a graded miss" : expected ? "right" : "wrong"
            return "\(direction) \(question) “\(typed)” should be \(should), is \(verdict.map { "\($0)" } ?? "not in the deck")"
        }
    }

    /// teacherMisjudged: the cases (direction, question, typed, "right"/"wrong"/"fair") judged
    /// otherwise than a teacher would ("fair": right or an ungraded try-again, never a graded
    /// miss); an English → Japanese case typed in kana or romaji is tried in the reading direction
    /// too (a written form typed, 4時, is no reading).
    func teacherMisjudged(_ cases: [[String]]) -> [Misjudged] {
        let judge = RecallJudge(deck: deck.challenges, also: \.also)
        var result: [Misjudged] = []
        for item in cases where item.count == 4 {
            let fair = item[3] == "fair"
            let expected = item[3] == "right" || fair
            guard let challenge = deck.challenges.first(where: { $0.question == item[1] }),
                  let direction = StudyDirection(rawValue: item[0]) else {
                if expected { result.append(Misjudged(direction: item[0], question: item[1], typed: item[2], expected: true, verdict: nil)) }
                continue
            }
            var directions = [direction]
            if direction == .englishToJapanese && Script.containsKanji(challenge.question) && !Script.containsKanji(item[2])
                && !item[2].contains(where: \.isNumber) { directions.append(.reading) }
            for direction in directions {
                let field = TypedAnswer(mode: TypedAnswer.Mode(direction: direction))
                field.insert(item[2])
                let verdict = judge.judge(field.submission, for: challenge, direction: direction, also: challenge.also)
                if fair ? verdict.isGraded && !verdict.isAccepted : verdict.isAccepted != expected {
                    result.append(Misjudged(direction: direction.rawValue, question: item[1], typed: item[2], expected: expected, verdict: verdict,
                                            fair: fair))
                }
            }
        }
        return result
    }

    /// loadTeacherCases: the teacher's cases file (a list of [direction, question, typed, right|wrong]).
    static func loadTeacherCases(from path: String?) -> [[String]] {
        guard let path, let data = FileManager.default.contents(atPath: path),
              let cases = try? JSONDecoder().decode([[String]].self, from: data) else { return [] }
        return cases
    }

    /// loadGlosses: the JMdict first glosses file (question → glosses), or none.
    static func loadGlosses(from path: String?) -> [String: [String]] {
        guard let path, let data = FileManager.default.contents(atPath: path),
              let glosses = try? JSONDecoder().decode([String: [String]].self, from: data) else { return [:] }
        return glosses
    }
}
