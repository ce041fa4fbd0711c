import Foundation

/// TemporaryDirectory: a fresh, uniquely named folder under the system temporary directory,
/// removed on release — every test starts from nothing and leaves nothing behind.
///
/// Tests point `XDG_CONFIG_HOME`, `XDG_DATA_HOME` and `KUCHI_RENDER_LOG` into one, never at the
/// real home. Keep it alive (a `let` in the test) while in use.
public final class TemporaryDirectory: Sendable {
    /// url: the folder, with symlinks resolved (so it compares equal to `pwd -P` in a pane).
    public let url: URL

    /// init: creates `<temporary directory>/<prefix>-<UUID>`.
    public init(prefix: String = "kuchi-tests") throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// file: a path inside the folder (nothing is created), e.g. `file("render.log")`.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// path: a path of several components inside the folder (nothing is created).
    public func path(_ components: String...) -> URL {
        components.reduce(url) { $0.appendingPathComponent($1) }
    }
}
