import Foundation
@testable import KuchiCore

/// FSRSRSOracle: runs `scripts/fsrs-rs-oracle.py` — fsrs-rs 6.6 through fsrs-rs-python 0.9.3 from
/// the venv `scripts/install-deps --tests` creates — on review logs, for the parity suite.
enum FSRSRSOracle {
    /// script: the oracle script.
    static let script = FSRSOracle.packageRoot.appendingPathComponent("scripts/fsrs-rs-oracle.py")

    /// isInstalled: whether the venv has fsrs-rs-python.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: FSRSOracle.python.path)
            && FileManager.default.fileExists(atPath: FSRSOracle.packageRoot.appendingPathComponent(".build/fsrs-venv").path)
    }

    /// missingMessage: what to do when the reference is missing.
    static let missingMessage = "fsrs-rs-python is missing from .build/fsrs-venv: run scripts/install-deps --tests"

    /// Case: one question for the reference.
    struct Case: Encodable {
        var logs: [CaseLog]
        var fit = true
        var epochs = 5
        var batchSize = 512
        var evaluate: [[Double]] = []

        enum CodingKeys: String, CodingKey {
            case logs, fit, epochs, evaluate
            case batchSize = "batch_size"
        }

        /// init: a case for `logs`.
        init(_ logs: [SyntheticLearner.Log], fit: Bool = true, epochs: Int = 5, batchSize: Int = 512, evaluate: [[Double]] = []) {
            self.logs = logs.map { CaseLog(card: $0.card, reviews: $0.reviews.map { [AnyCodableNumber.int($0.time), .int(Int64($0.rating)), .bool($0.startsLearning)] }) }
            self.fit = fit
            self.epochs = epochs
            self.batchSize = batchSize
            self.evaluate = evaluate
        }
    }

    /// CaseLog: a card's reviews as [time, rating, starts_learning].
    struct CaseLog: Encodable {
        let card: Int64
        let reviews: [[AnyCodableNumber]]
    }

    /// AnyCodableNumber: an integer or a boolean in a JSON array.
    enum AnyCodableNumber: Encodable {
        case int(Int64)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .int(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            }
        }
    }

    /// Result: the reference's answer for one case.
    struct Result: Decodable {
        let items: [[[Int]]]
        let cardIds: [Int64]
        let gate: String
        let parameters: [Double]?
        let evaluations: [Evaluation?]
        let seconds: Double?
    }

    /// Evaluation: fsrs-rs's `evaluate`.
    struct Evaluation: Decodable {
        let logLoss: Double
        let rmseBins: Double
    }

    /// Answer: the whole output.
    private struct Answer: Decodable {
        let results: [Result]
    }

    /// run: the reference's results for `cases`, in order.
    static func run(_ cases: [Case]) throws -> [Result] {
        let input = try JSONEncoder().encode(["cases": cases])
        let process = Process()
        process.executableURL = FSRSOracle.python
        process.arguments = [script.path]
        // The cases go through a file: they can exceed a pipe's buffer, as the answer can.
        let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent("fsrs-rs-cases-\(UUID().uuidString).json")
        try input.write(to: inputURL)
        defer { try? FileManager.default.removeItem(at: inputURL) }
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FSRSOracle.OracleError(description: "fsrs-rs-oracle.py exited \(process.terminationStatus): \(message)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Answer.self, from: data).results
    }
}
