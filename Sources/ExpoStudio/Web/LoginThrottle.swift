import Foundation
import Synchronization

/// Slows guessing: after a few failed logins for one name, or from one address, each
/// further try must wait, twice as long each time up to a quarter of an hour. A name that
/// has no account is counted like any other, so the wait says nothing about which names
/// exist.
///
/// Keys are hashed (Swift's hasher, seeded at random when the studio starts) into a fixed
/// number of slots, and a slot's failures are forgotten an hour after its last one. Nothing
/// is ever pushed out to make room, so no flood of made-up names or addresses can wipe a
/// name's count (a table that dropped its older half at 10,000 keys could be wiped by
/// 10,000 addresses); the memory is the same for ten keys or ten million. Two keys that
/// share a slot share its count, which may slow an honest person a little and helps no one
/// guess: the slot of a name cannot be known from outside.
public final class LoginThrottle: Sendable {
    /// Failures allowed before the first wait.
    static let freeFailures = 5
    static let longestWait: TimeInterval = 15 * 60
    /// A key's failures are forgotten this long after its last one.
    static let memory: TimeInterval = 60 * 60
    /// 65,536 slots of 24 bytes: 1.5 MB. With thousands of names and addresses failing
    /// within the hour, a given name still shares its slot with few or none.
    static let slotCount = 1 << 16

    private struct Slot {
        var failures = 0
        var last = Date.distantPast
        var notBefore = Date.distantPast
    }

    private let slots = Mutex<[Slot]>(Array(repeating: Slot(), count: LoginThrottle.slotCount))
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Seconds to wait before `keys` may try again; 0 when they may now.
    func wait(for keys: [String]) -> Int {
        let time = now()
        let indices = keys.map(Self.slot)
        return slots.withLock { slots in
            indices.map { Int(slots[$0].notBefore.timeIntervalSince(time).rounded(.up)) }.max().map { max(0, $0) } ?? 0
        }
    }

    func failed(_ keys: [String]) {
        let time = now()
        let indices = Set(keys.map(Self.slot))
        slots.withLock { slots in
            for index in indices {
                var slot = time.timeIntervalSince(slots[index].last) < Self.memory ? slots[index] : Slot()
                slot.failures += 1
                slot.last = time
                let over = slot.failures - Self.freeFailures
                if over > 0 { slot.notBefore = time.addingTimeInterval(min(Self.longestWait, pow(2, Double(min(over, 20))))) }
                slots[index] = slot
            }
        }
    }

    func succeeded(_ keys: [String]) {
        let indices = keys.map(Self.slot)
        slots.withLock { slots in indices.forEach { slots[$0] = Slot() } }
    }

    private static func slot(_ key: String) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        return Int(UInt(bitPattern: hasher.finalize()) % UInt(slotCount))
    }
}
