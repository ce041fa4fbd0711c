import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncFolderPath: what a Sync folder typed or saved means — empty for none, `~` and `~/…` under
/// the learner's `$HOME` (the shell's meaning, not the password file's: under `sudo -E` or in a
/// container they differ), `~name/…` under that account's home, anything else made absolute
/// against the current folder. Settings and `kuchi config sync-dir` store the same absolute path.
public enum SyncFolderPath {
    /// home: `$HOME` when set, else the account's home folder.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// resolve: the absolute path `typed` means ("" when it is blank); nil when it starts with
    /// `~name` and this machine has no account `name` (it must not mean `./~name`).
    public static func resolve(_ typed: String, home: String = SyncFolderPath.home(),
                               account: (String) -> String? = SyncFolderPath.accountHome) -> String? {
        let trimmed = typed.trimmingSpaces()
        if trimmed.isEmpty { return "" }
        guard trimmed.hasPrefix("~") else { return URL(fileURLWithPath: trimmed).standardizedFileURL.path }
        let name = String(trimmed.dropFirst().prefix { $0 != "/" })
        guard let base = name.isEmpty ? home : account(name) else { return nil }
        let rest = trimmed.dropFirst(1 + name.count).drop { $0 == "/" }
        let url = URL(fileURLWithPath: base, isDirectory: true)
        return (rest.isEmpty ? url : url.appendingPathComponent(String(rest))).standardizedFileURL.path
    }

    /// unknownAccount: the sentence for a `typed` folder whose `~name` names no account here.
    public static func unknownAccount(_ typed: String) -> String {
        let name = typed.trimmingSpaces().dropFirst().prefix { $0 != "/" }
        return "there is no account named \"\(String(name).escapingControlCharacters)\" on this machine (the folder starts with ~\(String(name).escapingControlCharacters)); "
            + "give the folder's full path"
    }

    /// accountHome: the home folder of the account `name` (the password database), if any.
    public static func accountHome(_ name: String) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}
