import Synchronization

/// The bytes of large request bodies (uploads) held in memory at once, across every
/// connection. A side route's body is gathered whole before it is answered; without a
/// bound, a few clients sending large bodies at once could take all of the memory. A
/// body that does not fit now gets 503 and can be sent again.
public enum LargeBodies {
    /// Room for a few uploads at their largest at once.
    public static let budget = 512 << 20
    private static let held = Atomic(0)

    /// Takes `bytes` of the budget; false when they do not fit.
    static func reserve(_ bytes: Int) -> Bool {
        var current = held.load(ordering: .relaxed)
        while true {
            guard current + bytes <= budget else { return false }
            let (exchanged, original) = held.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    static func release(_ bytes: Int) {
        held.subtract(bytes, ordering: .relaxed)
    }

    /// What is held now, for tests.
    public static var heldNow: Int { held.load(ordering: .relaxed) }
}
