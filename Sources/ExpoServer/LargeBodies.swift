import Synchronization

/// The bytes of large request bodies (uploads) taken at once, across every connection: in
/// memory for side routes that hold them, on disk for those that spool them
/// (`SideRoutes.spoolFolder`). Without a bound, a few clients sending large bodies at once
/// could take all of the memory, or the disk. A body that does not fit now gets 503 and
/// can be sent again.
public enum LargeBodies {
    /// Room for a few held uploads at their largest at once.
    public static let budget = 512 << 20
    /// Room for two spooled uploads at their largest (a 4 GB video) at once.
    public static let diskBudget = 8 << 30
    private static let held = Atomic(0)
    private static let spooled = Atomic(0)

    /// Takes `bytes` of the budget; false when they do not fit.
    static func reserve(_ bytes: Int, onDisk: Bool = false) -> Bool {
        onDisk ? reserve(bytes, of: spooled, limit: diskBudget) : reserve(bytes, of: held, limit: budget)
    }

    private static func reserve(_ bytes: Int, of counter: borrowing Atomic<Int>, limit: Int) -> Bool {
        var current = counter.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { return false }
            let (exchanged, original) = counter.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    static func release(_ bytes: Int, onDisk: Bool = false) {
        if onDisk {
            spooled.subtract(bytes, ordering: .relaxed)
        } else {
            held.subtract(bytes, ordering: .relaxed)
        }
    }

    /// What is held in memory now, for tests.
    public static var heldNow: Int { held.load(ordering: .relaxed) }

    /// What is spooled to disk now, for tests.
    public static var spooledNow: Int { spooled.load(ordering: .relaxed) }
}
