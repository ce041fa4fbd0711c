import Foundation
import KuchiCore
import Testing
import KuchiData

/// DeckCacheE2ETests: the real binary validates a deck file once and reads it back from the
/// data folder's cache at the next start; an edit between two starts is seen, and an invalid
/// edit is refused with the validator's message. The starts run a minute ahead (`faketime`),
/// so the deck just written counts as settled and is cached.
struct DeckCacheE2ETests {
    let home: TemporaryDirectory
    let sakura = Profile(name: "Sakura", lastUsed: Date(timeIntervalSince1970: 1_700_000_000))

    init() throws {
        home = try TemporaryDirectory()
        try ProfileStore(directory: home.file("config")).save(sakura)
    }

    /// deck: a deck file of `count` distinct words; `duplicate` gives the second word the first's meaning.
    func writeDeck(_ count: Int, duplicate: Bool = false) throws {
        let entries = (1...count).map { number in
            ["question": "w\(number)", "pronunciation": "w\(number)", "answer": "meaning \(duplicate && number == 2 ? 1 : number)"]
        }
        try JSONSerialization.data(withJSONObject: ["title": "Edited deck", "challenges": entries]).write(to: home.file("deck.json"))
    }

    /// due: `kuchi due --deck deck.json`, a minute ahead.
    func due() throws -> ProcessResult {
        // NO_FAKE_STAT: faketime would move the file times too, and the deck would still look fresh.
        try runKuchiThrough(["env", "NO_FAKE_STAT=1", "faketime", "-f", "+1m"], ["due", "--deck", home.file("deck.json").path, "--config-dir",
                                                       home.file("config").path, "--data-dir", home.file("data").path],
                            directory: home)
    }

    @Test func anEditedDeckIsSeenAtTheNextStart() throws {
        try writeDeck(5)
        #expect(try due().standardOutput == "0 due now, 5 new available, no review scheduled\n")
        let cached = try FileManager.default.contentsOfDirectory(atPath: home.file("data/deck-cache").path).filter { $0.hasSuffix(".deck") }
        #expect(cached.count == 1)
        #expect(try due().standardOutput == "0 due now, 5 new available, no review scheduled\n")
        try writeDeck(7)
        #expect(try due().standardOutput == "0 due now, 7 new available, no review scheduled\n")
        // The same size as the valid file before it: only its identity tells them apart.
        try writeDeck(7, duplicate: true)
        let refused = try due()
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("\"meaning 1\" is already the answer of entry 1"))
        // check-deck validates the file itself, whatever the cache holds.
        try writeDeck(7)
        _ = try due()
        try writeDeck(7, duplicate: true)
        let check = try runKuchi(["check-deck", home.file("deck.json").path])
        #expect(check.status != 0)
    }
}
