import Foundation

/// SyncFolderPath: what a Sync folder typed or saved means — empty for none, `~` and `~/…` under
/// the learner's `$HOME` (the shell's meaning, not the password file's: under `sudo -E` or in a
/// container they differ), anything else made absolute against the current folder.
public enum SyncFolderPath {
    /// home: `$HOME` when set, else the account's home folder.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// resolve: the absolute path `typed` means ("" when it is blank).
    public static func resolve(_ typed: String, home: String = SyncFolderPath.home()) -> String {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "" }
        if trimmed == "~" { return home }
        if trimmed.hasPrefix("~/") { return URL(fileURLWithPath: home).appendingPathComponent(String(trimmed.dropFirst(2))).standardizedFileURL.path }
        return URL(fileURLWithPath: trimmed).standardizedFileURL.path
    }

    /// expanded: `path` with a leading `~` replaced by `home` (nothing else changed).
    public static func expanded(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
