import Foundation
import KuchiDeck
import KuchiData

/// KuchiPaths: where a learner's files are — the one rule for the app, every command and sync.
///
/// `--config-dir` / `--data-dir` name Kuchi's own folders; without them the XDG rules hold
/// (`$XDG_CONFIG_HOME/kuchi`, `$XDG_DATA_HOME/kuchi`, an absolute value only, else under `$HOME`).
public struct KuchiPaths: Sendable, Equatable {
    /// configDirectory: the profiles (`profiles/<uuid>.json`).
    public let configDirectory: URL
    /// dataDirectory: the learner database (progress and settings), imported decks, caches.
    public let dataDirectory: URL

    /// init: the folders for the options given, else for `environment`.
    public init(configDir: String? = nil, dataDir: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        configDirectory = configDir.map { URL(fileURLWithPath: $0) } ?? ProfileStore.defaultDirectory(environment: environment)
        dataDirectory = dataDir.map { URL(fileURLWithPath: $0) } ?? LearnerDatabase.defaultDirectory(environment: environment)
    }

    /// profiles: the profile store.
    public var profiles: ProfileStore { ProfileStore(directory: configDirectory) }
    /// library: the imported decks.
    public var library: DeckLibrary { DeckLibrary(dataDirectory: dataDirectory) }
}
