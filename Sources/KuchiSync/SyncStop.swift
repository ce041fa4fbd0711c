import Synchronization

/// SyncStop: a running sync asked to stop reading — the app is quitting. The sync stops at the
/// next line, keeps what it read (the ledger says how far, so the next sync reads on from there),
/// still sends this machine's new answers, and commits; only reading and folding are cut short.
public final class SyncStop: Sendable {
    private let flag = Atomic<Bool>(false)

    /// init: not requested yet.
    public init() {}

    /// request: asks the sync to stop reading (from any thread).
    public func request() {
        flag.store(true, ordering: .relaxed)
    }

    /// isRequested: whether `request` has been called.
    public var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }
}
