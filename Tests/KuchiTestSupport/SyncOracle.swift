import Foundation

/// SyncOracle: runs `scripts/sync-oracle.py` (py-fsrs 6.3.2 from `.build/fsrs-venv`), which
/// replays a merged review log through the reference FSRS with each review's id-derived fuzz.
public enum SyncOracle {
    /// Review: one review of the merged log; `card` is any key naming its card.
    public struct Review: Encodable, Sendable {
        public let card: String
        public let uid: String
        public let time: Int64
        public let rating: Int

        /// init: a review for the oracle.
        public init(card: String, uid: String, time: Int64, rating: Int) {
            self.card = card
            self.uid = uid
            self.time = time
            self.rating = rating
        }
    }

    /// Card: the reference's card after the replay (times ISO 8601 in whole seconds).
    public struct Card: Decodable, Equatable, Sendable {
        public let state: Int
        public let step: Int?
        public let stability: Double
        public let difficulty: Double
        public let due: String
        public let lastReview: String
        public let reps: Int
        public let lapses: Int
    }

    /// OracleError: the script could not run.
    public struct OracleError: Error, CustomStringConvertible {
        public let description: String
    }

    /// packageRoot: the nearest folder above this file with a Package.swift.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// python: the venv's interpreter, which has `fsrs` installed.
    static var python: URL { packageRoot.appendingPathComponent(".build/fsrs-venv/bin/python3") }

    /// isAvailable: the venv exists (else the oracle checks are skipped, except under CI=true).
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: python.path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// cards: the reference's card for each key after replaying `reviews` at `desiredRetention`.
    public static func cards(_ reviews: [Review], desiredRetention: Double) throws -> [String: Card] {
        /// Request: the script's input.
        struct Request: Encodable {
            let desiredRetention: Double
            let reviews: [Review]
        }
        /// Response: the script's output.
        struct Response: Decodable {
            let cards: [String: Card]
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let input = try encoder.encode(Request(desiredRetention: desiredRetention, reviews: reviews))
        let process = Process()
        process.executableURL = python
        process.arguments = [packageRoot.appendingPathComponent("scripts/sync-oracle.py").path]
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OracleError(description: "sync-oracle.py exited \(process.terminationStatus): \(message)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Response.self, from: output).cards
    }
}
