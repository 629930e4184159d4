import Foundation
import Synchronization

/// How many events one address may send a minute, without keeping the address: each is
/// hashed (Swift's hasher, seeded at random when the server starts) into one of a fixed
/// number of slots, and the slots are emptied every minute. Nothing of the address is
/// written anywhere, and the memory is the same for ten visitors or ten million. Two
/// addresses that share a slot share its allowance, which costs a busy guide a little
/// counting and no visitor anything.
public final class UsageRateLimit: Sendable {
    /// Events an address may send a minute; 0 takes every one (`--count-rate 0`, for a guide
    /// behind a proxy that gives every visitor its own address).
    public let perMinute: Int
    static let slotCount = 4096

    private struct Slots {
        var minute: Int
        var used: [UInt16]
    }

    private let slots: Mutex<Slots>
    private let now: @Sendable () -> Double

    public static let defaultPerMinute = 120

    public init(perMinute: Int = UsageRateLimit.defaultPerMinute, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.perMinute = max(0, perMinute)
        self.now = now
        slots = Mutex(Slots(minute: 0, used: Array(repeating: 0, count: Self.slotCount)))
    }

    /// Whether an event from the address whose bytes are `address` is taken.
    public func allows(_ address: some Hashable) -> Bool {
        guard perMinute > 0 else { return true }
        var hasher = Hasher()
        hasher.combine(address)
        let slot = Int(UInt(bitPattern: hasher.finalize()) % UInt(Self.slotCount))
        let minute = Int(now() / 60)
        let limit = min(perMinute, Int(UInt16.max))
        return slots.withLock { slots in
            if slots.minute != minute {
                slots.minute = minute
                for index in slots.used.indices { slots.used[index] = 0 }
            }
            guard Int(slots.used[slot]) < limit else { return false }
            slots.used[slot] += 1
            return true
        }
    }
}
