import Foundation
import Testing

/// InstallE2ETests: `scripts/install` end to end — one release build and install into a
/// temporary prefix, the installed command run from elsewhere with its build folder gone, the
/// completions and man page checked against the command's own definitions, then the uninstall.
///
/// The build uses its own scratch folder, `.build-install-e2e` in the checkout (never `.build`,
/// which the running tests live in), kept between runs so only the first run builds from
/// nothing. While the installed command is checked, that folder is renamed away: the binary's
/// only build folder — where SwiftPM's `Bundle.module` would look for the deck — is then
/// unreachable, as after the checkout is moved or deleted. It is renamed back afterwards (also
/// at the next run's start, if a run died in between).
@Suite(.enabled(if: InstalledFiles.manAvailable || TmuxEnvironment.isCI,
                "man is not installed (apt-get install man-db groff-base); under CI=true this fails instead"))
struct InstallE2ETests {
    /// installRunsFromAnywhereThenUninstallsCleanly: the issue's "done when", in one install.
    @Test(.timeLimit(.minutes(20)))
    func installRunsFromAnywhereThenUninstallsCleanly() throws {
        let root = BundledDeck.packageRoot
        let scratch = root.appendingPathComponent(".build-install-e2e")
        let away = root.appendingPathComponent(".build-install-e2e-away")
        try restore(scratch, from: away)
        let temporary = try TemporaryDirectory(prefix: "kuchi-install")
        let prefix = temporary.file("prefix")
        // A file of the user's own in the prefix: the uninstall must leave it alone.
        let own = prefix.appendingPathComponent("bin/my-tool")
        try FileManager.default.createDirectory(at: own.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: own)

        let install = try script(root, ["--prefix", prefix.path, "--scratch-path", scratch.path])
        #expect(install.status == 0, "scripts/install failed:\n\(install.standardError)")
        let installed = InstalledFiles.all.map { prefix.appendingPathComponent($0).path }
        for path in installed {
            #expect(FileManager.default.fileExists(atPath: path), "installed \(path)")
            #expect(install.standardOutput.contains(path), "the install lists \(path)")
        }
        #expect(install.standardOutput.contains("\(prefix.path)/bin is not on your PATH"), "the PATH hint")

        try FileManager.default.moveItem(at: scratch, to: away)
        defer { try? restore(scratch, from: away) }
        try checkInstalledCommand(prefix: prefix, temporary: temporary)
        try restore(scratch, from: away)

        let uninstall = try script(root, ["--uninstall", "--prefix", prefix.path])
        #expect(uninstall.status == 0, "scripts/install --uninstall failed:\n\(uninstall.standardError)")
        #expect(try filesUnder(prefix) == ["bin/my-tool"], "only the user's own file is left")
        let again = try script(root, ["--uninstall", "--prefix", prefix.path])
        #expect(again.status == 1 && again.standardError.contains("not installed"), "a second uninstall finds nothing")
    }

    /// checkInstalledCommand: everything asked of the installed tree while no build folder exists.
    private func checkInstalledCommand(prefix: URL, temporary: TemporaryDirectory) throws {
        let elsewhere = temporary.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let kuchi = prefix.appendingPathComponent("bin/kuchi")
        let home = temporary.file("home").path

        // Version and decks agree with the build the other tests use: one source for both.
        let expectedVersion = try runKuchi(["--version"]).standardOutput
        let expectedDecks = try runKuchi(["decks"]).standardOutput
        let version = try installed(kuchi, ["--version"], in: elsewhere, home: home)
        #expect(version.status == 0 && version.standardError.isEmpty)
        #expect(version.standardOutput == expectedVersion)
        let decks = try installed(kuchi, ["decks"], in: elsewhere, home: home)
        #expect(decks.status == 0, "kuchi decks: \(decks.standardOutput)\(decks.standardError)")
        #expect(decks.standardOutput == expectedDecks)
        try FileManager.default.copyItem(at: prefix.appendingPathComponent("lib/kuchi/decks/challenges.json"),
                                         to: elsewhere.appendingPathComponent("deck.json"))
        let check = try installed(kuchi, ["check-deck", "deck.json"], in: elsewhere, home: home)
        #expect(check.status == 0 && check.standardOutput.hasPrefix("deck.json: valid"), "\(check.standardOutput)")

        // The tree still works moved elsewhere and started through a link.
        let moved = temporary.file("moved")
        try FileManager.default.copyItem(at: prefix, to: moved)
        let link = temporary.file("kuchi-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: moved.appendingPathComponent("bin/kuchi"))
        let viaLink = try installed(link, ["decks"], in: elsewhere, home: home)
        #expect(viaLink.status == 0 && viaLink.standardOutput == decks.standardOutput)

        // --help names the data folders, resolved for this environment (the temporary home's
        // long paths wrap at 80 columns, so white space is compared loosely).
        let help = try installed(kuchi, ["--help"], in: elsewhere, home: home)
        let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ") + " "
        for folder in ["\(home)/.config/kuchi", "\(home)/.local/share/kuchi", "\(home)/.local/share/kuchi/decks"] {
            #expect(words.contains("here: \(folder) "), "--help names \(folder)")
        }

        let definitions = try dumpHelp(of: kuchi, in: elsewhere, home: home)
        let commands = subcommands(definitions, [])
        #expect(commands.contains("check-deck") && commands.contains("decks"))
        try checkCompletions(prefix: prefix, commands: commands)
        try checkManualPage(prefix: prefix, commands: commands, options: options(definitions), version: version.standardOutput)
    }

    /// checkCompletions: each shell's script is ArgumentParser's and knows every subcommand.
    private func checkCompletions(prefix: URL, commands: [String]) throws {
        let scripts = [
            ("share/bash-completion/completions/kuchi", "complete -o filenames -F _kuchi kuchi"),
            ("share/zsh/site-functions/_kuchi", "#compdef kuchi"),
            ("share/fish/vendor_completions.d/kuchi.fish", "complete -c 'kuchi'"),
        ]
        for (path, marker) in scripts {
            let text = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(marker), "\(path) has \(marker)")
            for command in commands {
                #expect(text.contains(command.split(separator: " ").last.map(String.init) ?? command), "\(path) completes \(command)")
            }
        }
    }

    /// checkManualPage: `man -l` renders the page without warnings, with the version, every
    /// subcommand and every root option.
    private func checkManualPage(prefix: URL, commands: [String], options: [String], version: String) throws {
        let page = prefix.appendingPathComponent("share/man/man1/kuchi.1").path
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"]
        let man = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/man"), ["-l", page], environment: environment, timeout: .seconds(60))
        #expect(man.status == 0 && man.standardError.isEmpty, "man -l: \(man.standardError)")
        let text = man.standardOutput
        #expect(text.hasPrefix("KUCHI(1)"))
        #expect(text.contains("Kuchi \(version.trimmingCharacters(in: .whitespacesAndNewlines))"), "the footer has the version")
        for command in commands {
            #expect(text.contains("kuchi \(command)"), "the man page has kuchi \(command)")
        }
        #expect(options.contains("--deck") && options.contains("--version"))
        for option in options {
            #expect(text.contains(option), "the man page has \(option)")
        }
        #expect(text.contains("$XDG_DATA_HOME/kuchi/decks"), "the man page says where imported decks live")
        #expect(!text.contains("here: "), "the man page has no folders of the installing machine")
    }

    /// dumpHelp: the installed command's own description of its commands and options (the
    /// root command of `--experimental-dump-help`).
    private func dumpHelp(of kuchi: URL, in directory: URL, home: String) throws -> [String: Any] {
        let dump = try installed(kuchi, ["--experimental-dump-help"], in: directory, home: home)
        let json = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any]
        return try #require(json?["command"] as? [String: Any])
    }

    /// subcommands: every visible subcommand's full name below `command` ("check-deck", "a b").
    private func subcommands(_ command: [String: Any], _ path: [String]) -> [String] {
        let children = (command["subcommands"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
        return children.flatMap { child -> [String] in
            let name = path + [child["commandName"] as? String ?? "?"]
            return [name.joined(separator: " ")] + subcommands(child, name)
        }
    }

    /// options: the root command's visible options and flags, by their long names (`--deck`).
    private func options(_ command: [String: Any]) -> [String] {
        let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
        return arguments.compactMap { argument in
            let names = argument["names"] as? [[String: Any]] ?? []
            return names.first { $0["kind"] as? String == "long" }.flatMap { $0["name"] as? String }.map { "--\($0)" }
        }
    }

    /// installed: runs the installed command in `directory` with a fresh home and only the
    /// system folders on the PATH, so nothing from the checkout can help it.
    private func installed(_ kuchi: URL, _ arguments: [String], in directory: URL, home: String) throws -> ProcessResult {
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", #"cd "$1" && shift && exec "$@""#, "sh", directory.path, kuchi.path] + arguments,
                                     environment: environment, timeout: .seconds(30))
    }

    /// script: runs `scripts/install` at low priority (a release build shares two cores with the
    /// other tests, whose screens have deadlines). The real HOME stays: SwiftPM's package cache
    /// is under it.
    private func script(_ root: URL, _ arguments: [String]) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/usr/bin:/bin:" + (environment["PATH"] ?? "")
        return try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/nice"), ["-n", "10", "bash", root.appendingPathComponent("scripts/install").path] + arguments,
                                     environment: environment, timeout: .seconds(1_200))
    }

    /// restore: puts the scratch folder back if it was renamed away.
    private func restore(_ scratch: URL, from away: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: away.path) else { return }
        if manager.fileExists(atPath: scratch.path) { try manager.removeItem(at: away) } else { try manager.moveItem(at: away, to: scratch) }
    }

    /// filesUnder: every file and link below `folder`, relative and sorted (folders not listed,
    /// but a left-over empty folder shows as "name/").
    private func filesUnder(_ folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let empty = isDirectory.boolValue && ((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false)
            if !isDirectory.boolValue { found.append(relative) } else if empty { found.append(relative + "/") }
        }
        return found.sorted()
    }
}

/// InstalledFiles: what `scripts/install` puts under the prefix, as the issue names them, and
/// whether the page among them can be rendered here.
private enum InstalledFiles {
    /// manAvailable: `man -l` renders the page; without it the test cannot check it.
    static let manAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/man")

    /// all: every installed path, relative to the prefix.
    static let all = [
        "bin/kuchi",
        "lib/kuchi/decks/challenges.json",
        "lib/kuchi/install-manifest",
        "share/man/man1/kuchi.1",
        "share/bash-completion/completions/kuchi",
        "share/zsh/site-functions/_kuchi",
        "share/fish/vendor_completions.d/kuchi.fish",
    ]
}
