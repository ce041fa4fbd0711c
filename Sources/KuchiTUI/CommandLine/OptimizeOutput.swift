import Foundation
import KuchiCore
import KuchiMemory
import KuchiData

/// OptimizeOutput: what `kuchi optimize` prints — the JSON object, `--show`'s listing, and the
/// progress line a fit draws on a terminal's standard error.
enum OptimizeOutput {
    /// json: the report as one object with the issue's keys (figures null when not computed).
    static func json(_ report: SchedulerOptimizer.Report) -> String {
        let result = report.optimization
        let object: [String: Any] = [
            "outcome": result.outcome.rawValue,
            "reviews": result.reviews,
            "items": result.items,
            "parameters": result.parameters,
            "previous_parameters": result.previousParameters,
            "log_loss_before": result.before?.logLoss ?? NSNull(),
            "log_loss_after": result.after?.logLoss ?? NSNull(),
            "rmse_bins_before": result.before?.rmseBins ?? NSNull(),
            "rmse_bins_after": result.after?.rmseBins ?? NSNull(),
            "applied": report.applied,
        ]
        return text(object)
    }

    /// text: a JSON object with sorted keys on one line.
    static func text(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// show: the weights in force, where they came from and when.
    static func show(_ change: ParameterChange?, json: Bool, database: LearnerDatabase?) -> Int32 {
        let weights = change?.weights ?? FSRSParameters.defaults
        let source = change.map { $0.source == .fitted ? "fitted" : "reset" } ?? "defaults"
        let here = database?.thisMachine()
        let received = change.map { !$0.machine.isEmpty && $0.machine != "local" && $0.machine != here } ?? false
        if json {
            StandardOutput.write(text([
                "parameters": weights, "source": source, "time": change.map { $0.time as Any } ?? NSNull(),
                "is_default": weights == FSRSParameters.defaults,
                "machine": change.map { $0.machine as Any } ?? NSNull(), "received": received,
            ]))
            return StandardOutput.finish(0)
        }
        StandardOutput.write(describe(change, received: received))
        let listing = weights.enumerated().map { "w[\($0.offset)] = \(String(format: "%.4f", $0.element))" }
        for row in stride(from: 0, to: listing.count, by: 4) {
            StandardOutput.write(listing[row..<min(row + 4, listing.count)].map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }
                .joined().trimmingSpaces())
        }
        return StandardOutput.finish(0)
    }

    /// describe: one sentence on the weights in force and where they came from: fitted or reset
    /// here, or received from another machine (named by the first 8 hex digits of its id, as
    /// `kuchi sync` names it), so weights that arrived through the folder never pass for a fit
    /// of this machine's (issue 36).
    static func describe(_ change: ParameterChange?, received: Bool = false) -> String {
        guard let change else { return "Kuchi uses the default parameters (fitted to many Anki users, not to you yet)." }
        let when = Date(timeIntervalSince1970: Double(change.time) / 1000).formatted(date: .abbreviated, time: .shortened)
        let machine = String(change.machine.escapingControlCharacters.prefix(8))
        switch (change.source, received) {
        case (.fitted, false): return "Kuchi uses your own parameters, fitted to your reviews here on \(when)."
        case (.fitted, true): return "Kuchi uses parameters fitted on machine \(machine) on \(when), received through the sync folder."
        case (.reset, false): return "Kuchi uses the default parameters (reset here on \(when))."
        case (.reset, true): return "Kuchi uses the default parameters (reset on machine \(machine) on \(when), received through the sync folder)."
        }
    }

    /// withoutDatabase: what each form prints for a learner who has never answered here.
    static func withoutDatabase(show: Bool, reset: Bool, json: Bool) -> Int32 {
        if show { return self.show(nil, json: json, database: nil) }
        if reset {
            StandardOutput.write("Kuchi already uses the default parameters.")
            return StandardOutput.finish(0)
        }
        let optimization = (try? SchedulerOptimization.run(TrainingSet(logs: []), current: FSRSParameters.defaults))
        guard let optimization else { return 2 }
        let report = SchedulerOptimizer.Report(optimization: optimization, applied: false, dryRun: false)
        StandardOutput.write(json ? self.json(report) : SchedulerOptimizer.verdict(report))
        return StandardOutput.finish(0)
    }

    /// ProgressLine: "Optimizing… 42 %" redrawn on standard error while a fit runs on a terminal.
    final class ProgressLine: @unchecked Sendable {
        /// enabled: drawn only on a terminal (never into a file or a pipe).
        let enabled: Bool
        /// shown: the last whole percent drawn (so a step that changes nothing writes nothing).
        private var shown = -1

        /// init: a line drawn when `enabled`.
        init(enabled: Bool) {
            self.enabled = enabled
        }

        /// show: draws the share done; always lets the fit go on.
        func show(_ share: Double) -> Bool {
            let percent = Int(share * 100)
            guard enabled, percent != shown else { return true }
            shown = percent
            FileHandle.standardError.write(Data("\rOptimizing… \(percent) %".utf8))
            return true
        }

        /// clear: erases the line.
        func clear() {
            guard enabled, shown >= 0 else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
