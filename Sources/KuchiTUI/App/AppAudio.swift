import Foundation
import KuchiCore
import KuchiDeck

/// AppAudio: the app's voice — `a` (F7 while typing) says the word up, and with Settings ›
/// Audio on *Automatic* each word is said when it is shown or answered.
///
/// Synthesis and playing wait on processes (Open JTalk, the player), so each word is a job of
/// the app's `BackgroundJobs` on a serial queue: a key never waits for a word to be said, and
/// words are said one after another, in order. What is missing (the engine, its dictionary, a
/// voice, a player) is found once, on first use, and said once as a notice naming what to
/// install; a failure while saying a word comes back as a job result the app hands to
/// `take(_:)`. Nothing here can stop the quiz.
@MainActor
final class AppAudio {
    private let dataDirectory: URL
    private let environment: [String: String]
    private let queue = DispatchQueue(label: "kuchi.audio", qos: .userInitiated)
    /// jobs: where words are said and their results posted (the app's, set by `AppState`).
    var jobs = BackgroundJobs(wake: {})
    /// saidCount: words played so far, as their results were taken (tests).
    private(set) var saidCount = 0
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

    /// listeningProblem: why the listening direction cannot run (no engine or voice, no
    /// player), nil when it can: Settings does not offer it then, and says why.
    var listeningProblem: SpeechProblem? {
        switch availability {
        case .failure(let problem): problem
        case .success(let speaker): speaker.player == nil ? .noPlayer : nil
        }
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
        // A word the voice cannot say with the accent its card shows is still said, and the
        // learner is told once which line to trust (issue 37).
        if VoiceTexts.bundled.accentDiffers(for: challenge) != nil, noticed.insert("accent " + challenge.question).inserted {
            notice = "The voice says \(challenge.question) with another accent than its pitch line shows (Open JTalk cannot say this one "
                + "as shown); the line is the one to learn."
        }
        jobs.run(on: queue) { _ in
            do throws(SpeechProblem) {
                try speaker.say(kana)
                return .said
            } catch {
                return .speechFailed(error)
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

    /// take: a word's result, from the jobs.
    func take(_ result: JobResult) {
        switch result {
        case .said: saidCount += 1
        case .speechFailed(let problem): show(problem)
        default: break
        }
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

    /// waitUntilIdle: blocks until every word asked for has been said, and takes their
    /// results (tests: the app would take them on the wake-up).
    func waitUntilIdle() {
        queue.sync {}
        jobs.waitUntilIdle()
        for result in jobs.take() {
            switch result {
            case .said, .speechFailed: take(result)
            default: jobs.post(result)  // another job's, left for the app
            }
        }
    }
}
