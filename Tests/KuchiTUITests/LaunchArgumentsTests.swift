import ArgumentParser
import Testing
@testable import KuchiTUI

/// LaunchArgumentsTests: the app's options read by hand give what the parser gives, and
/// everything the parser would refuse or read differently is left to it.
@Suite("Launch options read without the parser")
struct LaunchArgumentsTests {
    @Test("each option and their mixes: the same options as ArgumentParser's")
    func sameAsParser() throws {
        let singles: [[String]] = [
            ["--deck", "challenges"], ["--deck", "/tmp/big deck.json"], ["--questions", "3"], ["--questions", "20"], ["--questions", "+7"],
            ["--direction", "jp-en"], ["--direction", "en-jp"], ["--direction", "reading"], ["--direction", "listen"],
            ["--direction", "mixed"], ["--answer", "choose"], ["--answer", "type"], ["--teach", "on"], ["--teach", "off"],
            ["--profile", "さくら"], ["--profile", " Ken "], ["--config-dir", "/c"], ["--data-dir", "rel/d"], ["--sync-dir", "/s"],
            ["--category", "Verbs"], ["--level", "5"], ["--level", "1"],
        ]
        var lists = singles
        // Every pair of different options, in both orders, and repeated list options.
        for first in singles {
            for second in singles where second[0] != first[0] { lists.append(first + second) }
        }
        lists.append(["--category", "Verbs", "--level", "5", "--category", "Food", "--level", "4", "--deck", "x"])
        for arguments in lists {
            let read = try #require(LaunchArguments.plain(arguments), "\(arguments)")
            let parsed = try #require(try KuchiCommand.parseAsRoot(arguments) as? KuchiCommand, "\(arguments)")
            #expect(read == LaunchOptions(parsed), "\(arguments)")
        }
    }

    @Test("what the parser refuses, reads another way or answers itself is left to it")
    func leftToParser() {
        let others: [[String]] = [
            ["--help"], ["-h"], ["--version"], ["help"], ["due"], ["stats", "--json"], ["--deck"], ["--deck", ""], ["--deck=x"],
            ["--deck", "a", "--deck", "b"], ["--profile", "--deck", "x"], ["--profile", " "], ["--questions", "2"],
            ["--questions", "21"], ["--questions", "ten"], ["--level", "0"], ["--level", "6"], ["--level", "N5"],
            ["--direction", "sideways"], ["--answer", "guess"], ["--teach", "yes"], ["--deck", "x", "extra"], ["extra"],
            ["--level", "-1"], ["--unknown", "x"], ["--data-dir", "-"],
        ]
        for arguments in others {
            #expect(LaunchArguments.plain(arguments) == nil, "\(arguments)")
        }
    }
}
