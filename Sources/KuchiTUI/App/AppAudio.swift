import Foundation
import KuchiCore

/// AppAudio: the app's voice — `a` (F7 while typing) says the word up, and with Settings ›
/// Audio on *Automatic* each word is said when it is shown or answered.
///
/// Synthesis and playing wait on processes (Open JTalk, the player), so they run on a serial
/// queue off the input loop: a key never waits for a word to be said, and words are said one
/// after another, in order. What is missing (the engine, its dictionary, a voice, a player)
/// is found once, on first use, and said once as a notice naming what to install; a failure
/// while saying a word is left in a locked box that the app collects when it next draws (as
/// `AppSync` does). Nothing here can stop the quiz.
@MainActor
final class AppAudio {
    /// Box: problems handed from the queue to the main thread.
    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var problem: SpeechProblem?
        /// said: how many words have been played (tests wait on it).
        private var said = 0

        func put(_ value: SpeechProblem) { lock.withLock { problem = value } }
        func take() -> SpeechProblem? {
            lock.withLock {
                defer { problem = nil }
                return problem
            }
        }
        func count() { lock.withLock { said += 1 } }
        var saidCount: Int { lock.withLock { said } }
    }

    private let dataDirectory: URL
    private let environment: [String: String]
    private let queue = DispatchQueue(label: "kuchi.audio", qos: .userInitiated)
    private let box = Box()
    /// speaker: the engine and player found on first use (nil until then).
    private var speaker: Result<Speaker, SpeechProblem>?
    /// noticed: the problems already shown, so each is said once a run.
    private var noticed: Set<String> = []
    /// notice: what to tell the learner, until read.
    private(set) var notice: String?
    /// lastAutomatic: the word last said automatically, so one showing says it once.
    private var lastAutomatic: Challenge?

    /// init: audio cached under `dataDirectory/audio`, with the programs of `environment`'s PATH.
    init(dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.dataDirectory = dataDirectory
        self.environment = environment
    }

    /// availability: the speaker, found once (the engine and voice; the player is checked on play).
    var availability: Result<Speaker, SpeechProblem> {
        if let speaker { return speaker }
        let found = Speaker.find(dataDirectory: dataDirectory, environment: environment)
        speaker = found
        return found
    }

    /// say: says `challenge`'s reading, unless Audio is off. Returns at once.
    func say(_ challenge: Challenge?, mode: AudioMode) {
        guard mode != .off, let challenge else { return }
        let speaker: Speaker
        switch availability {
        case .failure(let problem):
            show(problem)
            return
        case .success(let found): speaker = found
        }
        guard speaker.player != nil else {
            show(.noPlayer)
            return
        }
        let kana = Speaker.text(of: challenge)
        let box = self.box
        queue.async {
            do throws(SpeechProblem) {
                try speaker.say(kana)
                box.count()
            } catch {
                box.put(error)
            }
        }
    }

    /// sayAutomatically: with Audio on *Automatic*, says `challenge` the first time it is
    /// passed after another word (each showing and each answer once).
    func sayAutomatically(_ challenge: Challenge?, mode: AudioMode) {
        guard challenge != lastAutomatic else { return }
        lastAutomatic = challenge
        if mode == .automatic { say(challenge, mode: mode) }
    }

    /// update: collects a problem from the queue (called as the app settles).
    func update() {
        if let problem = box.take() { show(problem) }
    }

    /// show: the problem as the notice, once a run.
    private func show(_ problem: SpeechProblem) {
        guard noticed.insert(problem.message).inserted else { return }
        notice = problem.message
    }

    /// cannotListen: the listening direction is up but nothing can be said: says so (once).
    func cannotListen(_ problem: SpeechProblem) {
        guard noticed.insert("listen").inserted else { return }
        noticed.insert(problem.message)
        notice = "The listening direction cannot run: \(problem.message) Until then, choose another Direction in Settings."
    }

    /// clearNotice: the learner has read it.
    func clearNotice() {
        notice = nil
    }

    /// saidCount: words played so far (tests).
    var saidCount: Int { box.saidCount }

    /// waitUntilIdle: blocks until every word asked for has been said (tests, and `kuchi say`).
    func waitUntilIdle() {
        queue.sync {}
    }
}
