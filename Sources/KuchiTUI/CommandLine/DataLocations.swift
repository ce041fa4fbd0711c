import Foundation
import KuchiCore
import KuchiData

/// DataLocations: the folders a learner's files live in, as `kuchi --help` and the man page
/// tell them.
///
/// A learner who wants to back up, move or reset their progress should not have to read the
/// source to find it, so `--help` names each folder both as the rule (`$XDG_DATA_HOME/kuchi`)
/// and as resolved for the current environment. The man page shows only the rule: it is built
/// once on the installing machine and read on others.
struct DataLocations: Equatable {
    /// config: profiles and settings (`$XDG_CONFIG_HOME/kuchi`).
    let config: URL
    /// data: progress (`$XDG_DATA_HOME/kuchi`).
    let data: URL
    /// decks: imported decks, inside the data folder.
    var decks: URL { data.appendingPathComponent("decks") }

    /// init: the folders for `environment`, by the XDG Base Directory rules Kuchi follows.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        config = ProfileStore.defaultDirectory(environment: environment)
        data = Self.dataDirectory(environment: environment)
    }

    /// dataDirectory: `$XDG_DATA_HOME/kuchi`, else `~/.local/share/kuchi` — the one rule, kept
    /// by the learner database.
    static func dataDirectory(environment: [String: String]) -> URL {
        LearnerDatabase.defaultDirectory(environment: environment)
    }

    /// helpText: the FILES paragraph of `kuchi --help`; `resolved` adds each folder's path
    /// here (false for the man page).
    func helpText(resolved: Bool) -> String {
        let rows: [(what: String, rule: String, path: URL)] = [
            ("Profiles", "$XDG_CONFIG_HOME/kuchi (default ~/.config/kuchi)", config),
            ("Progress, settings", "$XDG_DATA_HOME/kuchi (default ~/.local/share/kuchi)", data),
            ("Imported decks", "$XDG_DATA_HOME/kuchi/decks", decks),
        ]
        var lines = ["Where your files live (--config-dir moves profiles, --data-dir progress and settings):"]
        for row in rows {
            lines.append("  \(row.what): \(row.rule)")
            if resolved { lines.append("    here: \(row.path.path)") }
        }
        return lines.joined(separator: "\n")
    }
}
