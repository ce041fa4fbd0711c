import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiData
@testable import KuchiSync

/// ChangeGatePropertyTests: random and extreme records, every kind, fed to the decoder, the gate
/// and a real sync (and `--status`, and a machine brought in): nothing traps, and every record
/// the gate lets through is one a change made here could be (issue 36). Seeded, so a failure
/// replays.
@Suite("The gate holds for any record")
struct ChangeGatePropertyTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// extremes: integers at and around every edge the code computes with.
    static let extremes: [Int64] = [0, 1, -1, Int64.max, Int64.min, Int64.max / 1024, Int64.max / 1024 + 1, Int64.max / 1000, -Int64.max / 1024,
                                    253_402_300_799_999, 253_402_300_800_000, 1_800_000_000_000, 86_400_000, 1 << 53, -(1 << 53)]

    /// RecordMaker: random record lines.
    struct RecordMaker {
        var random: SeededGenerator

        mutating func number() -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: String(ChangeGatePropertyTests.extremes.randomElement(using: &random) ?? 0)
            case 1: String(Int64.random(in: Int64.min...Int64.max, using: &random))
            case 2: String(Int.random(in: -5...30, using: &random))
            default: ["1e308", "-1e308", "0.5", "1.7976931348623157e308", "5e-324", "\"12\"", "null", "true"].randomElement(using: &random) ?? "0"
            }
        }

        mutating func text() -> String {
            let pieces = ["ねこ", "cat", "", " ", "\\n", "\\u0000", "\\u001b[2J", "\\u202e", "questions = 20", "../../etc", "\\\\", "\\\"",
                          String(repeating: "a", count: 5000), "x", "Test deck", "[9223372036854775807]", "[\\\"a\\nb\\\"]", "0.97"]
            return (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }

        mutating func weights() -> String {
            let count = [21, 21, 21, 20, 0].randomElement(using: &random) ?? 21
            return "[" + (0..<count).map { index in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: String(FSRSParameters.upperBounds[min(index, 20)])
                case 1: String(FSRSParameters.lowerBounds[min(index, 20)])
                default: String(Double.random(in: -1...120, using: &random))
                }
            }.joined(separator: ",") + "]"
        }

        mutating func line() -> String {
            let fields = ProfileField.allCases.map(\.rawValue) + ["questions", "bogus"]
            let type = ["review", "undo", "setting", "forget", "deck", "parameters", "suspension", "synonym", "other"].randomElement(using: &random) ?? ""
            var parts = [#""type":"\#(type)""#]
            let keys: [(String, () -> String)] = [
                ("uid", { [self] in var me = self; return "\"" + (Bool.random(using: &me.random) ? uid(Int.random(in: 1...9, using: &me.random)) : me.text()) + "\"" }),
                ("deck", { [self] in var me = self; return "\"\(me.text())\"" }),
                ("question", { [self] in var me = self; return "\"\(me.text())\"" }),
                ("reading", { [self] in var me = self; return "\"\(me.text())\"" }),
                ("answer", { [self] in var me = self; return "\"\(me.text())\"" }),
                ("direction", { [self] in var me = self; return "\"" + (["jp-en", "en-jp", "reading", "listen", "up"].randomElement(using: &me.random) ?? "") + "\"" }),
                ("field", { [self] in var me = self; return "\"" + (fields.randomElement(using: &me.random) ?? "") + "\"" }),
                ("value", { [self] in var me = self; return "\"" + (["kept", "removed", "12", "[9]", "[\\\"Food\\nx\\\"]", "0.5", "\\\"a/b\\\""].randomElement(using: &me.random) ?? "") + "\"" }),
                ("machine", { [self] in var me = self; return "\"" + (Bool.random(using: &me.random) ? String(repeating: "ab", count: 16) : me.text()) + "\"" }),
                ("source", { [self] in var me = self; return "\"" + (["fitted", "reset", "x"].randomElement(using: &me.random) ?? "") + "\"" }),
            ]
            for (key, make) in keys where Bool.random(using: &random) { parts.append("\"\(key)\":\(make())") }
            for key in ["time", "stamp", "rating", "duration"] where Bool.random(using: &random) { parts.append("\"\(key)\":\(number())") }
            if Bool.random(using: &random) { parts.append(#""suspended":\#(Bool.random(using: &random))"#) }
            if Bool.random(using: &random) { parts.append(#""rescheduled":\#(Bool.random(using: &random))"#) }
            if type == "parameters" { parts.append(#""weights":"\#(weights())""#) }
            random = SeededGenerator(seed: random.next())
            return "{" + parts.shuffled(using: &random).joined(separator: ",") + "}"
        }
    }

    @Test("2,000 random and extreme lines: decoded, gated and checked without a trap; what passes keeps to the rules")
    func decoderAndGate() {
        var maker = RecordMaker(random: SeededGenerator(seed: 36))
        var passed = 0
        for _ in 0..<2000 {
            let line = maker.line()
            guard case .success(let record) = SyncRecordCoding.decode(Data(line.utf8)) else { continue }
            guard ChangeGate.check(record) == nil else { continue }
            passed += 1
            switch record {
            case .setting(let setting):
                let applied = SettingValues.applying([setting.field: setting.value], to: Profile(name: "Gate"))
                #expect(applied.map { SettingRules.problem(setting.field, in: $0.settings) == nil } ?? false, "\(line)")
                #expect(setting.stamp.rawValue > 0 && setting.stamp.rawValue <= SettingStamp.ticks(SyncRecordCoding.latest), "\(line)")
            case .parameters(let change):
                #expect(ParameterPlausibility.problem(change.weights) == nil, "\(line)")
            case .review(let review):
                #expect(ChangeGate.isTime(review.time), "\(line)")
            default:
                break
            }
        }
        #expect(passed > 0, "some lines pass")
    }

    @Test("400 random lines in a folder: sync, --status and a machine brought in all finish")
    func throughSync() throws {
        var maker = RecordMaker(random: SeededGenerator(seed: 3636))
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 3, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        for file in 0..<4 {
            let lines = (0..<100).map { _ in maker.line() }
            try Batch(learner: hana.id, machine: String(repeating: "9\(file)", count: 16)).write(lines, in: folder.url)
        }
        _ = try a.sync(folder.url, status: true, now: start.addingTimeInterval(120)).get()
        _ = try a.sync(folder.url, now: start.addingTimeInterval(180)).get()
        _ = try a.sync(folder.url, now: start.addingTimeInterval(240)).get()
        let database = LearnerDatabase.open(directory: a.data)
        let settings = database.settings(of: hana).settings
        for field in ProfileField.allCases { #expect(SettingRules.problem(field, in: settings) == nil, "\(field)") }
        _ = try Peer().sync(folder.url, name: "Hana", now: start.addingTimeInterval(300))
    }
}
