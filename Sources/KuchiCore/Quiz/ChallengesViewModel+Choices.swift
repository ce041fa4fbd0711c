/// ChallengesViewModel+Choices: the three choices for a word, in any direction — the right one
/// and two distractors that can never also be right.
import KuchiDeck

extension ChallengesViewModel {
    /// makeTest: the challenge with two distractors in `direction`, from its own category when
    /// it has enough; never a word marked confusable with it (`Deck.mayBeDistractor`).
    func makeTest(for index: Int, direction: StudyDirection = .japaneseToEnglish) -> ChallengeTest {
        let challenge = deck.challenges[index]
        let needed = Self.choicesPerTest - 1
        var distractors: [Int] = []
        if let category = challenge.category, let pool = indicesByCategory[category], pool.count > needed {
            distractors = pickDistinct(needed, from: pool, asked: index, direction: direction)
        }
        if distractors.count < needed {
            distractors = pickDistinct(needed, from: Array(deck.challenges.indices), asked: index, direction: direction)
        }
        var positions = [index] + distractors
        positions.shuffle(using: &random)
        return test(challenge, direction: direction, choices: positions.map { deck.challenges[$0] })
    }

    /// test: a test of `challenge` whose choices are `choices`' texts in `direction` (with
    /// their readings when the choices are Japanese words).
    func test(_ challenge: Challenge, direction: StudyDirection, choices: [Challenge]) -> ChallengeTest {
        ChallengeTest(challenge: challenge, answers: choices.map(direction.choice(for:)), direction: direction,
                      readings: direction == .englishToJapanese ? choices.map(\.reading) : [])
    }

    /// pickDistinct: up to `count` deck positions from `pool` whose choices in `direction` are
    /// distinct from each other and from the asked word's, no two of them confusable. Random
    /// probes first (O(1) on big decks), then a scan from a random start so a small or
    /// repetitive pool still fills when it can.
    func pickDistinct(_ count: Int, from pool: [Int], asked: Int, direction: StudyDirection) -> [Int] {
        var picked: [Int] = []
        var keys: Set<String> = [Self.choiceKey(direction.choice(for: deck.challenges[asked]), direction)]
        func consider(_ index: Int) {
            // Neither beside the asked word nor beside a distractor already picked: two
            // confusable wrong choices would still read as two answers for one meaning.
            guard deck.mayBeDistractor(index, for: asked), picked.allSatisfy({ deck.mayBeDistractor(index, for: $0) }) else { return }
            if keys.insert(Self.choiceKey(direction.choice(for: deck.challenges[index]), direction)).inserted { picked.append(index) }
        }
        for _ in 0..<(count * 8) where picked.count < count {
            consider(pool[Int.random(in: pool.indices, using: &random)])
        }
        if picked.count < count, !pool.isEmpty {
            let start = Int.random(in: pool.indices, using: &random)
            for offset in 0..<pool.count where picked.count < count {
                consider(pool[(start + offset) % pool.count])
            }
        }
        return picked
    }

    /// choiceKey: when two choices count as the same: meanings as the deck compares them,
    /// Japanese choices as written.
    static func choiceKey(_ choice: String, _ direction: StudyDirection) -> String {
        direction == .japaneseToEnglish ? DeckValidator.answerKey(choice) : choice
    }
}
