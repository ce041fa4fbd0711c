import Foundation
import Testing

/// ImportNotesE2ETests: a CSV of words Kuchi's deck does not have, imported — each word's pitch
/// accent from Open JTalk's dictionary, sentences and kanji shown by `kuchi word` (issue 38).
/// 辛い is the deck's own word: it keeps the deck's notes.
struct ImportNotesE2ETests {
    static let csv = """
        question,reading,pronunciation,answer
        猫背,ねこぜ,nekoze,stoop
        案内所,あんないじょ,annaijo,information desk
        東京,とうきょう,tōkyō,Tokyo
        辛い,からい,karai,spicy

        """

    @Test func importedWordsOutsideTheDeckGetTheirAccents() throws {
        let home = try TemporaryDirectory()
        let (data, config, deckFile) = (home.file("data"), home.file("config"), home.file("deck.json"))
        // A learner to look the words up for (kuchi word reads their settings).
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--cards", "3", "--reviews", "5", "--deck-out", deckFile.path, "--seed", "5",
        ], timeout: .seconds(60))
        try #require(made.status == 0, "\(made.standardError)")
        try Data(Self.csv.utf8).write(to: home.file("words.csv"))
        let imported = try runKuchi(["import", home.file("words.csv").path, "--name", "mine", "--data-dir", data.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.contains("Of the 3 words Kuchi's deck lacks: 3 with a pitch accent from Open JTalk's dictionary"),
                "\(imported.standardOutput)")
        let expected: [(String, Int)] = [("猫背", 2), ("案内所", 0), ("東京", 0), ("辛い", 2)]
        for (word, accent) in expected {
            let page = try runKuchi(["word", word, "--deck", "mine", "--json", "--data-dir", data.path, "--config-dir", config.path,
                                     "--profile", "Hana"])
            #expect(page.status == 0, "\(page.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(page.standardOutput.utf8)) as? [String: Any])
            #expect(object["accent"] as? Int == accent, "\(word): \(page.standardOutput)")
            #expect((object["kanji"] as? [[String: Any]])?.isEmpty == false, "\(word)'s kanji")
            if word == "東京" { #expect((object["sentences"] as? [[String: Any]])?.isEmpty == false, "東京 is in bundled sentences") }
        }
    }
}
