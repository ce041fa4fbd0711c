import Foundation

/// AudioMode: when Kuchi says a word (Settings › Audio).
public enum AudioMode: String, Codable, CaseIterable, Sendable {
    /// off: never; `a` does nothing and no notice is shown.
    case off
    /// onRequest: when `a` (F7 while typing) is pressed — the default.
    case onRequest = "on-request"
    /// automatic: also each time a word is shown or answered.
    case automatic
}

/// Speaker: says a deck word — synthesised from its reading once, cached under the data folder
/// (`<data>/audio/`), played through the machine's player.
///
/// Everything it does waits on processes, so callers run it off the input loop (`AppAudio`).
public struct Speaker: Sendable {
    public let engine: SpeechEngine
    public let player: AudioPlayer?
    /// cacheFolder: where the WAV files are kept (`<data>/audio`).
    public let cacheFolder: URL

    /// init: a speaker with its engine and player, caching in `dataDirectory/audio`.
    public init(engine: SpeechEngine, player: AudioPlayer?, dataDirectory: URL) {
        self.engine = engine
        self.player = player
        cacheFolder = dataDirectory.appendingPathComponent("audio", isDirectory: true)
    }

    /// find: the speaker on this machine, or what is missing (the engine, its dictionary or a
    /// voice; a missing player only matters when something is to be played).
    public static func find(dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<Speaker, SpeechProblem> {
        SpeechEngine.find(environment: environment).map {
            Speaker(engine: $0, player: AudioPlayer.find(environment: environment), dataDirectory: dataDirectory)
        }
    }

    /// listeningProblem: why the listening direction cannot run here — no engine, dictionary
    /// or voice, or no player to hear it through — or nil when it can.
    public static func listeningProblem(environment: [String: String] = ProcessInfo.processInfo.environment) -> SpeechProblem? {
        switch SpeechEngine.find(environment: environment) {
        case .failure(let problem): problem
        case .success: AudioPlayer.find(environment: environment) == nil ? .noPlayer : nil
        }
    }

    /// text: what Open JTalk is given for a challenge (`VoiceTexts`): its written form where the
    /// engine's dictionary reads it as the deck does, else its reading in katakana.
    public static func text(of challenge: Challenge, texts: VoiceTexts = .bundled) -> String {
        texts.text(for: challenge)
    }

    /// cachedFile: where the WAV of `kana` (the text said) with this voice is kept: named by a
    /// hash of the text, the voice file's name and the loudness rule, so a change of voice, or
    /// 橋 and 箸 (both はし), never plays another recording.
    public func cachedFile(for kana: String) -> URL {
        let voice = (engine.voice as NSString).lastPathComponent
        let name = String(DeckCacheFormat.hash(Array((voice + "\t" + SpeechEngine.loudness + "\t" + kana).utf8)), radix: 16)
        return cacheFolder.appendingPathComponent("\(name).wav")
    }

    /// wav: the WAV file of `kana`, synthesised now unless a whole one is cached (one cut short —
    /// by a full disk, or an older Kuchi killed mid-write — is made again).
    public func wav(for kana: String) throws(SpeechProblem) -> URL {
        let file = cachedFile(for: kana)
        if WAVIntegrity.isWholeFile(file) { return file }
        try engine.synthesize(kana, to: file)
        return file
    }

    /// say: makes (or finds) the WAV of `kana` and plays it, waiting until it has played.
    public func say(_ kana: String) throws(SpeechProblem) {
        guard let player else { throw .noPlayer }
        try player.play(try wav(for: kana))
    }
}
