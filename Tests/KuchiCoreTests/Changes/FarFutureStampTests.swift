import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiData

/// FarFutureStampTests: a stamp far ahead is judged from the records alone, never from the moment
/// a machine received it, so machines that read the same records hold the same settings
/// whatever their clocks say (issue 36). Before, a change stamped more than a day ahead counted
/// from each machine's arrival time, and machines that received it at different times ordered
/// it differently for good.
@Suite("Far-future stamps")
struct FarFutureStampTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("clocks 30 hours and 400 days ahead: after random changes and syncs, every machine holds the same retention",
          arguments: [30.0 * 3600, 400.0 * 86_400] as [TimeInterval])
    func converge(skew: TimeInterval) throws {
        var random = SeededGenerator(seed: UInt64(skew))
        for round in 0..<6 {
            let machines = [try Peer(), try Peer(), try Peer()]
            let skews: [TimeInterval] = [0, skew, 0]
            let folder = try TemporaryDirectory()
            let hana = try machines[0].newLearner("Hana", answers: 1, from: start)
            _ = try machines[0].sync(folder.url, now: start).get()
            for index in 1..<machines.count { _ = try machines[index].sync(folder.url, name: "Hana", now: start.addingTimeInterval(skews[index])).get() }
            var minute = 1.0
            var log: [String] = []
            for _ in 0..<10 {
                minute += Double(Int.random(in: 1...180, using: &random))
                let index = Int.random(in: 0..<machines.count, using: &random)
                let now = start.addingTimeInterval(minute * 60 + skews[index])
                if Bool.random(using: &random) {
                    var changed = hana
                    changed.settings.desiredRetention = [0.8, 0.85, 0.9, 0.95][Int.random(in: 0..<4, using: &random)]
                    try LearnerDatabase.open(directory: machines[index].data).record([.desiredRetention], of: changed, now: now)
                    log.append("\(index) sets \(changed.settings.desiredRetention) at \(minute)")
                } else {
                    _ = try machines[index].sync(folder.url, now: now).get()
                    log.append("\(index) syncs at \(minute)")
                }
            }
            // Everyone syncs twice more: every machine has read every record.
            for pass in 0..<2 {
                for index in machines.indices {
                    minute += 1
                    _ = try machines[index].sync(folder.url, now: start.addingTimeInterval(minute * 60 + skews[index] + Double(pass))).get()
                }
            }
            let held = machines.map { LearnerDatabase.open(directory: $0.data).settings(of: hana).settings.desiredRetention }
            #expect(Set(held).count == 1, "round \(round): \(held) after \(log)")
        }
    }
}
