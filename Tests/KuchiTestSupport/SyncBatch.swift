import Foundation

/// Batch: a `kuchi sync` batch file written by hand, as another machine (or an attacker) would.
public struct Batch: Sendable {
    public let learner: UUID
    public let machine: String

    /// init: a batch of `learner` from `machine` (32 hex digits).
    public init(learner: UUID, machine: String) {
        self.learner = learner
        self.machine = machine
    }

    /// header: the first line.
    public var header: String {
        #"{"format":"kuchi-sync","version":1,"learner":"\#(learner.uuidString.lowercased())","machine":"\#(machine)"}"#
    }

    /// review: one review line.
    public static func review(_ uid: String, question: String = "ねこ", deck: String = "D", time: Int64 = 1_800_000_000_000) -> String {
        #"{"type":"review","uid":"\#(uid)","deck":"\#(deck)","question":"\#(question)","reading":"","direction":"jp-en","answer":"cat","time":\#(time),"rating":3,"duration":5}"#
    }

    /// write: `lines` between the header and an end line, as `name` in the machine's folder.
    @discardableResult
    public func write(_ lines: [String], in folder: URL, name: String = "1800000000000-0000000000000001.jsonl", end: Bool = true) throws -> URL {
        let place = folder.appendingPathComponent("kuchi/\(learner.uuidString.lowercased())/\(machine)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let text = ([header] + lines + (end ? [#"{"end":\#(lines.count)}"#] : [])).joined(separator: "\n") + "\n"
        let url = place.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}

/// uid: a review id made of one repeated hex digit pair and a number. Two numbers can give the
/// same id when one's hex digits continue the pattern (with "cd": 0x1cd and 0xd1cd); for many
/// distinct ids use the prefix "00" — a hex number never starts with 0.
public func uid(_ number: Int, _ prefix: String = "ab") -> String {
    let digits = String(number, radix: 16)
    return String(repeating: prefix, count: 16).prefix(32 - digits.count) + digits
}

/// filesUnder: every file under `folder`, as paths relative to it (hidden ones too).
public func filesUnder(_ folder: URL) -> [String] {
    var paths: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
            paths.append(path)
        }
    }
    return paths.sorted()
}
