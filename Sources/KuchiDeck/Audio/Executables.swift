import Foundation

/// Executables: finding programs on the PATH and running them, for the speech engine and the
/// audio players (which Kuchi drives as processes, never links).
package enum Executables {
    /// find: the first executable file named `name` in the folders of `path` (a PATH value).
    package static func find(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// run: runs `program` with `arguments` (standard input empty), waits, and returns its exit
    /// status and the start of its standard error. Standard output is discarded (a player's or
    /// the engine's chatter must never reach the terminal Kuchi draws on).
    package static func run(_ program: String, arguments: [String]) -> (status: Int32, error: String) {
        let process = Process()
        // Waiting is on the process's end, never on a clock: `waitUntilExit` spins the run loop
        // in 50 ms slices of the wall clock, and under `faketime` (a frozen clock, as the test
        // suite uses) the slice never ends and `kuchi say` hung.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (127, "\(program) could not be started")
        }
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        return (process.terminationStatus, String(decoding: errorData.prefix(400), as: UTF8.self))
    }
}
