/// RegistrationResult: what `UserManager.register` (or turning Remember me on) did.
///
/// A name that a saved profile already has is never taken over: the call changes nothing and
/// hands back that profile, so the front can say so and offer to open it with `signIn`.
import KuchiData

public enum RegistrationResult: Equatable, Sendable {
    /// registered: the learner is now playing (saved too when Remember me is on).
    case registered
    /// nameTaken: a saved profile has this name (ignoring case and width); nothing changed.
    case nameTaken(Profile)
    /// invalidName: the name breaks `UserManager.isValidName`; nothing changed.
    case invalidName
}
