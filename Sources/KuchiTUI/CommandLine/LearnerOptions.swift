import ArgumentParser
import Foundation
import KuchiCore
import KuchiBase
import KuchiData
import KuchiSync

/// LearnerOptions: the options `kuchi due` and `kuchi export` share — whose data, and where the
/// profiles and the database live (as the main command takes them).
///
/// ArgumentParser hands an option the root command also declares (`--profile`, `--config-dir`)
/// to the root even after the subcommand's name, so the commands read both: `resolved(root:)`.
struct LearnerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The learner (a saved profile's name); optional when only one is saved.", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Profiles are in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var configDir: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("The learner database is in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    /// validate: an empty folder would silently mean the current one (an unset variable,
    /// usually), as the main command refuses it.
    func validate() throws {
        if configDir?.isEmpty == true { throw ValidationError("--config-dir needs a folder; an empty path is not one.") }
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder; an empty path is not one.") }
        if let profile, profile.trimmingSpaces().isEmpty { throw ValidationError("--profile needs a name.") }
    }

    /// CommandFailure: a message for standard error and the exit status (2: usage or data problem).
    struct CommandFailure: Error {
        let message: String
        var status: Int32 = 2
    }

    /// paths: the folders these options name (`KuchiPaths`, the one rule).
    func paths(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> KuchiPaths {
        KuchiPaths(configDir: configDir, dataDir: dataDir, environment: environment)
    }

    /// resolved: these options with the values the root command parsed filled in.
    func resolved(root: KuchiCommand) -> LearnerOptions {
        var options = self
        options.profile = profile ?? root.profile
        options.configDir = configDir ?? root.configDir
        options.dataDir = dataDir ?? root.dataDir
        return options
    }

    /// learner: the chosen profile — `--profile NAME`, else the only saved one. With several
    /// saved and none named, the learner is asked to choose (scripts must not guess).
    func learner() throws(CommandFailure) -> Profile {
        switch LearnerChoice.resolve(named: profile, configDir: configDir) {
        case .success(let profile): return profile
        case .failure(let failure): throw CommandFailure(message: failure.message)
        }
    }

    /// database: the learner database opened read-only, nil when none exists yet.
    func database() throws(CommandFailure) -> LearnerDatabase? {
        let environment = ProcessInfo.processInfo.environment
        let directory = paths(environment).dataDirectory
        do throws(PersistenceError) {
            return try LearnerDatabase.openReadOnly(directory: directory)
        } catch {
            throw CommandFailure(message: error.message)
        }
    }

    /// opened: the chosen learner with their settings as the learner database's log holds them,
    /// and the database (read-only; nil when none exists yet) — what every command starts from.
    func opened() throws(CommandFailure) -> (learner: Profile, database: LearnerDatabase?) {
        let profile = try learner()
        StartupTrace.mark("profile")
        let database = try database()
        StartupTrace.mark("database open + migration check")
        let settled = database?.settings(of: profile) ?? profile
        StartupTrace.mark("settings")
        return (settled, database)
    }

    /// fail: prints the failure to standard error and returns its status.
    static func fail(_ failure: CommandFailure) -> Int32 {
        StandardError.write("kuchi: \(failure.message)")
        return failure.status
    }
}
