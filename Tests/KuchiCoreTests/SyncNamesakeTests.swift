import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiData

/// SyncNamesakeTests: two learners of one name in the sync folder are told apart by id — never
/// merged, and the learner is told.
@Suite("Sync namesakes")
struct SyncNamesakeTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a learner saved here meets another of its name in the folder: a notice naming both ids, nothing of the other taken, told once")
    func namesakeIsToldApart() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let alice = try a.newLearner("Alice", answers: 2, from: start)
        let stranger = UUID()
        try Batch(learner: stranger, machine: String(repeating: "bb", count: 16)).write([
            #"{"type":"setting","field":"name","value":"\"alice\"","time":1700000000000}"#,
            Batch.review(uid(1), time: Milliseconds.from(start) - 60_000),
        ], in: folder.url)
        let first = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        let notice = try #require(first.notices.first { $0.contains(stranger.uuidString.lowercased()) }, "\(first.notices)")
        #expect(notice.contains(alice.id.uuidString.lowercased()) && notice.contains("kept apart"), "\(notice)")
        let held = try a.reviews()
        #expect(first.received == 0 && held == 2, "nothing of the other learner was taken")
        let again = try a.sync(folder.url, now: start.addingTimeInterval(700)).get()
        #expect(!again.notices.contains { $0.contains(stranger.uuidString.lowercased()) }, "told once: \(again.notices)")
    }

    @Test("another learner of another name says nothing")
    func otherNameIsQuiet() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Alice", answers: 1, from: start)
        try Batch(learner: UUID(), machine: String(repeating: "bb", count: 16)).write([
            #"{"type":"setting","field":"name","value":"\"Bob\"","time":1700000000000}"#,
        ], in: folder.url)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(report.notices.isEmpty, "\(report.notices)")
    }
}
