import Foundation
import KuchiCore
import KuchiData

/// LearnerChoice: which saved learner a command means — `--profile NAME` (matched as the app
/// matches names: case, width and surrounding spaces ignored), else the only saved one. With
/// several and none named, scripts must not guess: the command asks for one.
enum LearnerChoice {
    /// resolve: the profile, or the sentence that says why none could be chosen. A profile file
    /// that had to be moved aside (damaged, far too large) is said on stderr first, with where it
    /// went, as the app says it: a command must not lose a learner silently.
    static func resolve(named name: String?, configDir: String?,
                        environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<Profile, Failure> {
        let directory = KuchiPaths(configDir: configDir, environment: environment).configDirectory
        let loaded = ProfileStore(directory: directory).loadAll()
        for problem in loaded.problems { StandardError.write("kuchi: \(problem.message)") }
        let profiles = loaded.profiles
        let names = profiles.map(\.name).sorted { $0.lowercased() < $1.lowercased() }
        if let name {
            guard let match = profiles.first(where: { $0.isNamed(name) }) else {
                return .failure(Failure(message: "there is no saved profile named \"\(name)\""
                                        + (names.isEmpty ? "." : "; saved profiles: \(names.joined(separator: ", ")).")))
            }
            return .success(match)
        }
        switch profiles.count {
        // Nothing to name with --profile: only a learner saved with Remember me is known here.
        case 0: return .failure(Failure(message: "no saved learner yet — start kuchi and sign in with Remember me on; "
                                        + "commands only know saved learners."))
        case 1: return .success(profiles[0])
        default: return .failure(Failure(message: "several learners — choose one with --profile NAME: \(names.joined(separator: ", "))"))
        }
    }

    /// Failure: why no learner was chosen (a usage problem: exit 2).
    struct Failure: Error {
        let message: String
    }
}
