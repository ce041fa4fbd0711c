import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiDeck

/// SyncGateE2ETests: the gate of issue 36 on the real binary — forged records in a shared folder
/// neither crash nor erase, a genuine Forget me is obeyed and `kuchi forget --restore` brings the
/// learner back, and a machine's kept answers go with `kuchi synonyms --remove-from`.
@Suite(.requiresTmux)
struct SyncGateE2ETests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("forged lines (a setting time past 2^63/1024 ms, a 1970 forget from a stranger, a flood of kept answers): sync, --status and --profile finish, nothing is erased")
    func forgedLines() throws {
        let folder = try TemporaryDirectory()
        let a = try SyncMachine(seed: 361)
        let hana = try a.register("Hana")
        let deck = try Deck.bundled()
        try a.study("Hana", deck: deck, answers: (0..<5).map { SyncMachine.Answer(position: $0, rating: .good, time: now.addingTimeInterval(Double($0) * 60)) })
        #expect(try a.sync(folder.url, at: now.addingTimeInterval(600)).status == 0)
        let stranger = String(repeating: "5e", count: 16)
        let synonyms = (0..<50).map { #"{"type":"synonym","deck":"\#(deck.title)","question":"q\#($0)","direction":"jp-en","answer":"x","value":"kept","time":1800000700000}"# }
        try Batch(learner: hana.id, machine: stranger).write([
            #"{"type":"setting","field":"numberOfQuestions","value":"12","time":\#(Int64.max / 1024 + 1)}"#,
            #"{"type":"forget","time":1}"#,
        ] + synonyms, in: folder.url)
        let status = try a.sync(folder.url, ["--status"], at: now.addingTimeInterval(700))
        #expect(status.status == 0, "\(status.standardError)")
        let synced = try a.sync(folder.url, at: now.addingTimeInterval(800))
        #expect(synced.status == 0, "\(synced.standardError)")
        #expect(synced.standardError.contains("never wrote for Hana") && synced.standardError.contains("5e5e5e5e"), "\(synced.standardError)")
        #expect(synced.standardOutput.contains("machine 5e5e5e5e kept 50 answers"), "\(synced.standardOutput)")
        #expect(try a.kuchi(["config", "questions"], at: now).standardOutput == "6\n")
        let removed = try a.kuchi(["synonyms", "--remove-from", "5e5e5e5e"], at: now.addingTimeInterval(900))
        #expect(removed.status == 0 && removed.standardOutput.split(separator: "\n").count == 50, "\(removed.standardError)")
        #expect(try a.kuchi(["synonyms"], at: now.addingTimeInterval(950)).standardOutput.isEmpty)
        let b = try SyncMachine(seed: 362)
        let arrived = try b.sync(folder.url, ["--profile", "Hana"], at: now.addingTimeInterval(1000))
        #expect(arrived.status == 0, "\(arrived.standardError)")
    }

    @Test("a genuine Forget me everywhere is obeyed, and kuchi forget --restore brings the learner back on that machine for good")
    func genuineForgetRestored() throws {
        let folder = try TemporaryDirectory()
        let (a, b) = (try SyncMachine(seed: 363), try SyncMachine(seed: 364))
        _ = try a.register("Hana")
        try a.study("Hana", deck: try Deck.bundled(), answers: (0..<4).map { SyncMachine.Answer(position: $0, rating: .good, time: now.addingTimeInterval(Double($0) * 60)) })
        #expect(try a.kuchi(["config", "sync-dir", folder.url.path], at: now).status == 0)
        #expect(try a.sync(folder.url, at: now.addingTimeInterval(600)).status == 0)
        #expect(try b.sync(folder.url, ["--profile", "Hana"], at: now.addingTimeInterval(700)).status == 0)
        let forget = try a.kuchi(["forget", "--profile", "Hana", "--everywhere", "--yes"], at: now.addingTimeInterval(800))
        #expect(forget.status == 0, "\(forget.standardError)")
        let obeyed = try b.sync(folder.url, at: now.addingTimeInterval(900))
        #expect(obeyed.status == 0 && obeyed.standardOutput.contains("forgot this learner"), "\(obeyed.standardOutput)")
        #expect(obeyed.standardError.contains("kuchi forget --restore --profile Hana"), "\(obeyed.standardError)")
        #expect(try b.kuchi(["config"], at: now.addingTimeInterval(950)).status == 2, "no learner any more")
        let restored = try b.kuchi(["forget", "--restore", "--profile", "Hana"], at: now.addingTimeInterval(1000))
        #expect(restored.status == 0 && restored.standardOutput.contains("restored Hana on this machine (4 reviews)"), "\(restored.standardError)")
        let again = try b.sync(folder.url, at: now.addingTimeInterval(1100))
        #expect(again.status == 0 && !again.standardOutput.contains("forgot"), "\(again.standardOutput) \(again.standardError)")
        let exported = try b.kuchi(["export", "reviews", "--profile", "Hana"], at: now.addingTimeInterval(1200))
        #expect(exported.standardOutput.split(separator: "\n").count == 5, "the header and the 4 reviews")
        let nothing = try b.kuchi(["forget", "--restore"], at: now.addingTimeInterval(1300))
        #expect(nothing.status == 2 && nothing.standardError.contains("no learner"), "\(nothing.standardError)")
    }
}
