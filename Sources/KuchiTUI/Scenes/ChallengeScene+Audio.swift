import KuchiCore
import KuchiDeck

/// ChallengeScene+Audio: which word `a` says on the challenge screen, and its binding.
extension ChallengeScene {
    /// spokenWord: the word that may be said now without giving an answer away: the New word
    /// being taught, the word an answer's feedback is about, or the question itself when it is
    /// shown in Japanese and its meaning is asked (Japanese → English). Asked for the Japanese
    /// word or its reading, saying it would answer the question, so nothing is said until then.
    static func spokenWord(_ quiz: ChallengesViewModel) -> Challenge? {
        guard let test = quiz.currentTest else { return quiz.feedback?.challenge }
        if quiz.teaching { return test.challenge }
        if let answered = quiz.feedback?.challenge { return answered }
        return test.direction == .japaneseToEnglish || test.direction == .listening ? test.challenge : nil
    }

    /// audioMode: the learner's Audio setting — except that a word asked by ear is always
    /// said (on request at least, automatically when it comes up), whatever the setting.
    static func audioMode(_ quiz: ChallengesViewModel, setting: AudioMode) -> AudioMode {
        guard quiz.currentTest?.direction == .listening else { return setting }
        return setting == .off ? .onRequest : setting
    }

    /// automaticMode: the mode the app says a shown word with: a question asked by ear is said
    /// as it comes up, as if Audio were automatic.
    static func automaticMode(_ quiz: ChallengesViewModel, setting: AudioMode) -> AudioMode {
        guard let test = quiz.currentTest, test.direction == .listening, !quiz.teaching, quiz.feedback == nil else { return setting }
        return .automatic
    }

    /// sayBinding: `a` (F7 while typing) says the word, when there is one that may be said.
    func sayBinding(_ keys: [Key], keys label: String, helpKeys: String) -> Binding<Action> {
        Binding(keys, .say, keys: label, helpKeys: helpKeys, bar: "Say",
                help: "say the word (Open JTalk; Settings › Audio)", when: Self.audioMode(quiz, setting: session.user.audio) != .off && Self.spokenWord(quiz) != nil, priority: .optional)
    }
}
