import Foundation

/// TemporaryDirectory is a fresh, uniquely named directory that is deleted on deinit.
///
/// Tests point `XDG_CONFIG_HOME` and `KUCHI_RENDER_LOG` into one so every run starts from
/// nothing and leaves nothing behind. Keep it alive (a `let` in the test) while in use.
final class TemporaryDirectory: Sendable {
    /// The directory's location, with symlinks resolved (macOS `/var` → `/private/var`),
    /// so it compares equal to what `pwd -P` prints inside the pane.
    let url: URL

    /// Creates `<temporary directory>/<prefix>-<UUID>`.
    init(prefix: String = "kuchi-e2e") throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory (nothing is created), e.g. `file("render.log")`.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
