import Foundation

/// BundledDeckLocation: where the deck shipped with Kuchi is, found from the running binary's own
/// location instead of SwiftPM's generated `Bundle.module`.
///
/// `Bundle.module`'s Linux accessor looks beside the executable, then in the build folder the
/// binary was compiled in, and calls `fatalError` when neither exists — so an installed `kuchi`
/// crashed once its checkout was moved or deleted. Here every place is a plain file check, and
/// a deck found nowhere is an ordinary error the caller reports.
public enum BundledDeckLocation {
    /// fileName: the bundled deck's file name, the same in every location.
    public static let fileName = "challenges.json"

    /// installedFolder: where `scripts/install` puts the deck, relative to the folder holding the
    /// binary (`PREFIX/bin/kuchi` → `PREFIX/lib/kuchi/decks/`). Not `share/kuchi`: with the
    /// default prefix `~/.local` that is `$XDG_DATA_HOME/kuchi`, the learner's own data (see
    /// DECISIONS.md, "The installed deck lives in lib/kuchi").
    public static let installedFolder = "../lib/kuchi/decks"

    /// resourceBundleName: the folder SwiftPM copies `Resources/challenges.json` into, beside the
    /// binaries it builds (`.build/<triple>/<configuration>/`).
    package static let resourceBundleName = "Kuchi_KuchiDeck.resources"

    /// url: the first candidate that is a readable file, or nil when the deck is nowhere.
    public static func url(executable: URL? = runningExecutable()) -> URL? {
        guard let executable else { return nil }
        return candidates(executable: executable).first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
                && FileManager.default.isReadableFile(atPath: url.path)
        }
    }

    /// candidates: the places looked at, in order: the installed layout first (an installed
    /// binary never depends on a build folder), then the SwiftPM resource bundle beside a binary
    /// run from the build folder (`scripts/run`, the tests).
    public static func candidates(executable: URL) -> [URL] {
        let folder = executable.deletingLastPathComponent()
        return [
            folder.appendingPathComponent(installedFolder).appendingPathComponent(fileName).standardizedFileURL,
            folder.appendingPathComponent(resourceBundleName).appendingPathComponent(fileName),
        ]
    }

    /// runningExecutable: the running binary's real path, with every symbolic link resolved, so
    /// a link to `PREFIX/bin/kuchi` placed elsewhere on the PATH still finds `PREFIX/lib/kuchi`.
    /// Linux's `/proc/self/exe` names the file the kernel started, whatever the PATH or working
    /// folder; `Bundle.main` is the fallback where `/proc` is not mounted.
    public static func runningExecutable() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
    }
}
