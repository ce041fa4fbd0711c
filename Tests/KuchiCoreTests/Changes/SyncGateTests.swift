import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData
@testable import KuchiSync

/// SyncGateTests: a record read from the sync folder passes the rules a change made here passes
/// (`ChangeGate`); what fails is refused with one notice naming its file and machine (issue 36).
@Suite("The sync folder passes one gate")
struct SyncGateTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let stranger = String(repeating: "5e", count: 16)

    /// setting: a setting line of `field` holding `value` (JSON text), with `time`.
    static func setting(_ field: String, _ value: String, time: Int64 = 1_800_000_100_000, stamp: Int64? = nil) -> String {
        let quoted = String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
        return #"{"type":"setting","field":"\#(field)","value":\#(quoted),"time":\#(time)\#(stamp.map { ",\"stamp\":\($0)" } ?? "")}"#
    }

    @Test("levels out of 1…5 and a category holding a newline are refused, one notice naming the file and the machine")
    func forgedSettingsRefused() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 1, from: start)
        let file = try Batch(learner: hana.id, machine: stranger).write([
            Self.setting("levels", "[9223372036854775807]"),
            Self.setting("categories", #"["Food\nquestions = 20"]"#),
            Self.setting("categories", #"["Food\u001b[2J"]"#),
        ], in: folder.url)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        let settings = LearnerDatabase.open(directory: a.data).settings(of: hana).settings
        #expect(settings.levels == Settings().levels && settings.categories.isEmpty, "\(settings.levels) \(settings.categories)")
        let notices = report.notices.filter { $0.contains("refused") }
        #expect(notices.count == 1, "one notice for the file: \(report.notices)")
        #expect(notices.first?.contains(file.lastPathComponent) == true && notices.first?.contains(String(stranger.prefix(8))) == true)
        #expect(notices.first?.contains("3 records") == true)
    }

    @Test("a setting line with a time past 2^63/1024 ms and no stamp: sync, --status and a machine brought in go on, refusing it")
    func settingTimeOverflow() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 2, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        for (index, time) in [Int64.max / 1024 + 1, Int64.max, Int64.max / 1024 * 1000].enumerated() {
            try Batch(learner: hana.id, machine: stranger).write([Self.setting("numberOfQuestions", "12", time: time)], in: folder.url,
                                                                 name: "1800000000000-000000000000000\(index + 1).jsonl")
        }
        let status = try a.sync(folder.url, status: true, now: start.addingTimeInterval(120)).get()
        #expect(status.notices.contains { $0.contains("refused") }, "\(status.notices)")
        let report = try a.sync(folder.url, now: start.addingTimeInterval(180)).get()
        #expect(report.settingsChanged.isEmpty)
        #expect(LearnerDatabase.open(directory: a.data).settings(of: hana).settings.numberOfQuestions == Settings().numberOfQuestions)
        let c = try Peer()
        let arrived = try c.sync(folder.url, name: "Hana", now: start.addingTimeInterval(240)).get()
        #expect(arrived.arrived)
    }

    @Test("weights inside the bounds but putting a card answered Good years away are refused; the defaults and a fit are not")
    func implausibleParameters() throws {
        var absurd = FSRSParameters.defaults
        for index in [0, 1, 2, 3, 8, 10, 16] { absurd[index] = FSRSParameters.upperBounds[index] }
        absurd[9] = FSRSParameters.lowerBounds[9]
        #expect(FSRSParameters.problems(in: absurd).isEmpty, "inside every bound")
        #expect(ParameterPlausibility.problem(absurd) != nil)
        #expect(ParameterPlausibility.problem(FSRSParameters.defaults) == nil)
        var quick = FSRSParameters.defaults
        quick[2] = 10
        quick[3] = 30
        quick[8] = 2.5
        #expect(ParameterPlausibility.problem(quick) == nil, "a fast learner's fit: \(ParameterPlausibility.longestInterval(quick) ?? -1) days")

        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 3, from: start)
        let text = "[" + absurd.map { String($0) }.joined(separator: ",") + "]"
        try Batch(learner: hana.id, machine: stranger).write([
            #"{"type":"parameters","time":1800000100000,"weights":"\#(text)","rescheduled":true,"source":"fitted"}"#,
        ], in: folder.url)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(report.rescheduled == 0, "\(report.summary)")
        #expect(report.notices.contains { $0.contains("refused") && $0.contains("years away") }, "\(report.notices)")
        #expect(try LearnerDatabase.open(directory: a.data).parameterChanges(learner: hana.id).isEmpty)
        let due = try LearnerDatabase.open(directory: a.data).writer.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(due) FROM card") } ?? 0
        #expect(due < Milliseconds.from(start) + 400 * 86_400_000, "no card sent decades away")
    }

    @Test("a received deck whose title a deck here already has is refused like the bundled deck's")
    func deckTitleTaken() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let library = DeckLibrary(dataDirectory: a.data)
        let own = #"{"title": "My words", "challenges": [{"question": "ねこ", "pronunciation": "neko", "answer": "cat"}, {"question": "いぬ", "pronunciation": "inu", "answer": "dog"}, {"question": "とり", "pronunciation": "tori", "answer": "bird"}]}"#
        try library.save(Data(own.utf8), as: "mine", replace: false)
        let forged = own.replacingOccurrences(of: "\"cat\"", with: "\"x\"")
        let line = try SyncRecordCoding.encode(.deck(SyncDeck(name: "other", hash: StableHash.hex128(Data(forged.utf8)), content: Data(forged.utf8))))
        try Batch(learner: hana.id, machine: stranger).write([String(decoding: line, as: UTF8.self)], in: folder.url)
        let report = try a.sync(folder.url, now: start).get()
        #expect(library.names() == ["mine"], "the forged deck was not saved")
        #expect(report.notices.contains { $0.contains("takes the title of the deck “mine”") }, "\(report.notices)")
    }

    @Test("kuchi config's rules are the gate's: a category with a newline and levels out of range are refused here too")
    func localChangesPassTheSameGate() throws {
        let a = try Peer()
        var hana = try a.newLearner("Hana", answers: 1, from: start)
        let database = LearnerDatabase.open(directory: a.data)
        hana.settings.levels = [9]
        #expect(throws: ChangeRefusal.self) { try database.record([.levels], of: hana, now: start) }
        hana.settings.levels = [5]
        hana.settings.categories = ["Food\nquestions = 20"]
        #expect(throws: ChangeRefusal.self) { try database.record([.categories], of: hana, now: start) }
        #expect(ConfigKey.levels.setting("9223372036854775807", in: Settings(), home: "/") == nil)
        #expect(ConfigKey.categories.setting("Food\u{1b}[2J", in: Settings(), home: "/") == nil)
    }
}
