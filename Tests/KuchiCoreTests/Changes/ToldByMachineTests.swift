import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiData

/// ToldByMachineTests: what another machine changed that a learner should hear of is told by
/// machine — weights in force, answers kept, a deck — and every answer one machine kept is
/// taken back by one change (issue 36).
@Suite("Surprising changes are told by machine")
struct ToldByMachineTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let flooder = String(repeating: "7a", count: 16)

    @Test("a flood of kept answers is named with its machine, and --remove-from takes every one back, on every machine")
    func keptAnswersToldAndRemoved() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 1, from: start)
        let own = OwnAnswer(deck: "Test deck", word: "w2", direction: .japaneseToEnglish, answer: "mine")
        try LearnerDatabase.open(directory: a.data).keepOwnAnswer(own, learner: hana.id, now: start.addingTimeInterval(60))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(120)).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(130)).get()
        let lines = (0..<300).map { index in
            #"{"type":"synonym","deck":"Test deck","question":"q\#(index)","direction":"jp-en","answer":"x","value":"kept","time":1800000200000}"#
        }
        try Batch(learner: hana.id, machine: flooder).write(lines, in: folder.url)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(300)).get()
        #expect(report.told == ["machine 7a7a7a7a kept 300 answers of your own as right (`kuchi synonyms --remove-from 7a7a7a7a` takes them all back)"],
                "\(report.told)")
        let database = LearnerDatabase.open(directory: a.data)
        #expect(try database.ownAnswers(learner: hana.id).count == 301)
        #expect(try database.removeOwnAnswers(fromMachine: "7a7a", learner: hana.id, now: start.addingTimeInterval(400)) == [],
                "too short a prefix names nothing")
        let removed = try #require(try database.removeOwnAnswers(fromMachine: "7a7a7a7a", learner: hana.id, now: start.addingTimeInterval(400)))
        #expect(removed.count == 300)
        #expect(try database.ownAnswers(learner: hana.id) == [own], "the learner's own answer stays")
        _ = try a.sync(folder.url, now: start.addingTimeInterval(500)).get()
        _ = try b.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(try LearnerDatabase.open(directory: b.data).ownAnswers(learner: hana.id) == [own], "the removal reached B")
    }

    @Test("weights from another machine are told by machine, and the parameters in force say where they came from")
    func parametersTold() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 3, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(70)).get()
        var fitted = FSRSParameters.defaults
        fitted[0] *= 1.5
        let onB = LearnerDatabase.open(directory: b.data)
        _ = try onB.applyParameters(fitted, learner: hana.id, source: .fitted, reschedule: true, desiredRetention: 0.9, now: start.addingTimeInterval(80))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(90)).get()
        let report = try a.sync(folder.url, now: start.addingTimeInterval(100)).get()
        let bMachine = try #require(onB.thisMachine())
        #expect(report.told.count == 1 && report.told[0].hasPrefix("machine \(bMachine.prefix(8)) put its own fit"), "\(report.told)")
        let inForce = try #require(LearnerDatabase.open(directory: a.data).parametersInForce(learner: hana.id))
        #expect(inForce.machine == bMachine && inForce.machine != LearnerDatabase.open(directory: a.data).thisMachine())
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(110)).get().told.isEmpty, "told once")
    }
}
