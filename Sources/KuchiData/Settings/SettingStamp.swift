import Foundation

/// SettingStamp: when a setting change was made, as a hybrid logical clock — the wall clock in
/// milliseconds times 1024, plus a counter — so that a change made after another was seen always
/// sorts after it, even on a machine whose clock is behind.
///
/// Changes of one field are ordered by stamp, then by the id of the machine that made them, then
/// by value: every machine that holds the same changes picks the same one, whatever order they
/// arrived in (DECISIONS.md, "Settings are a log of stamped changes").
public struct SettingStamp: Comparable, Hashable, Sendable {
    /// ticksPerMillisecond: room for 1024 changes within one millisecond.
    package static let ticksPerMillisecond: Int64 = 1024
    /// inherited: the stamp of a value carried over from a profile file of an older Kuchi that
    /// the folder already holds (older than any real change: a change from the folder wins).
    public static let inherited = SettingStamp(rawValue: 0)
    /// rawValue: the stored integer.
    public let rawValue: Int64

    /// init: a stamp from its stored integer.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// milliseconds: the wall-clock part (ms since 1970).
    public var milliseconds: Int64 { rawValue / Self.ticksPerMillisecond }

    /// next: the stamp of a change made at `now` on a machine that has seen `latest`: the wall
    /// clock when it is ahead of everything seen, else one tick after the latest seen.
    package static func next(now: Date, after latest: SettingStamp?) -> SettingStamp {
        SettingStamp(rawValue: ChangeStamp.next(wall: ticks(Milliseconds.from(now)), after: latest?.rawValue))
    }

    /// ticks: milliseconds as ticks, saturating at the ends of the range (never trapping).
    package static func ticks(_ milliseconds: Int64) -> Int64 {
        let (ticks, overflow) = milliseconds.multipliedReportingOverflow(by: ticksPerMillisecond)
        return overflow ? (milliseconds < 0 ? .min : .max) : ticks
    }

    /// fromMilliseconds: the stamp of a record written before stamps existed (its `time`).
    package static func fromMilliseconds(_ milliseconds: Int64) -> SettingStamp {
        SettingStamp(rawValue: ticks(max(0, milliseconds)))
    }

    public static func < (lhs: SettingStamp, rhs: SettingStamp) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// SettingChange: one change of one of a learner's settings — the value (canonical JSON), when
/// it was made and where. What the log stores, what the folder carries, and all a merge needs.
public struct SettingChange: Equatable, Sendable {
    /// field: which setting.
    public var field: ProfileField
    /// value: the value as canonical JSON text (`SettingValues.canonical`).
    public var value: String
    /// stamp: when it was made (as it travels).
    public var stamp: SettingStamp
    /// machine: the id of the machine (data folder) that made it.
    public var machine: String

    /// init: a change.
    public init(field: ProfileField, value: String, stamp: SettingStamp, machine: String) {
        self.field = field
        self.value = value
        self.stamp = stamp
        self.machine = machine
    }

    /// wins: whether this change is later than `other` by the one order every machine uses.
    package func wins(over other: SettingChange) -> Bool {
        (stamp, machine, value) > (other.stamp, other.machine, other.value)
    }
}
