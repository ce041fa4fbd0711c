import Foundation
@testable import KuchiCore

/// FSRSOracle: runs `scripts/fsrs-oracle.py` with the reference FSRS (py-fsrs 6.3.2) from the
/// virtual environment `scripts/install-deps --tests` creates, and decodes its histories.
enum FSRSOracle {
    /// packageRoot: the nearest folder above this file with a Package.swift.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    /// python: the venv's interpreter, which has `fsrs` installed.
    static let python = packageRoot.appendingPathComponent(".build/fsrs-venv/bin/python3")

    /// script: the oracle script.
    static let script = packageRoot.appendingPathComponent("scripts/fsrs-oracle.py")

    /// isInstalled: whether the venv exists, so the parity test can run.
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    /// isCI: CI sets CI=true; there a missing oracle is a failure, not a reason to skip.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// missingMessage: what to do when the venv is missing.
    static let missingMessage = "the FSRS oracle venv .build/fsrs-venv is missing: run scripts/install-deps --tests"

    /// OracleError: the oracle could not run or printed something unreadable.
    struct OracleError: Error, CustomStringConvertible {
        let description: String
    }

    /// histories(seed:count:): `count` fuzz-free histories then `count / 10` fuzzed ones.
    static func histories(seed: Int, count: Int) throws -> Output {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, String(seed), String(count)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read to the end before waiting: the JSON is megabytes, far more than a pipe buffers.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleError(description: "fsrs-oracle.py exited \(process.terminationStatus): \(message)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Output.self, from: data)
    }

    /// instant(_:): a UTC instant as the oracle prints it ("2024-05-01T10:00:00Z").
    static func instant(_ text: String) throws -> Date {
        try Date.ISO8601FormatStyle().parse(text)
    }

    /// Output: the oracle's whole answer.
    struct Output: Decodable {
        let fsrsVersion: String
        let seed: Int
        let histories: [History]
    }

    /// History: one card's reviews under one scheduler configuration.
    struct History: Decodable {
        let config: Config
        let start: String
        let reviews: [Review]
    }

    /// Config: the reference scheduler's settings; `fuzzSeed` is nil when fuzzing is off.
    struct Config: Decodable {
        let parameters: [Double]
        let desiredRetention: Double
        let learningSteps: [Double]
        let relearningSteps: [Double]
        let maximumInterval: Int
        let fuzzSeed: UInt64?
    }

    /// Review: one graded answer and the reference's card after it.
    struct Review: Decodable {
        let time: String
        let rating: Int
        let card: Card
    }

    /// Card: the reference card's fields (state 1 Learning, 2 Review, 3 Relearning).
    struct Card: Decodable {
        let state: Int
        let step: Int?
        let stability: Double
        let difficulty: Double
        let due: String
        let lastReview: String
    }
}
