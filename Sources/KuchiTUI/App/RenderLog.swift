import KuchiCore

import Foundation

/// RenderLog: one line per pane draw (`draw <pane> <rows>x<columns>`), appended to the file
/// named by `KUCHI_RENDER_LOG`, so tests and benchmarks can count exactly what was redrawn.
@MainActor
final class RenderLog {
    private let handle: FileHandle?

    /// init: opens (creating) the file for appending; a path that can't be opened disables the
    /// log silently, since it is a diagnostic and must never stop the app.
    init(path: String?) {
        guard let path, !path.isEmpty else {
            handle = nil
            return
        }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
    }

    var isEnabled: Bool { handle != nil }

    /// record: logs one pane draw.
    func record(_ host: PaneHost) {
        guard handle != nil else { return }
        write("draw \(host.name) \(host.frame.rows)x\(host.frame.columns)\n")
    }

    /// note: logs a non-draw event (e.g. `layout 30x100`), for reading logs by eye. The line is
    /// made only when the log is on: interpolating an enum case goes through reflection, and
    /// at the first screen that was 3.7M instructions for a log nobody reads (issue 39).
    func note(_ line: @autoclosure () -> String) {
        guard handle != nil else { return }
        write(line() + "\n")
    }

    private func write(_ line: String) {
        guard let handle else { return }
        try? handle.write(contentsOf: Data(line.utf8))
    }

    deinit {
        try? handle?.close()
    }
}
