#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// StartupTrace: `KUCHI_TRACE_STARTUP=1` — the milliseconds of each phase of a start (exec →
/// runtime → options → paths → profile → database → settings → deck → first draw, or the
/// command's answer), printed to stderr when the start is over.
///
/// A start that no one measures grows unseen; this is the table the benchmark prints too
/// (`scripts/bench --parts startup`). Phases are marked where they end, so a phase's figure is
/// everything since the previous mark. The first, exec → runtime (the loader, the static Swift
/// runtime, before `main`), has no clock reading at exec: it is the process's CPU time at the
/// first mark, or the wall time since `KUCHI_TRACE_EXEC_NS` (the `CLOCK_MONOTONIC` nanoseconds
/// at which the caller spawned the process) when a benchmark passes it. Off, a mark is one
/// branch; nothing is read or written. Marked on the main thread only (a start is one thread).
enum StartupTrace {
    /// Phase: one line of the table.
    struct Phase {
        var name: String
        var wall: Double
        var cpu: Double
    }

    /// enabled: read once, at the first mark.
    private static let enabled: Bool = {
        guard let value = getenv("KUCHI_TRACE_STARTUP") else { return false }
        let text = String(cString: value)
        return !text.isEmpty && text != "0"
    }()
    nonisolated(unsafe) private static var phases: [Phase] = []
    nonisolated(unsafe) private static var lastWall: UInt64 = 0
    nonisolated(unsafe) private static var lastCPU: UInt64 = 0
    nonisolated(unsafe) private static var finished = false

    /// begin: the runtime phase ends here (the first line of `main`).
    static func begin() {
        guard enabled else { return }
        let wall = clock(CLOCK_MONOTONIC), cpu = clock(CLOCK_PROCESS_CPUTIME_ID)
        let spawned = getenv("KUCHI_TRACE_EXEC_NS").flatMap { UInt64(String(cString: $0)) }
        let runtimeWall = spawned.map { wall > $0 ? wall - $0 : 0 } ?? cpu
        phases = [Phase(name: "exec → runtime", wall: Double(runtimeWall) / 1e6, cpu: Double(cpu) / 1e6)]
        lastWall = wall
        lastCPU = cpu
    }

    /// mark: the phase `name` ends now.
    static func mark(_ name: String) {
        guard enabled, !finished, lastWall != 0 else { return }
        let wall = clock(CLOCK_MONOTONIC), cpu = clock(CLOCK_PROCESS_CPUTIME_ID)
        phases.append(Phase(name: name, wall: Double(wall - lastWall) / 1e6, cpu: Double(cpu &- lastCPU) / 1e6))
        lastWall = wall
        lastCPU = cpu
    }

    /// finish: the last phase ends now; later marks are ignored.
    static func finish(_ name: String) {
        guard enabled, !finished, lastWall != 0 else { return }
        mark(name)
        finished = true
    }

    /// report: the table on stderr, once the start is finished (the app calls it once the
    /// terminal is restored, a command after its answer).
    static func report() {
        guard enabled, finished, !phases.isEmpty else { return }
        defer { phases = [] }
        var lines = ["kuchi: startup trace (ms)" + String(repeating: " ", count: 16) + "wall      cpu"]
        for phase in phases { lines.append(line(phase.name, phase.wall, phase.cpu)) }
        lines.append(line("total", phases.reduce(0) { $0 + $1.wall }, phases.reduce(0) { $0 + $1.cpu }))
        StandardError.write(lines.joined(separator: "\n"))
    }

    /// line: one row, the name padded by display columns (the arrows are one column each).
    private static func line(_ name: String, _ wall: Double, _ cpu: Double) -> String {
        let label = "  " + name + String(repeating: " ", count: max(1, 34 - name.count))
        return label + pad(wall) + pad(cpu)
    }

    private static func pad(_ value: Double) -> String {
        let text = String(Int((value * 100).rounded()))
        let whole = text.count > 2 ? String(text.dropLast(2)) : "0"
        let cents = String(repeating: "0", count: max(0, 2 - text.count)) + text.suffix(2)
        let number = whole + "." + cents
        return String(repeating: " ", count: max(1, 9 - number.count)) + number
    }

    private static func clock(_ id: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(id, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
