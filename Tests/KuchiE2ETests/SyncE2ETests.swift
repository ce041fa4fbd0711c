import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData
@testable import KuchiSync

/// syncDeckJSON: a small deck whose fields hold no commas (the export is compared by fields).
let syncDeckJSON = """
    {"title": "Sync test", "challenges": [
      {"question": "ねこ", "pronunciation": "neko", "answer": "cat"},
      {"question": "いぬ", "pronunciation": "inu", "answer": "dog"},
      {"question": "とり", "pronunciation": "tori", "answer": "bird"},
      {"question": "さかな", "pronunciation": "sakana", "answer": "fish"},
      {"question": "うま", "pronunciation": "uma", "answer": "horse"},
      {"question": "うし", "pronunciation": "ushi", "answer": "cow"},
      {"question": "くま", "pronunciation": "kuma", "answer": "bear"},
      {"question": "さる", "pronunciation": "saru", "answer": "monkey"},
      {"question": "かめ", "pronunciation": "kame", "answer": "turtle"},
      {"question": "へび", "pronunciation": "hebi", "answer": "snake"}
    ]}
    """

/// SyncDays: the moments the scenarios happen at (UTC).
enum SyncDays {
    static let first = Date(timeIntervalSince1970: 1_796_108_400)  // 2026-12-01 09:00
    static let day = 86_400.0

    /// at: day `day` (0 = the first) plus `seconds`.
    static func at(_ day: Int, _ seconds: TimeInterval = 0) -> Date {
        first.addingTimeInterval(Double(day) * Self.day + seconds)
    }
}

/// SyncE2ETests: `kuchi sync` between data folders standing for machines, checked against
/// replaying the union of their reviews through py-fsrs 6.3.2.
@Suite("kuchi sync", .enabled(if: SyncOracle.isAvailable, "the FSRS oracle venv is missing: run scripts/install-deps --tests"))
struct SyncE2ETests {
    let deck: Deck

    /// init: the test deck, decoded as Kuchi decodes decks.
    init() throws {
        deck = try Deck.decode(Data(syncDeckJSON.utf8))
    }

    /// answers: `positions` graded in turn from `start`, a minute apart.
    func answers(_ positions: [Int], _ ratings: [Rating], from start: Date) -> [SyncMachine.Answer] {
        positions.enumerated().map { index, position in
            SyncMachine.Answer(position: position, rating: ratings[index % ratings.count], time: start.addingTimeInterval(Double(index) * 60))
        }
    }

    /// firstDay: A registers Hana, studies six words twice and syncs; B brings Hana in.
    func firstDay(_ a: SyncMachine, _ b: SyncMachine, folder: URL) throws -> Profile {
        var settings = Settings()
        settings.desiredRetention = 0.85
        settings.cardColor = .red
        let hana = try a.register("Hana", settings: settings)
        try a.study("Hana", deck: deck, answers: answers([0, 1, 2, 3, 4, 5], [.good], from: SyncDays.at(0))
                    + answers([0, 1, 2, 3, 4, 5], [.good, .easy, .good, .hard], from: SyncDays.at(0, 900)))
        let sent = try a.sync(folder, at: SyncDays.at(0, 3600))
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(sent.standardOutput == "sent 12 reviews · received 0 from 0 other machines · 0 cards rescheduled\n")
        let arrived = try b.sync(folder, ["--profile", "hana"], at: SyncDays.at(0, 7200))
        #expect(arrived.status == 0, "\(arrived.standardError)")
        // The line, then what the other machine changed (a deck it added), by machine (issue 36).
        #expect(arrived.standardOutput.split(separator: "\n").first == "sent 0 reviews · received 12 from 1 other machine · 0 cards rescheduled · 6 cards new from other machines")
        #expect(arrived.standardOutput.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("  machine ") && $0.contains("added the deck") })
        return hana
    }

    @Test("a learner made on A arrives on B: same identity, name, settings, cards and decks")
    func learnerArrives() throws {
        let (a, b, folder) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        let library = DeckLibrary(dataDirectory: a.dataDirectory)
        try library.save(Data(syncDeckJSON.utf8), as: "animals", replace: false)
        let hana = try firstDay(a, b, folder: folder.url)
        let arrived = try #require(b.profile("Hana"))
        #expect(arrived.id == hana.id && arrived.name == "Hana" && arrived.settings == hana.settings)
        #expect(try reviewed(b.cards("Hana", at: SyncDays.at(0, 7300))) == reviewed(a.cards("Hana", at: SyncDays.at(0, 7300))))
        #expect(DeckLibrary(dataDirectory: b.dataDirectory).names() == ["animals"], "the imported deck travelled")
        let unknown = try b.sync(folder.url, ["--profile", "Kenji"], at: SyncDays.at(0, 7400))
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("no learner named \"Kenji\""), "\(unknown.standardError)")
    }

    @Test("A and B study the same day offline; either sync order ends with the oracle's cards", arguments: [true, false])
    func twoMachines(aFirst: Bool) throws {
        let (a, b, folder) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        _ = try firstDay(a, b, folder: folder.url)
        // Day 4, offline: overlapping words on both machines, and one setting changed on each.
        try a.study("Hana", deck: deck, answers: answers([0, 1, 2, 3, 6, 7], [.good, .again, .good], from: SyncDays.at(3, 3600)))
        try b.study("Hana", deck: deck, answers: answers([2, 3, 4, 5, 8, 9], [.hard, .good, .again], from: SyncDays.at(3, 5400)))
        #expect(try a.kuchi(["config", "questions", "10"], at: SyncDays.at(3, 7000)).status == 0)
        #expect(try b.kuchi(["config", "card-color", "green"], at: SyncDays.at(3, 7100)).status == 0)
        let (first, second) = aFirst ? (a, b) : (b, a)
        for (machine, hour) in [(first, 10), (second, 11), (first, 12)] {
            let result = try machine.sync(folder.url, at: SyncDays.at(3, Double(hour) * 3600))
            #expect(result.status == 0, "\(result.standardError)")
        }
        let cardsA = try a.cards("Hana", at: SyncDays.at(3, 13 * 3600))
        let cardsB = try b.cards("Hana", at: SyncDays.at(3, 13 * 3600))
        #expect(cardsA == cardsB, "identical card tables on both machines")
        #expect(cardsA.count == deck.challenges.count && memory(cardsA).count == deck.challenges.count)
        let log = try a.reviewLog("Hana")
        #expect(Set(log.map(\.uid)) == Set(try b.reviewLog("Hana").map(\.uid)) && log.count == 24)
        #expect(memory(cardsA) == (try oracleMemory(log, desiredRetention: 0.85)), "the merge is py-fsrs replaying the union")
        for machine in [a, b] {
            let settings = try #require(machine.profile("Hana")).settings
            #expect(settings.numberOfQuestions == 10 && settings.cardColor == .green, "each field's last change wins")
            let again = try machine.sync(folder.url, at: SyncDays.at(3, 14 * 3600))
            #expect(again.standardOutput == "sent 0 reviews · received 0 from 0 other machines · 0 cards rescheduled\n", "\(again.standardError)")
            #expect(try machine.cards("Hana", at: SyncDays.at(3, 14 * 3600)) == cardsA, "a second sync changes nothing")
        }
    }

    @Test("three machines in a tangled order end with the same cards, the oracle's")
    func threeMachines() throws {
        let (a, b, c, folder) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try SyncMachine(seed: 3), try TemporaryDirectory())
        _ = try firstDay(a, b, folder: folder.url)
        #expect(try c.sync(folder.url, ["--profile", "Hana"], at: SyncDays.at(1)).status == 0)
        try a.study("Hana", deck: deck, answers: answers([0, 1, 6], [.good, .again], from: SyncDays.at(5, 3600)))
        try b.study("Hana", deck: deck, answers: answers([1, 2, 7], [.easy, .good], from: SyncDays.at(5, 4000)))
        try c.study("Hana", deck: deck, answers: answers([0, 2, 8, 9], [.again, .good], from: SyncDays.at(5, 4400)))
        for (machine, hour) in [(c, 10), (a, 11), (b, 12), (c, 13), (a, 14)] {
            let result = try machine.sync(folder.url, at: SyncDays.at(5, Double(hour) * 3600))
            #expect(result.status == 0, "\(result.standardError)")
        }
        let cards = try [a, b, c].map { try $0.cards("Hana", at: SyncDays.at(5, 15 * 3600)) }
        #expect(cards[0] == cards[1] && cards[1] == cards[2])
        let log = try c.reviewLog("Hana")
        #expect(log.count == 22)
        #expect(memory(cards[0]) == (try oracleMemory(log, desiredRetention: 0.85)))
    }

    @Test("conflict copies, a temporary file and a truncated file change nothing and lose nothing")
    func conflictCopiesAndTruncation() throws {
        let (a, b, folder) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        let hana = try firstDay(a, b, folder: folder.url)
        let machineFolder = try #require(try machineFolders(folder.url, learner: hana.id).first)
        let batch = try #require(try FileManager.default.contentsOfDirectory(atPath: machineFolder.path).first)
        let original = try Data(contentsOf: machineFolder.appendingPathComponent(batch))
        let stem = String(batch.dropLast(".jsonl".count))
        try original.write(to: machineFolder.appendingPathComponent("\(stem).sync-conflict-20261201-120000-ABCDEFG.jsonl"))
        try original.prefix(original.count / 2).write(to: machineFolder.appendingPathComponent("\(stem) (conflicted copy 2026-12-01).jsonl"))
        try Data("half a line".utf8).write(to: machineFolder.appendingPathComponent(".\(batch).tmp-123-456"))
        let before = try b.cards("Hana", at: SyncDays.at(0, 8000))
        let again = try b.sync(folder.url, at: SyncDays.at(0, 8100))
        #expect(again.status == 0)
        #expect(again.standardOutput == "sent 0 reviews · received 0 from 0 other machines · 0 cards rescheduled\n")
        #expect(again.standardError.contains("(conflicted copy 2026-12-01).jsonl is incomplete"), "\(again.standardError)")
        #expect(try b.cards("Hana", at: SyncDays.at(0, 8200)) == before)

        // A new batch still being copied: its whole records come now, the rest when it is whole.
        try a.study("Hana", deck: deck, answers: answers([6, 7, 8, 9], [.good], from: SyncDays.at(1)))
        #expect(try a.sync(folder.url, at: SyncDays.at(1, 600)).status == 0)
        let newest = try #require(try FileManager.default.contentsOfDirectory(atPath: machineFolder.path).filter(SyncFolder.isOriginal).max())
        let whole = try Data(contentsOf: machineFolder.appendingPathComponent(newest))
        let lines = whole.split(separator: UInt8(ascii: "\n"))
        let cut = lines.prefix(3).reduce(0) { $0 + $1.count + 1 } + 20
        try whole.prefix(cut).write(to: machineFolder.appendingPathComponent(newest))
        let partial = try b.sync(folder.url, at: SyncDays.at(1, 1200))
        #expect(partial.standardOutput.hasPrefix("sent 0 reviews · received 2 from 1 other machine"), "\(partial.standardOutput)")
        #expect(partial.standardError.contains("is incomplete"))
        try whole.write(to: machineFolder.appendingPathComponent(newest))
        let rest = try b.sync(folder.url, at: SyncDays.at(1, 1800))
        #expect(rest.standardOutput.hasPrefix("sent 0 reviews · received 2 from 1 other machine"), "\(rest.standardOutput)")
        #expect(reviewed(try b.cards("Hana", at: SyncDays.at(1, 2000))) == reviewed(try a.cards("Hana", at: SyncDays.at(1, 2000))))
    }

    @Test("--status counts what would travel and changes nothing")
    func statusChangesNothing() throws {
        let (a, b, folder) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        _ = try firstDay(a, b, folder: folder.url)
        try a.study("Hana", deck: deck, answers: answers([0, 1, 2], [.good], from: SyncDays.at(4)))
        let files = try allFiles(folder.url)
        let status = try a.sync(folder.url, ["--status"], at: SyncDays.at(4, 600))
        #expect(status.standardOutput == "would send 3 reviews · would receive 0 from 0 other machines · 0 cards would be rescheduled\n")
        #expect(try allFiles(folder.url) == files)
        #expect(try a.sync(folder.url, at: SyncDays.at(4, 700)).standardOutput.hasPrefix("sent 3 reviews"))
    }

    @Test("a git repository as the folder: two clones pushing and pulling end equal")
    func gitRepository() throws {
        let (a, b, root) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        let (bare, cloneA, cloneB) = (root.file("shared.git"), root.file("a"), root.file("b"))
        try git(["init", "--bare", "-q", bare.path], in: root.url)
        try git(["clone", "-q", bare.path, cloneA.path], in: root.url)
        try git(["clone", "-q", bare.path, cloneB.path], in: root.url)
        let hana = try a.register("Hana", settings: Settings(desiredRetention: 0.85))
        try a.study("Hana", deck: deck, answers: answers([0, 1, 2, 3], [.good, .easy], from: SyncDays.at(0)))
        #expect(try a.sync(cloneA, at: SyncDays.at(0, 600)).status == 0)
        try commitAndPush(cloneA)
        try git(["pull", "-q", "--no-rebase"], in: cloneB)
        #expect(try b.sync(cloneB, ["--profile", "Hana"], at: SyncDays.at(0, 900)).status == 0)
        #expect(b.profile("Hana")?.id == hana.id)
        try b.study("Hana", deck: deck, answers: answers([2, 3, 4], [.again, .good], from: SyncDays.at(2)))
        try a.study("Hana", deck: deck, answers: answers([0, 5], [.good], from: SyncDays.at(2, 300)))
        #expect(try b.sync(cloneB, at: SyncDays.at(2, 3600)).status == 0)
        try commitAndPush(cloneB)
        try git(["pull", "-q", "--no-rebase"], in: cloneA)
        #expect(try a.sync(cloneA, at: SyncDays.at(2, 4000)).status == 0)
        try commitAndPush(cloneA)
        try git(["pull", "-q", "--no-rebase"], in: cloneB)
        #expect(try b.sync(cloneB, at: SyncDays.at(2, 4400)).status == 0)
        let cardsA = try a.cards("Hana", at: SyncDays.at(2, 5000))
        #expect(cardsA == (try b.cards("Hana", at: SyncDays.at(2, 5000))))
        #expect(memory(cardsA) == (try oracleMemory(try a.reviewLog("Hana"), desiredRetention: 0.85)))
    }

    /// commitAndPush: the README's git recipe after `kuchi sync .`.
    func commitAndPush(_ clone: URL) throws {
        try git(["add", "-A"], in: clone)
        try git(["-c", "user.name=Kuchi", "-c", "user.email=kuchi@example.invalid", "commit", "-q", "-m", "sync"], in: clone)
        try git(["push", "-q", "origin", "HEAD"], in: clone)
    }
}

/// git: runs git in `folder`, failing the test on a non-zero exit.
func git(_ arguments: [String], in folder: URL) throws {
    let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/git"), ["-C", folder.path] + arguments,
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1"])
    #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
}

/// machineFolders: `DIR/kuchi/<learner>/<machine>` folders.
func machineFolders(_ folder: URL, learner: UUID) throws -> [URL] {
    let learnerFolder = folder.appendingPathComponent("kuchi").appendingPathComponent(learner.uuidString.lowercased())
    return try FileManager.default.contentsOfDirectory(atPath: learnerFolder.path).sorted().map { learnerFolder.appendingPathComponent($0) }
}

/// allFiles: every file under `folder` with its size.
func allFiles(_ folder: URL) throws -> [String: Int] {
    var files: [String: Int] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.size] as? Int
        files[path] = size
    }
    return files
}
