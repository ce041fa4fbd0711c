import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData
@testable import KuchiSync

/// SyncStampedTests: the record kinds issues 26, 29 and 30 added (settings, suspensions, weight
/// changes) under issue 27's streaming reader and ledger — each read once, each sent once per
/// folder, one dated after tomorrow kept aside, and a fold keeping what was sent true.
@Suite("Sync of stamped changes at scale")
struct SyncStampedTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// ownFiles: the batch files in the folder.
    func batches(_ folder: URL) -> [String] {
        filesUnder(folder).filter { $0.hasSuffix(".jsonl") }
    }

    @Test("a suspension and a weight change are sent once per folder, read once, and reach the other machine")
    func sentOnce() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 3, from: start)
        let onA = LearnerDatabase.open(directory: a.data)
        try onA.setSuspended(true, learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ", now: start.addingTimeInterval(300))
        var weights = FSRSParameters.defaults
        weights[0] *= 1.5
        _ = try onA.applyParameters(weights, learner: hana.id, source: .fitted, reschedule: false, desiredRetention: 0.9,
                                    now: start.addingTimeInterval(400))
        let first = try a.sync(folder.url, now: start.addingTimeInterval(500)).get()
        #expect(first.sent == 4, "three reviews and the suspension")
        let written = batches(folder.url)
        let second = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(second.sent == 0)
        #expect(batches(folder.url) == written, "nothing new: no batch written")

        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get()
        let onB = LearnerDatabase.open(directory: b.data)
        #expect(try onB.isSuspended(learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ"))
        #expect(try onB.parameterChanges(learner: hana.id).map(\.weights) == [weights])
        let again = try b.sync(folder.url, now: start.addingTimeInterval(800)).get()
        #expect(again.sent == 0 && again.received == 0, "B sends back nothing it read, and reads nothing twice")
        #expect(try onB.parameterChanges(learner: hana.id).count == 1)
    }

    @Test("an own answer (\"I was right\") is sent once per folder, read once, and its removal travels back")
    func ownAnswerSentOnce() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 1, from: start)
        let answer = OwnAnswer(deck: "Deck", word: "猫", direction: .japaneseToEnglish, answer: "kitty")
        try LearnerDatabase.open(directory: a.data).keepOwnAnswer(answer, learner: hana.id, now: start.addingTimeInterval(100))
        let first = try a.sync(folder.url, now: start.addingTimeInterval(200)).get()
        #expect(first.ownAnswersSent == 1)
        let written = batches(folder.url)
        let second = try a.sync(folder.url, now: start.addingTimeInterval(300)).get()
        #expect(second.ownAnswersSent == 0 && second.ownAnswersReceived == 0, "\(second)")
        #expect(batches(folder.url) == written, "nothing new: no batch written")
        let arrived = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(400)).get()
        #expect(arrived.ownAnswersReceived == 1)
        let onB = LearnerDatabase.open(directory: b.data)
        #expect(try onB.ownAnswers(learner: hana.id) == [answer])
        let again = try b.sync(folder.url, now: start.addingTimeInterval(500)).get()
        #expect(again.ownAnswersSent == 0 && again.ownAnswersReceived == 0, "B sends back nothing it read: \(again)")
        #expect(try onB.removeOwnAnswers(word: "猫", answer: "Kitty", learner: hana.id, now: start.addingTimeInterval(600)) == [answer])
        #expect(try b.sync(folder.url, now: start.addingTimeInterval(700)).get().ownAnswersSent == 1)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(800)).get().ownAnswersReceived == 1)
        #expect(try LearnerDatabase.open(directory: a.data).ownAnswers(learner: hana.id).isEmpty, "the removal reached A")
    }

    @Test("an own answer dated after tomorrow is kept aside until its time has come")
    func futureOwnAnswer() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        _ = try a.sync(folder.url, now: start).get()
        let ahead = Milliseconds.from(start) + 3 * 86_400_000
        try Batch(learner: hana.id, machine: String(repeating: "ef", count: 16)).write([
            #"{"type":"synonym","deck":"Deck","question":"猫","direction":"jp-en","answer":"kitty","value":"kept","time":\#(ahead)}"#,
        ], in: folder.url)
        let database = LearnerDatabase.open(directory: a.data)
        let early = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(early.ownAnswersReceived == 0 && early.notices.contains { $0.contains("kept aside") }, "\(early)")
        #expect(try database.ownAnswers(learner: hana.id).isEmpty)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(3 * 86_400)).get()
        #expect(try database.ownAnswers(learner: hana.id).map(\.answer) == ["kitty"], "its time has come")
    }

    @Test("a suspension dated after tomorrow is kept aside with a notice and applied once its time has come")
    func futureSuspension() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        _ = try a.sync(folder.url, now: start).get()
        let ahead = Milliseconds.from(start) + 3 * 86_400_000
        let other = String(repeating: "cd", count: 16)
        try Batch(learner: hana.id, machine: other).write([
            #"{"type":"suspension","deck":"Deck","question":"猫","reading":"ねこ","suspended":true,"time":\#(ahead),"machine":"\#(other)"}"#,
        ], in: folder.url)
        let database = LearnerDatabase.open(directory: a.data)
        let early = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(early.notices.contains { $0.contains("kept aside") && $0.contains("1 suspension") }, "\(early.notices)")
        #expect(try !database.isSuspended(learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ"))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(3 * 86_400)).get()
        #expect(try database.isSuspended(learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ"), "its time has come")
    }

    @Test("folding batches moves what was sent of the settings to the folded file: nothing is sent again")
    func foldKeepsSettingsSent() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        var hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let database = LearnerDatabase.open(directory: a.data)
        hana.settings.newWordsPerDay = 17
        try database.record([.newWordsPerDay], of: hana, now: start)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(60)).get().settingsSent >= 1)
        for day in 1...(SyncCompaction.threshold + 2) {
            let moment = start.addingTimeInterval(Double(day) * 86_400)
            try a.study(hana.id, count: 1, from: moment)
            let report = try a.sync(folder.url, now: moment.addingTimeInterval(60)).get()
            #expect(report.settingsSent == 0, "day \(day): \(report)")
        }
        #expect(batches(folder.url).count < SyncCompaction.threshold, "the batches were folded")
        let files = try database.writer.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT file FROM setting_sent") }
        #expect(!files.isEmpty && files.allSatisfy { file in batches(folder.url).contains { $0.hasSuffix(file) } }, "\(files)")
    }

    @Test("a suspend or a fit on a machine that never synced queues nothing to send; its first sync sends all")
    func neverSyncedPaysNothing() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let database = LearnerDatabase.open(directory: a.data)
        try database.setSuspended(true, learner: hana.id, deck: "Deck", question: "猫", reading: "ねこ", now: start)
        try a.study(hana.id, count: 2, from: start.addingTimeInterval(60))
        #expect(try count(database, "SELECT COUNT(*) FROM sync_outbox") == 0)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(600)).get().sent == 3)
    }
}
