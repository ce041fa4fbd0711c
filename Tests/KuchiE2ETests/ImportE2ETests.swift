import Foundation
import Testing

/// `kuchi import` run as a user would: what it prints, its exit status, what it writes (and
/// that it writes nothing when it fails), then `kuchi decks` and `kuchi --deck NAME`.
struct ImportE2ETests {
    static let csv = """
        question,reading,answer,category
        猫,ねこ,cat,Animals
        犬,いぬ,dog,Animals
        鳥,とり,bird,Animals
        魚,さかな,,Animals
        """

    /// ImportFolder: a working folder with its own XDG data folder.
    struct ImportFolder {
        let directory: TemporaryDirectory
        var environment: [String: String] { ["XDG_DATA_HOME": directory.file("data").path] }
        var decks: URL { directory.file("data/kuchi/decks") }

        init() throws {
            directory = try TemporaryDirectory(prefix: "kuchi-e2e-import")
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try runKuchi(arguments, environment: environment, in: directory.url)
        }

        func deckFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: decks.path)) ?? []).sorted()
        }
    }

    @Test func importsACSVAndListsAndChecksIt() throws {
        let folder = try ImportFolder()
        try Data(Self.csv.utf8).write(to: folder.directory.file("my words.csv"))
        let result = try folder.run(["import", "my words.csv"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Skipped 1 entry:\n  row 5: no meaning\n"))
        #expect(result.standardOutput.contains("Imported 3 entries into the deck \"my words\""))
        #expect(result.standardError.isEmpty)
        #expect(folder.deckFiles() == ["my words.json"])

        let check = try folder.run(["check-deck", folder.decks.appendingPathComponent("my words.json").path])
        #expect(check.status == 0)
        let decks = try folder.run(["decks"])
        #expect(decks.status == 0)
        #expect(decks.standardOutput.contains("my words  my words  3 entries\n  1 categories: Animals 3"))
    }

    @Test func anExistingDeckIsKeptUnlessReplaceIsGiven() throws {
        let folder = try ImportFolder()
        try Data(Self.csv.utf8).write(to: folder.directory.file("w.csv"))
        #expect(try folder.run(["import", "w.csv", "--name", "mine"]).status == 0)
        let saved = try Data(contentsOf: folder.decks.appendingPathComponent("mine.json"))
        try Data((Self.csv + "\n空,そら,sky,Nature\n").utf8).write(to: folder.directory.file("w.csv"))
        let again = try folder.run(["import", "w.csv", "--name", "mine"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("a deck named \"mine\" already exists"))
        #expect(try Data(contentsOf: folder.decks.appendingPathComponent("mine.json")) == saved)
        let replaced = try folder.run(["import", "w.csv", "--name", "mine", "--replace"])
        #expect(replaced.status == 0)
        #expect(replaced.standardOutput.contains("Imported 4 entries"))
    }

    @Test func nothingIsWrittenWhenNothingCanBeImported() throws {
        let folder = try ImportFolder()
        try Data("question,answer\nねこ,\nいぬ,\n".utf8).write(to: folder.directory.file("empty.csv"))
        let empty = try folder.run(["import", "empty.csv"])
        #expect(empty.status == 1)
        #expect(empty.standardOutput.contains("row 2: no meaning"))
        #expect(empty.standardError.contains("no entry could be imported. Nothing was written."))
        try Data("PK\u{3}\u{4}broken".utf8).write(to: folder.directory.file("broken.apkg"))
        let broken = try folder.run(["import", "broken.apkg"])
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("broken.apkg is not a readable Anki package"))
        var invalid = Data("question,answer\n".utf8)
        invalid.append(contentsOf: [0xC3, 0x28, 0x0A])
        try invalid.write(to: folder.directory.file("latin.csv"))
        #expect(try folder.run(["import", "latin.csv"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.decks.path))
    }

    @Test(arguments: [
        (["import"], "Missing expected argument"),
        (["import", "missing.csv"], "there is no such file"),
        (["import", "w.csv", "--name", "a/b"], "contains /"),
        (["import", "w.csv", "--name", ".hidden"], "starts with a dot"),
        (["import", "w.csv", "--map", "colour=1"], "\"colour\" is not a deck field"),
        (["import", "w.csv", "--map", "answer=nope"], "--map answer=nope: there is no such column"),
    ])
    func usageErrorsExitTwoAndWriteNothing(_ arguments: [String], _ message: String) throws {
        let folder = try ImportFolder()
        try Data(Self.csv.utf8).write(to: folder.directory.file("w.csv"))
        let result = try folder.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.decks.path))
    }

    @Test func deckOptionPlaysAnImportedDeckByName() throws {
        let folder = try ImportFolder()
        try Data(Self.csv.utf8).write(to: folder.directory.file("w.csv"))
        #expect(try folder.run(["import", "w.csv", "--name", "pets"]).status == 0)
        let app = try KuchiApp(["--deck", "pets", "--teach", "off"], directory: folder.directory, environment: folder.environment)
        try app.register(name: "さくら")
        try app.session.sendKeys("Enter")
        // A three-word deck offers all three meanings as the choices of every question.
        try app.session.waitFor("the imported deck's choices") { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("cat") && text.contains("dog") && text.contains("bird")
        }
        let missing = try KuchiApp(["--deck", "nothing"], directory: folder.directory, environment: folder.environment)
        #expect(try missing.session.waitForExit() == 1)
        #expect(missing.standardError().contains("there is no such file and no imported deck of that name; imported decks: pets"))
    }
}
