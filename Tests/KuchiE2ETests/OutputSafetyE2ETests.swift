import Foundation
import KuchiCore
import Testing
import KuchiData
#if canImport(Glibc)
import Glibc
#endif

/// The commands' output on hostile streams and paths, on the real binary: a full disk, a closed
/// stdout or stderr, a reader that leaves early, `-o` naming a FIFO, a device, a symlink or a
/// folder. Nothing crashes (SIGILL is 132), nothing reports success over lost output, and no
/// device or FIFO is ever replaced by a plain file.
struct OutputSafetyE2ETests {
    let home: LearnerHome
    let folders = LearnerHome.folders

    init() throws {
        home = try LearnerHome()
    }

    // MARK: Item 2: failed writes

    @Test func exportToAFullDiskSaysSoAndFails() throws {
        try home.addReviews(3)
        let result = try home.shell("\"$KUCHI\" export reviews \(folders) >/dev/full")
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError == "kuchi: could not write to standard output: no space left on device.\n")
    }

    @Test func aReaderLeavingEarlyEndsTheExportQuietlyBySIGPIPE() throws {
        try home.addReviews(6000)  // about 190 KB of CSV: far past a pipe's 64 KB
        let result = try home.shell("{ \"$KUCHI\" export reviews \(folders) 2>err.txt; echo \"status $?\" >&2; } | head -1")
        #expect(result.standardOutput == LearnerExport.reviewsHeader + "\n")
        #expect(result.standardError == "status 141\n", "death by SIGPIPE, as cat")
        #expect((try? String(contentsOf: home.directory.file("err.txt"), encoding: .utf8)) == "", "no message for a closed pipe")
    }

    @Test(arguments: ["due", "stats", "export reviews", "export cards"])
    func errorsToAFullStderrDoNotCrash(command: String) throws {
        let result = try home.shell("\"$KUCHI\" \(command) --profile nobody \(folders) 2>/dev/full")
        #expect(result.status == 2, "the usual status for an unknown learner, not a crash: \(result)")
    }

    @Test(arguments: ["stats", "due", "decks", "check-deck challenges.json", "--help", "help", "export reviews", "stats --json"])
    func lostOutputIsNeverSuccess(command: String) throws {
        try FileManager.default.copyItem(at: BundledDeck.packageRoot.appendingPathComponent("Resources/challenges.json"),
                                         to: home.directory.file("challenges.json"))
        try home.addReviews(2)
        for redirect in [">/dev/full", ">&-"] {
            let result = try home.shell("\"$KUCHI\" \(command) \(command.hasPrefix("export") || command.hasPrefix("stats") || command == "due" ? folders : "") \(redirect)")
            #expect(result.status != 0, "\(command) \(redirect) exited 0")
            #expect(result.status < 128, "\(command) \(redirect) crashed: \(result.status)")
            #expect(result.standardError.contains("could not write to standard output"), "\(command) \(redirect): \(result.standardError)")
        }
    }

    // MARK: Item 1: export -o

    @Test func exportIntoAFIFOWritesThroughIt() throws {
        try home.addReviews(3)
        let result = try home.shell("""
            mkfifo pipe && { cat pipe > got.csv & } && "$KUCHI" export reviews \(folders) -o pipe; status=$?; wait; echo "$status"
            test -p pipe && echo "still a FIFO"
            """)
        #expect(result.standardOutput == "0\nstill a FIFO\n", "\(result)")
        let got = try String(contentsOf: home.directory.file("got.csv"), encoding: .utf8)
        #expect(got.hasPrefix(LearnerExport.reviewsHeader + "\n") && got.split(separator: "\n").count == 4)
    }

    @Test func exportIntoDeviceNodesWritesIntoThem() throws {
        try home.addReviews(3)
        let result = try home.shell("""
            mknod null c 1 3 && mknod full c 1 7 || exit 98
            "$KUCHI" export reviews \(folders) -o null; echo "null $?"
            "$KUCHI" export reviews \(folders) -o full; echo "full $?"
            test -c null && test -c full && echo "still devices"
            "$KUCHI" export reviews \(folders) -o /dev/stdout | wc -l
            """)
        #expect(result.status != 98, "mknod needs root (the CI container runs as root)")
        #expect(result.standardOutput == "null 0\nfull 1\nstill devices\n4\n", "\(result)")
        #expect(result.standardError.contains("could not write full: no space left on device."), "\(result.standardError)")
    }

    @Test func exportToDevStdoutAppendsWhereStdoutAppends() throws {
        try home.addReviews(3)
        let result = try home.shell("""
            echo first > log.txt
            "$KUCHI" export reviews \(folders) -o /dev/stdout >> log.txt; echo "stdout $?"
            "$KUCHI" export reviews \(folders) -o /dev/stderr 2>> log.txt; echo "stderr $?"
            "$KUCHI" export reviews \(folders) -o /dev/fd/3 3>> log.txt; echo "fd $?"
            """)
        #expect(result.standardOutput == "stdout 0\nstderr 0\nfd 0\n", "\(result)")
        let log = try String(contentsOf: home.directory.file("log.txt"), encoding: .utf8).split(separator: "\n")
        #expect(log.first == "first", "what stdout appended to is kept")
        #expect(log.count == 1 + 3 * 4)
    }

    @Test func exportFollowsSymlinksAndRefusesFolders() throws {
        try home.addReviews(3)
        let result = try home.shell("""
            echo old > real.csv && ln -s real.csv link.csv && ln -s /proc/self/fd/1 out
            "$KUCHI" export reviews \(folders) -o link.csv; echo "link $?"
            test -L link.csv && echo "link kept"
            "$KUCHI" export reviews \(folders) -o out | wc -l
            test -L out && echo "fd link kept"
            mkdir folder && "$KUCHI" export reviews \(folders) -o folder; echo "folder $?"
            "$KUCHI" export reviews \(folders) -o - | wc -l
            """)
        #expect(result.standardOutput == "link 0\nlink kept\n4\nfd link kept\nfolder 1\n4\n", "\(result)")
        #expect(try String(contentsOf: home.directory.file("real.csv"), encoding: .utf8).hasPrefix(LearnerExport.reviewsHeader))
        #expect(result.standardError.contains("kuchi: could not write folder: it is a folder"), "\(result.standardError)")
    }

    @Test func exportIntoAProcessSubstitution() throws {
        try home.addReviews(3)
        let result = try home.shell("\"$KUCHI\" export reviews \(folders) -o >(wc -l > count.txt); status=$?; wait $!; echo \"$status\"",
                                    shell: "/bin/bash")
        #expect(result.standardOutput == "0\n", "\(result)")
        #expect(try String(contentsOf: home.directory.file("count.txt"), encoding: .utf8) == "4\n")
    }

    @Test func exportToANewOrExistingFileIsAtomicAsBefore() throws {
        try home.addReviews(3)
        let result = try home.shell("echo old > a.csv; \"$KUCHI\" export reviews \(folders) -o a.csv && \"$KUCHI\" export reviews \(folders) -o b.csv && ls")
        #expect(result.status == 0, "\(result)")
        for name in ["a.csv", "b.csv"] {
            #expect(try String(contentsOf: home.directory.file(name), encoding: .utf8).split(separator: "\n").count == 4)
        }
        #expect(!result.standardOutput.contains(".tmp"), "no temporary file left: \(result.standardOutput)")
    }

    // MARK: Items 4, 10, 14: messages and folders

    @Test func namesAndBidiOverridesAreEscapedInMessages() throws {
        let result = try home.shell("\"$KUCHI\" due --profile \"$(printf '\\033]0;T\\007x\\342\\200\\256y')\" \(folders)")
        #expect(result.status == 2)
        #expect(result.standardError == "kuchi: there is no saved profile named \"\\x1b]0;T\\x07x\\u202ey\"; saved profiles: Sakura.\n")
    }

    @Test(arguments: ["due", "stats", "export reviews"])
    func aDamagedProfileMovedAsideIsSaid(command: String) throws {
        let damaged = home.config.appendingPathComponent("profiles/0b7c1c3e-0000-4000-8000-000000000000.json")
        try Data("{not json".utf8).write(to: damaged)
        let result = try home.shell("\"$KUCHI\" \(command) --profile Sakura \(folders) >/dev/null")
        let line = try #require(result.standardError.split(separator: "\n").first.map(String.init), "\(command) was silent")
        #expect(line.hasPrefix("kuchi: The profile 0b7c1c3e-0000-4000-8000-000000000000.json could not be used"))
        #expect(line.contains("it was kept as \(damaged.path).broken-"), "says where: \(line)")
    }

    @Test(arguments: ["", "stats", "due", "export reviews", "decks", "import x.csv --name x"])
    func anEmptyDataDirIsRefused(command: String) throws {
        let result = try home.shell("\"$KUCHI\" \(command) --data-dir ''; echo \"$?\"; ls")
        #expect(result.standardOutput.hasPrefix("2\n"), "\(command): \(result)")
        #expect(result.standardError.contains("--data-dir needs a folder; an empty path is not one."))
        #expect(!result.standardOutput.contains("kuchi.sqlite") && !result.standardOutput.contains("decks"), "nothing written here")
    }
}

/// Exports printed on a terminal: the CSV's text (a word, a deck name) cannot act on it.
@Suite(.requiresTmux)
struct ExportOnTerminalE2ETests {
    @Test func controlsInACardAreEscapedOnATerminalOnly() throws {
        let home = try LearnerHome()
        try home.addReviews(1)
        try home.python("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE card SET answer = 'x' || char(27) || '[2Jy'\"); c.commit()",
                        [home.databaseURL.path])
        let shell = try ShellKuchi("\"$KUCHI\" export cards --config-dir '\(home.config.path)' --data-dir '\(home.data.path)' | cat > piped.csv; "
                                   + "\"$KUCHI\" export cards --config-dir '\(home.config.path)' --data-dir '\(home.data.path)' 2>>\"$KUCHI_E2E_STDERR\"",
                                   directory: home.directory)
        #expect(try shell.session.waitForExit() == 0)
        let screen = try shell.session.capture().joined(separator: "\n")
        #expect(screen.contains("x\\x1b[2Jy"), "escaped on the terminal: \(screen)")
        let piped = try String(contentsOf: home.directory.file("piped.csv"), encoding: .utf8)
        #expect(piped.contains("x\u{1B}[2Jy"), "the data itself, through a pipe")
    }
}
