import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Measure: the clocks, memory readings and statistics every kuchi-bench figure is made of.
enum Measure {
    /// now: monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// cpu: the process's CPU time so far (all threads), in nanoseconds — steadier than the
    /// wall clock on a busy machine.
    static func cpu() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// memory: the process's resident set now and its peak, in KiB, from /proc/self/status.
    static func memory() -> (rss: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        var rss = 0, peak = 0
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = value }
            if fields[0] == "VmHWM:" { peak = value }
        }
        return (rss, peak)
    }

    /// resetPeak: restarts the kernel's peak-RSS count (VmHWM), so the peak read after a load is
    /// that load's, not the deck generation's; false where the kernel doesn't allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// median: the middle value (the upper one of an even count); 0 for none.
    static func median(_ values: [UInt64]) -> UInt64 {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// percentile: nearest rank; 0 for none.
    static func percentile(_ values: [UInt64], _ p: Double) -> UInt64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }

    /// fail: prints `message` and the usage, and exits 2 (kuchi-bench reports; it never guesses).
    static func fail(_ message: String) -> Never {
        let usage = """
            usage: kuchi-bench --entries N [--categories K] [--picks N] [--loads N] [--seed N] [--write PATH]
                   kuchi-bench make-history --data-dir DIR --profile NAME --cards N --reviews M [--deck-out FILE] [--config-dir DIR] [--seed S]
                   kuchi-bench pick-history --data-dir DIR --config-dir DIR --profile NAME --deck FILE [--picks N]
            """
        FileHandle.standardError.write(Data("kuchi-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }

    /// printJSON: one JSON object on standard output, keys sorted.
    static func printJSON(_ object: [String: Any]) {
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } catch {
            fail("cannot encode the result: \(error)")
        }
    }
}
