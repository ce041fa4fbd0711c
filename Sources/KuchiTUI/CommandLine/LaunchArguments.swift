import Foundation
import KuchiDeck
import KuchiData

/// LaunchArguments: the app's own options read by hand, so a start with arguments (`kuchi
/// --deck FILE --profile NAME`, the way a big deck or a second learner is played) skips
/// building ArgumentParser's model of every command — 3.8 ms of a 100k-word deck's start, where
/// plain `kuchi` pays 0.1 ms (issue 39). Only what the parser would take exactly as given is
/// read here: anything else (help, a subcommand, `--name=value`, a repeated option, a value the
/// parser would refuse) returns nil and goes through the parser, whose messages users see.
enum LaunchArguments {
    /// plain: the launch options of `arguments` (the command line after the program's name), or
    /// nil when the parser must read them.
    static func plain(_ arguments: [String]) -> LaunchOptions? {
        var options = LaunchOptions()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            // A single-valued option given twice is the parser's to judge.
            if !["--category", "--level"].contains(name) {
                guard seen.insert(name).inserted else { return nil }
            }
            guard read(name, value, into: &options) else { return nil }
        }
        return options
    }

    /// read: `value` of option `name` into `options`; false for an option this does not read or
    /// a value the parser would refuse (or would have to convert in a way this does not).
    private static func read(_ name: String, _ value: String, into options: inout LaunchOptions) -> Bool {
        switch name {
        case "--deck": options.deck = value
        case "--profile":
            guard !value.trimmingSpaces().isEmpty else { return false }
            options.profile = value
        case "--config-dir": options.configDir = value
        case "--data-dir": options.dataDir = value
        case "--sync-dir": options.syncDir = value
        case "--category": options.categories.append(value)
        case "--questions":
            guard let count = Int(value), Settings.questionRange.contains(count) else { return false }
            options.questions = count
        case "--level":
            guard let level = Int(value), (1...5).contains(level) else { return false }
            options.levels.append(level)
        case "--direction":
            guard let direction = QuizDirection(rawValue: value) else { return false }
            options.direction = direction
        case "--answer":
            guard let answer = AnswerKind(rawValue: value) else { return false }
            options.answer = answer
        case "--teach":
            guard let teach = TeachSwitch(rawValue: value) else { return false }
            options.teach = teach == .on
        default:
            return false
        }
        return true
    }
}
