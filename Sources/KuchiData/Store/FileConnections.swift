import GRDB
import Synchronization

/// FileConnections: where the learner database's connections to its file are opened, counted
/// per file, so a test can tell how many connections a start or a read-only command costs (one
/// for a usable file: each open parses the schema and maps the WAL index again).
package enum FileConnections {
    /// opened: how many connections were asked for, per file path.
    private static let opened = Mutex<[String: Int]>([:])

    /// open: a connection to `path` (a path, or a `file:` URI for `counting`), counted under
    /// `counting` — the file's plain path.
    package static func open(_ path: String, counting file: String? = nil, configuration: Configuration) throws -> DatabaseQueue {
        opened.withLock { $0[file ?? path, default: 0] += 1 }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// count: how many connections to the file at `path` were opened so far in this process.
    package static func count(_ path: String) -> Int {
        opened.withLock { $0[path] ?? 0 }
    }
}
