import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiRecall
@testable import KuchiData

/// SynonymsE2ETests: `kuchi synonyms` as a learner runs it (probe 28): with no saved learner it
/// says what is true; answers kept in two decks are listed with their deck and removed from one
/// deck with `--deck`; a Japanese answer is listed in the kana the learner typed and removed by
/// any spelling the judge reads as the same.
struct SynonymsE2ETests {
    @Test func noSavedLearnerSaysWhatIsTrue() throws {
        let machine = try SyncMachine(seed: 1)
        let result = try runKuchiThrough([], ["synonyms"], directory: machine.home)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("kuchi: no saved learner yet"), "\(result.standardError)")
        #expect(!result.standardError.contains("--profile"), "there is no profile to pass: \(result.standardError)")
    }

    @Test func twoDecksListTheDeckAndRemoveFromOne() throws {
        let machine = try SyncMachine(seed: 2)
        let learner = try machine.register("さくら")
        let database = LearnerDatabase.open(directory: machine.dataDirectory)
        let now = Date()
        for deck in ["Kuchi", "Probe deck"] {
            try database.keepOwnAnswer(OwnAnswer(deck: deck, word: "はい", direction: .japaneseToEnglish, answer: "that is right"),
                                       learner: learner.id, now: now)
        }
        try database.keepOwnAnswer(OwnAnswer(deck: "Kuchi", word: "学校", direction: .englishToJapanese,
                                             answer: OwnAnswers.kept("kōkō", direction: .englishToJapanese)), learner: learner.id, now: now)
        let listed = try runKuchiThrough([], ["synonyms"], directory: machine.home)
        #expect(listed.standardOutput == """
            はい\tjp-en\tthat is right\tKuchi
            学校\ten-jp\tこうこう\tKuchi
            はい\tjp-en\tthat is right\tProbe deck

            """, "\(listed.standardOutput)\(listed.standardError)")
        let json = try runKuchiThrough([], ["synonyms", "--json"], directory: machine.home)
        #expect(json.standardOutput.contains(#"{"answer":"こうこう","deck":"Kuchi","direction":"en-jp","word":"学校"}"#), "\(json.standardOutput)")

        let one = try runKuchiThrough([], ["synonyms", "--remove", "はい", "That is right!", "--deck", "probe deck"], directory: machine.home)
        #expect(one.status == 0 && one.standardOutput == "removed\tはい\tjp-en\tthat is right\tProbe deck\n", "\(one.standardError)")
        let none = try runKuchiThrough([], ["synonyms", "--remove", "はい", "that is right", "--deck", "Probe deck"], directory: machine.home)
        #expect(none.status == 1 && none.standardError.contains("in deck “Probe deck”"), "\(none.standardError)")
        let kana = try runKuchiThrough([], ["synonyms", "--remove", "学校", "kookoo"], directory: machine.home)
        #expect(kana.status == 0 && kana.standardOutput == "removed\t学校\ten-jp\tこうこう\n", "\(kana.standardOutput)\(kana.standardError)")
        #expect(try runKuchiThrough([], ["synonyms"], directory: machine.home).standardOutput == "はい\tjp-en\tthat is right\n")
    }

    @Test func addKeepsAnAnswerWithoutAMissAndTheJudgeAcceptsIt() throws {
        let machine = try SyncMachine(seed: 3)
        let learner = try machine.register("さくら")
        let added = try runKuchiThrough([], ["synonyms", "--add", "犬", "Doggy!"], directory: machine.home)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.hasPrefix("kept\t犬\tjp-en\tdoggy"), "\(added.standardOutput)")
        let reading = try runKuchiThrough([], ["synonyms", "--add", "がっこう", "gakkou", "--direction", "en-jp"], directory: machine.home)
        #expect(reading.status == 0 && reading.standardOutput.hasPrefix("kept\t学校\ten-jp\tがっこう"), "\(reading.standardOutput)\(reading.standardError)")
        let database = LearnerDatabase.open(directory: machine.dataDirectory)
        let kept = try database.ownAnswers(learner: learner.id)
        #expect(kept.contains { $0.word == "犬" && OwnAnswers.accepts("doggy", kept: $0.answer, direction: .japaneseToEnglish) })
        let unknown = try runKuchiThrough([], ["synonyms", "--add", "ぴかちゅう", "mouse"], directory: machine.home)
        #expect(unknown.status == 1 && unknown.standardError.contains("no word written or read"), "\(unknown.standardError)")
        let badDirection = try runKuchiThrough([], ["synonyms", "--add", "犬", "dog", "--direction", "sideways"], directory: machine.home)
        #expect(badDirection.status == 2 && badDirection.standardError.contains("jp-en"), "\(badDirection.standardError)")
        let mixed = try runKuchiThrough([], ["synonyms", "--add", "犬", "dog", "--direction", "mixed"], directory: machine.home)
        #expect(mixed.status == 2 && mixed.standardError.contains("jp-en, en-jp, reading, listen"), "\(mixed.standardError)")
        let removed = try runKuchiThrough([], ["synonyms", "--remove", "犬", "doggy"], directory: machine.home)
        #expect(removed.status == 0, "an added answer is removed like a kept one: \(removed.standardError)")
    }
}
