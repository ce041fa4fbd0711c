import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Hostile and damaged packages: each is refused with a clear error, or loses only its bad
/// notes, and nothing is left in the temporary folder.
struct HostileImportTests {
    static let goodNotes = [
        ImportFixtures.Note("猫", "ねこ", "cat", tags: " animals "), ImportFixtures.Note("犬", "いぬ", "dog"),
        ImportFixtures.Note("鳥", "とり", "bird"),
    ]

    /// leftovers: what the importer left in `folder`, its temporary directory (nothing, when it
    /// cleaned up).
    static func leftovers(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["(unreadable)"]
    }

    /// refusal: the message of the ImportError converting `url` throws.
    static func refusal(_ url: URL, temporaryDirectory: URL = FileManager.default.temporaryDirectory) -> String? {
        do {
            _ = try DeckImporter(temporaryDirectory: temporaryDirectory).convert(url, title: "x")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsAnOldSchemaCollectionWithMediaAndSaysSoOnce() throws {
        let folder = try TemporaryDirectory()
        let notes = Self.goodNotes + [ImportFixtures.Note("音", "おと", "sound [sound:a.mp3]")]
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: notes)
        try ImportFixtures.package(folder.path("words.apkg"), collection: folder.path("c.db"),
                                   extra: [("media", Data("{\"0\": \"a.mp3\"}".utf8)), ("0", Data(repeating: 1, count: 10))])
        let imported = try DeckImporter().convert(folder.path("words.apkg"), title: "x")
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "sound"])
        #expect(imported.deck.challenges.map(\.category) == ["animals", "Mine", "Mine", "Mine"])
        #expect(imported.notices == [DeckImporter.mediaNotice])
    }

    @Test func prefersTheZstdCollectionToThePlaceholder() throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.oldCollection(folder.path("real.db"), notes: Self.goodNotes)
        let placeholder = [ImportFixtures.Note("更新", "こうしん", "Please update to the latest Anki version")]
            + ["あ", "い", "う"].map { ImportFixtures.Note($0, $0, "letter \($0)") }
        try ImportFixtures.oldCollection(folder.path("placeholder.db"), notes: placeholder)
        try ImportFixtures.zip(folder.path("new.apkg"), [
            ("collection.anki2", try Data(contentsOf: folder.path("placeholder.db"))),
            ("collection.anki21b", try zstdCompress(try Data(contentsOf: folder.path("real.db")))),
        ])
        let imported = try DeckImporter().convert(folder.path("new.apkg"), title: "x")
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird"])
    }

    @Test func skipsNotesWithInvalidUTF8OrMegabyteFields() throws {
        let folder = try TemporaryDirectory()
        let scratch = try TemporaryDirectory()
        let notes = Self.goodNotes + [
            ImportFixtures.Note(bytes: [Data([0x82, 0xA0]), Data("あ".utf8), Data("bad".utf8)]),
            ImportFixtures.Note("長", "なが", String(repeating: "x", count: 1_048_576)),
        ]
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: notes)
        try ImportFixtures.package(folder.path("p.apkg"), collection: folder.path("c.db"))
        let imported = try DeckImporter(temporaryDirectory: scratch.url).convert(folder.path("p.apkg"), title: "x")
        #expect(imported.deck.challenges.count == 3)
        #expect(imported.skipped.map(\.description) == ["note 4: its text is not valid UTF-8",
                                                         "note 5: its fields are longer than 256 KiB; this is not a vocabulary note"])
        #expect(Self.leftovers(scratch.url).isEmpty)

        try ImportFixtures.oldCollection(folder.path("only.db"), notes: Array(notes.suffix(2)))
        try ImportFixtures.package(folder.path("only.apkg"), collection: folder.path("only.db"))
        #expect(Self.refusal(folder.path("only.apkg")) == "no entry could be imported.")
    }

    @Test func refusesAZipBomb() throws {
        let folder = try TemporaryDirectory()
        let scratch = try TemporaryDirectory()
        // 40 MiB of zeros deflate to about 40 KiB: far past the 100:1 ratio plus allowance.
        try ImportFixtures.zip(folder.path("bomb.apkg"), [("collection.anki2", Data(count: 40 * 1_048_576))])
        #expect(Self.refusal(folder.path("bomb.apkg"), temporaryDirectory: scratch.url)
            == "bomb.apkg expands far beyond any real collection (a zip bomb?); nothing was imported.")
        #expect(Self.leftovers(scratch.url).isEmpty)
    }

    @Test func refusesAZstdBomb() throws {
        let folder = try TemporaryDirectory()
        let zeros = Data(count: 40 * 1_048_576)
        let compressed = try zstdCompress(zeros)
        try #require(compressed.count < 100_000)
        try ImportFixtures.zip(folder.path("bomb.apkg"), [("collection.anki21b", compressed)])
        #expect(Self.refusal(folder.path("bomb.apkg")) == "bomb.apkg expands far beyond any real collection (a zip bomb?); nothing was imported.")
        #expect(throws: Zstd.Failure.tooLarge) { try Zstd.decompress(compressed, limit: 1_048_576) { _ in } }
        var output = Data()
        try Zstd.decompress(try zstdCompress(Data("small".utf8)), limit: 100) { output.append($0) }
        #expect(output == Data("small".utf8))
        #expect(throws: Zstd.Failure.self) { try Zstd.decompress(compressed.prefix(compressed.count / 2), limit: 1 << 30) { _ in } }
    }

    @Test(arguments: ["../collection.anki2", "/etc/collection.anki2", "media/../../x", "a\\..\\b"])
    func refusesEntriesThatClimbOut(_ name: String) throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: Self.goodNotes)
        try ImportFixtures.package(folder.path("p.apkg"), collection: folder.path("c.db"), extra: [(name, Data("x".utf8))])
        #expect(Self.refusal(folder.path("p.apkg"))?.contains("contains an entry named '\(name)' that points outside the package") == true)
    }

    @Test func refusesACorruptDatabaseAndAMissingCollection() throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.zip(folder.path("corrupt.apkg"), [("collection.anki2", Data(repeating: 0x41, count: 8192))])
        #expect(Self.refusal(folder.path("corrupt.apkg"))?.hasPrefix("the collection in corrupt.apkg is damaged or not an Anki collection") == true)
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: Self.goodNotes)
        var truncated = try Data(contentsOf: folder.path("c.db"))
        truncated = truncated.prefix(truncated.count / 2)
        try ImportFixtures.zip(folder.path("cut.apkg"), [("collection.anki2", truncated)])
        #expect(Self.refusal(folder.path("cut.apkg"))?.contains("damaged") == true)
        try ImportFixtures.zip(folder.path("empty.apkg"), [("media", Data("{}".utf8))])
        #expect(Self.refusal(folder.path("empty.apkg")) == "empty.apkg has no Anki collection in it (collection.anki21b, .anki21 or .anki2).")
        try Data("PK\u{3}\u{4}not really a zip".utf8).write(to: folder.path("fake.apkg"))
        #expect(Self.refusal(folder.path("fake.apkg")) == "fake.apkg is not a readable Anki package (a zip archive); is the file complete?")
    }

    @Test func aNoteTypeWithoutUsableFieldsIsSkippedNotFatal() throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: Self.goodNotes, fieldNames: ["Text", "Extra", "Other"])
        try ImportFixtures.package(folder.path("cloze.apkg"), collection: folder.path("c.db"))
        do {
            _ = try DeckImporter().convert(folder.path("cloze.apkg"), title: "x")
            Issue.record("a deck without word fields imported")
        } catch {
            #expect(error.skipped.count == 3)
            #expect(error.skipped.first?.reason.contains("'Japanese' (fields: Text, Extra, Other) has no field for the word and the meaning") == true)
        }
        let imported = try DeckImporter(mapping: FieldMapping(parsing: "question=Text,reading=Extra,answer=Other"))
            .convert(folder.path("cloze.apkg"), title: "x")
        #expect(imported.deck.challenges.count == 3)
    }
}
