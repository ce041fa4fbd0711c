import Foundation
import KuchiCore
@testable import KuchiTUI

/// Scenes, panes and an app over one given quiz, for screen tests that build a quiz by hand
/// (the app itself always goes through a `LearnerSession`).
extension LearnerSession {
    /// over: a session of a signed-in さくら (or `user`) around `quiz`.
    static func over(_ quiz: ChallengesViewModel, user: UserManager? = nil, seed: UInt64? = nil) -> LearnerSession {
        let user = user ?? {
            let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
            user.register(name: "さくら", rememberMe: false)
            return user
        }()
        return LearnerSession(user: user, quiz: quiz, seed: seed)
    }
}

extension ChallengeScene {
    init(state: AppState, quiz: ChallengesViewModel) {
        self.init(state: state, session: .over(quiz))
    }
}

extension WelcomePane {
    init(user: UserManager, quiz: ChallengesViewModel) {
        self.init(session: .over(quiz, user: user))
    }
}

extension App {
    convenience init(state: AppState, user: UserManager, quiz: ChallengesViewModel, backend: any TerminalBackend, log: RenderLog,
                     seed: UInt64? = nil) {
        self.init(state: state, session: .over(quiz, user: user, seed: seed), backend: backend, log: log)
    }
}
