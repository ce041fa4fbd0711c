import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiData
@testable import KuchiSync

/// ForgedForgetTests: nothing received destroys the learner's own work (issue 36). A forget is
/// obeyed only from a machine that wrote for the learner and only when no review here is later;
/// a machine never deletes its own batch files because of one; what a genuine one removed is
/// kept aside for 30 days and `kuchi forget --restore` brings it back.
@Suite("A forget from the folder")
struct ForgedForgetTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// batches: the batch files in the folder.
    func batches(_ folder: URL) -> [String] { filesUnder(folder).filter { $0.hasSuffix(".jsonl") } }

    @Test("a forget dated 1970 from a machine that never wrote for the learner is refused; nothing is deleted, no batch file removed")
    func strangerForgetRefused() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 20, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(3600)).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(3700)).get()
        try b.study(hana.id, count: 3, from: start.addingTimeInterval(3800))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(4000)).get()
        let before = batches(folder.url)
        let stranger = String(repeating: "0f", count: 16)
        try Batch(learner: hana.id, machine: stranger).write([#"{"type":"forget","time":1}"#], in: folder.url)
        for (name, machine, now) in [("A", a, 5000.0), ("B", b, 5100.0)] {
            let report = try machine.sync(folder.url, now: start.addingTimeInterval(now)).get()
            #expect(!report.forgotten, "\(name): \(report.summary)")
            #expect(report.notices.contains { $0.contains("never wrote for Hana") && $0.contains("0f0f0f0f") }, "\(name): \(report.notices)")
            #expect(try machine.reviews() == 23, "\(name)")
            #expect(try machine.store.profile(hana.id) != nil, "\(name)")
        }
        #expect(Set(before).isSubset(of: Set(batches(folder.url))), "every batch file is still there")
    }

    @Test("a forget in a machine folder that did write, dated before the learner's reviews, is refused")
    func forgetBeforeReviewsRefused() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 5, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get()
        let aFolder = try #require(ownBatchFolder(in: folder.url))
        let machine = aFolder.lastPathComponent
        try Batch(learner: hana.id, machine: machine).write([#"{"type":"forget","time":1}"#], in: folder.url,
                                                             name: "1800000000900-00000000000000ff.jsonl")
        let report = try b.sync(folder.url, now: start.addingTimeInterval(1000)).get()
        #expect(!report.forgotten)
        #expect(report.notices.contains { $0.contains("before reviews here") && $0.contains("1970-01-01") }, "\(report.notices)")
        #expect(try b.reviews() == 5)
    }

    @Test("a genuine Forget me everywhere is obeyed, the obeying machine keeps its batch files, and --restore brings the learner back for good")
    func genuineForgetThenRestore() throws {
        let (a, b, c, folder) = (try Peer(), try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 6, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        let aFolder = try #require(batches(folder.url).first).split(separator: "/").dropLast().joined(separator: "/")
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get()
        try b.study(hana.id, count: 2, from: start.addingTimeInterval(800))
        var changed = hana
        changed.settings.numberOfQuestions = 12
        try LearnerDatabase.open(directory: b.data).record([.numberOfQuestions], of: changed, now: start.addingTimeInterval(900))
        try LearnerDatabase.open(directory: b.data).keepOwnAnswer(OwnAnswer(deck: "Test deck", word: "w1", direction: .japaneseToEnglish, answer: "kitty"),
                                                                 learner: hana.id, now: start.addingTimeInterval(950))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(1000)).get()
        _ = try a.sync(folder.url, now: start.addingTimeInterval(1100)).get()
        let bFiles = batches(folder.url).filter { !$0.hasPrefix(aFolder) }
        #expect(!bFiles.isEmpty)
        let forgotten = SyncService.forgetEverywhere(hana.id, folder: folder.url, database: LearnerDatabase.open(directory: a.data), store: a.store,
                                                     now: start.addingTimeInterval(1200))
        #expect((try? forgotten.get()) == 8)

        let obeyed = try b.sync(folder.url, now: start.addingTimeInterval(1300)).get()
        #expect(obeyed.forgotten)
        #expect(obeyed.notices.contains { $0.contains("kuchi forget --restore --profile Hana") }, "\(obeyed.notices)")
        #expect(try b.reviews() == 0 && b.store.profile(hana.id) == nil)
        #expect(Set(bFiles).isSubset(of: Set(batches(folder.url))), "B's own batch files stay")
        let arriving = c.sync(folder.url, name: "Hana", now: start.addingTimeInterval(1350))
        guard case .failure(.nothing(let message)) = arriving, message.contains("forgotten") else {
            Issue.record("a machine arriving later brought the learner in: \(arriving)")
            return
        }

        let kept = ForgetAside.kept(b.data, now: start.addingTimeInterval(1400))
        #expect(kept.map(\.profile.name) == ["Hana"])
        let restored = ForgetAside.restore(try #require(kept.first), database: LearnerDatabase.open(directory: b.data), store: b.store)
        #expect((try? restored.get()) == 8, "\(restored)")
        #expect(try b.reviews() == 8 && b.store.profile(hana.id) != nil)
        let database = LearnerDatabase.open(directory: b.data)
        #expect(database.settings(of: hana).settings.numberOfQuestions == 12)
        #expect(try database.ownAnswers(learner: hana.id).map(\.answer) == ["kitty"])
        try LogInvariant.check(database, learners: [hana.id], "after --restore")
        let later = try b.sync(folder.url, now: start.addingTimeInterval(1500)).get()
        #expect(!later.forgotten, "the forget restored past is not obeyed again: \(later.notices)")
        #expect(try b.reviews() == 8)
        #expect(ForgetAside.kept(b.data, now: start.addingTimeInterval(1600)).isEmpty, "the copy is gone once restored")
    }

    @Test("a copy set aside is kept 30 days, then removed")
    func keptThirtyDays() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 2, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get()
        _ = SyncService.forgetEverywhere(hana.id, folder: folder.url, database: LearnerDatabase.open(directory: a.data), store: a.store,
                                         now: start.addingTimeInterval(800))
        #expect(try b.sync(folder.url, now: start.addingTimeInterval(900)).get().forgotten)
        #expect(ForgetAside.kept(b.data, now: start.addingTimeInterval(29 * 86_400)).count == 1)
        #expect(ForgetAside.kept(b.data, now: start.addingTimeInterval(31 * 86_400)).isEmpty)
        #expect(filesUnder(ForgetAside.folder(b.data)).isEmpty, "the files are removed")
    }
}
