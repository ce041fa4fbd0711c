import Foundation

/// LearnerDatabase+CommandRefusal: why a command cannot change the learner database, in a
/// command's words. The open's message is the app's ("Kuchi keeps trying and saves this
/// session's answers once it is free"): true for the app, which stays and saves, false for a
/// command, which exits — its change would be lost while the sentence said it would be saved
/// (issue 36).
extension LearnerDatabase {
    /// commandRefusal: nil when a command may write; else the sentence it fails with.
    public var commandRefusal: String? {
        guard url == nil || pendingSave != nil else { return nil }
        guard let problem else { return "The learner database cannot be written; nothing was changed." }
        if pendingSave != nil || problem.kind == .busy {
            return "\(problem.path.escapingControlCharacters) is busy (another program is writing to it); nothing was changed — run the command again once it is free."
        }
        return problem.message.replacingOccurrences(of: "this session goes on in memory and is not saved", with: "nothing was changed")
            .replacingOccurrences(of: "this session is not saved", with: "nothing was changed")
    }
}
