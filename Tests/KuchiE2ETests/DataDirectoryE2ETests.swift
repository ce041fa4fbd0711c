import Foundation
import Testing

/// DataDirectoryE2ETests: `--data-dir` reaches every subcommand, written before or after the
/// subcommand's name (ArgumentParser gives an option the main command also declares to the main
/// command, so each subcommand must read it from there too).
struct DataDirectoryE2ETests {
    @Test(arguments: [true, false])
    func importDecksAndStatsUseTheDataDirectory(afterTheSubcommand: Bool) throws {
        let home = try TemporaryDirectory()
        let data = home.file("elsewhere").path
        let csv = home.file("words.csv")
        try "question,reading,answer\n猫,ねこ,cat\n犬,いぬ,dog\n鳥,とり,bird\n".write(to: csv, atomically: true, encoding: .utf8)
        func kuchi(_ command: String, _ arguments: [String]) throws -> ProcessResult {
            let options = ["--data-dir", data]
            return try runKuchi(afterTheSubcommand ? [command] + arguments + options : options + [command] + arguments,
                                environment: ["XDG_DATA_HOME": home.file("xdg").path, "XDG_CONFIG_HOME": home.file("config").path],
                                in: home.url)
        }
        let imported = try kuchi("import", [csv.path, "--name", "pets"])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(FileManager.default.fileExists(atPath: home.file("elsewhere/decks/pets.json").path), "saved under --data-dir")
        #expect(!FileManager.default.fileExists(atPath: home.file("xdg/kuchi/decks/pets.json").path), "not under XDG_DATA_HOME")
        let decks = try kuchi("decks", [])
        #expect(decks.standardOutput.contains("pets"), "\(decks.standardOutput)")
    }
}
