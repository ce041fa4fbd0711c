import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData
@testable import KuchiSync

/// SyncLineJSONTests: the hand-written sync line is, byte for byte, what JSONEncoder writes with
/// sorted keys and unescaped slashes — the oracle the writer replaced — over every key and every
/// kind of character a text may hold; and what it writes reads back as the same record.
@Suite("Sync line JSON")
struct SyncLineJSONTests {
    /// oracle: JSONEncoder as the sync writer used it.
    static func oracle(_ line: SyncRecordCoding.Line) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(line)
    }

    /// text: a string drawn from controls, quotes, backslashes, slashes, ASCII, kana, emoji,
    /// combining marks, DEL, U+2028 and bidi controls — or nil.
    static func text(_ random: inout SeededGenerator) -> String? {
        guard Int.random(in: 0..<4, using: &random) > 0 else { return nil }
        let pools: [ClosedRange<UInt32>] = [0...0x1F, 0x20...0x7F, 0x22...0x22, 0x5C...0x5C, 0x2F...0x2F, 0x3041...0x30FF,
                                            0x4E00...0x9FFF, 0x1F600...0x1F64F, 0x300...0x36F, 0x2028...0x202E, 0x80...0xFF]
        let count = Int.random(in: 0..<12, using: &random)
        return String(String.UnicodeScalarView((0..<count).compactMap { _ in
            let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
            return Unicode.Scalar(UInt32.random(in: pool, using: &random))
        }))
    }

    @Test("10 000 lines with every key present or absent: the same bytes as JSONEncoder")
    func sameBytesAsJSONEncoder() throws {
        var random = SeededGenerator(seed: 2026)
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        for _ in 0..<10_000 {
            var line = SyncRecordCoding.Line()
            line.type = Self.text(&random); line.uid = Self.text(&random); line.deck = Self.text(&random)
            line.question = Self.text(&random); line.reading = Self.text(&random); line.direction = Self.text(&random)
            line.answer = Self.text(&random); line.field = Self.text(&random); line.value = Self.text(&random)
            line.name = Self.text(&random); line.hash = Self.text(&random); line.content = Self.text(&random)
            line.weights = Self.text(&random); line.source = Self.text(&random); line.machine = Self.text(&random)
            line.time = maybe(Int64.random(in: Int64.min...Int64.max, using: &random))
            line.stamp = maybe(Int64.random(in: -1_000...1_000, using: &random))
            line.rating = maybe(Int.random(in: Int.min...Int.max, using: &random))
            line.duration = maybe(Int.random(in: 0...86_400_000, using: &random))
            line.rescheduled = maybe(Bool.random(using: &random))
            line.suspended = maybe(Bool.random(using: &random))
            let written = line.json()
            let expected = try Self.oracle(line)
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
            if written != expected { return }
        }
    }

    @Test("a review written as a line reads back as the same review")
    func aReviewRoundTrips() throws {
        let review = SyncReview(uid: String(repeating: "ab", count: 16), deck: "challenges", question: "\"猫\" \\/ ü",
                                reading: "ねこ", direction: .japaneseToEnglish, answer: "a cat's \"tail\" / 尾", time: 1_790_000_000_000, rating: .good, duration: 1234)
        let data = try SyncRecordCoding.encode(.review(review))
        guard case .success(.review(let read)) = SyncRecordCoding.decode(data) else {
            Issue.record("the line was refused: \(String(decoding: data, as: UTF8.self))")
            return
        }
        #expect(read.question == review.question)
        #expect(read.answer == review.answer)
        #expect(read.time == review.time)
        #expect(read.uid == review.uid)
    }

    @Test("a review id's text is its bytes in lower-case hex, two digits each")
    func reviewIDText() {
        let bytes = Data((0...255).map(UInt8.init))
        #expect(ReviewID.text(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(ReviewID.text(Data()) == "")
    }
}
