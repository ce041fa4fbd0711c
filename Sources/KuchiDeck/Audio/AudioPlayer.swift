import Foundation

/// AudioPlayer: the program that plays a WAV file — `KUCHI_AUDIO_PLAYER` if set, else the first
/// of pw-play (PipeWire), paplay (PulseAudio), aplay (ALSA), ffplay (FFmpeg), afplay (macOS).
///
/// `KUCHI_AUDIO_PLAYER` is a program name or path, optionally with arguments before the file
/// (`"mpv --really-quiet"`); the file is always the last argument.
public struct AudioPlayer: Sendable, Equatable {
    /// command: the program and the arguments that go before the file.
    public let command: [String]

    /// players: the programs looked for, in order, with the arguments each needs to play a file
    /// and end without a window or chatter.
    package static let players: [[String]] = [["pw-play"], ["paplay"], ["aplay", "-q"], ["ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"], ["afplay"]]

    /// find: the player on this machine, or nil when there is none.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> AudioPlayer? {
        if let chosen = environment["KUCHI_AUDIO_PLAYER"]?.split(separator: " ").map(String.init), let name = chosen.first {
            return Executables.find(name, path: environment["PATH"]).map { AudioPlayer(command: [$0] + chosen.dropFirst()) }
        }
        for player in players {
            if let program = Executables.find(player[0], path: environment["PATH"]) {
                return AudioPlayer(command: [program] + player.dropFirst())
            }
        }
        return nil
    }

    /// play: plays `file` and waits until it has played (call it off the input loop).
    public func play(_ file: URL) throws(SpeechProblem) {
        let result = Executables.run(command[0], arguments: Array(command.dropFirst()) + [file.path])
        guard result.status == 0 else {
            let reason = result.error.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
            throw .failed("\((command[0] as NSString).lastPathComponent) could not play the word (\(reason.prefix(80)))")
        }
    }
}
