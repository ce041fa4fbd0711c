import Foundation
import KuchiData

/// SyncRefusals: the records of a sync the gate refused (`ChangeGate`), one notice per file —
/// the file, the machine whose folder held it, how many, and the first reason — so a folder
/// flooded with forged lines says so in one sentence per file, not one per line.
package struct SyncRefusals {
    /// File: what was refused from one file.
    private struct File {
        let machine: String
        var count: Int
        let reason: String
    }

    private var files: [String: File] = [:]
    private var order: [String] = []

    /// add: one refused record.
    package mutating func add(_ refusal: ChangeRefusal, entry: SyncFolder.Entry) {
        let file = entry.file.isEmpty ? "the sync folder" : entry.file
        if files[file] == nil {
            order.append(file)
            files[file] = File(machine: entry.machine, count: 0, reason: refusal.reason)
        }
        files[file]?.count += 1
    }

    /// count: records refused.
    package var count: Int { files.values.reduce(0) { $0 + $1.count } }

    /// notices: one sentence per file.
    package var notices: [String] {
        order.compactMap { name in
            guard let file = files[name] else { return nil }
            let records = file.count == 1 ? "1 record" : "\(file.count) records"
            return "\(name) (machine \(Self.short(file.machine))): \(records) refused by the rules Kuchi applies to its own changes "
                + "(\(file.reason)); \(file.count == 1 ? "it was" : "they were") skipped."
        }
    }

    /// short: a machine id as notices name it (its first 8 hex digits).
    package static func short(_ machine: String) -> String {
        String(machine.escapingControlCharacters.prefix(8))
    }
}
