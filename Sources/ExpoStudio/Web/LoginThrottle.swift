import Foundation
import Synchronization

/// Slows guessing: after a few failed logins for one name, or from one address, each
/// further try must wait, twice as long each time up to a quarter of an hour. A name that
/// has no account is counted like any other, so the wait says nothing about which names
/// exist. Held in memory and bounded: a flood of made-up names pushes out the oldest.
public final class LoginThrottle: Sendable {
    /// Failures allowed before the first wait.
    static let freeFailures = 5
    static let longestWait: TimeInterval = 15 * 60
    /// A key's failures are forgotten this long after its last one.
    static let memory: TimeInterval = 60 * 60
    static let capacity = 10_000

    private struct Entry {
        var failures: Int
        var last: Date
        var notBefore: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Seconds to wait before `keys` may try again; 0 when they may now.
    func wait(for keys: [String]) -> Int {
        let time = now()
        return entries.withLock { entries in
            keys.compactMap { entries[$0] }.map { Int($0.notBefore.timeIntervalSince(time).rounded(.up)) }.max().map { max(0, $0) } ?? 0
        }
    }

    func failed(_ keys: [String]) {
        let time = now()
        entries.withLock { entries in
            if entries.count >= Self.capacity { Self.forgetOldest(&entries, time: time) }
            for key in keys {
                var entry = entries[key].flatMap { time.timeIntervalSince($0.last) < Self.memory ? $0 : nil }
                    ?? Entry(failures: 0, last: time, notBefore: time)
                entry.failures += 1
                entry.last = time
                let over = entry.failures - Self.freeFailures
                if over > 0 { entry.notBefore = time.addingTimeInterval(min(Self.longestWait, pow(2, Double(min(over, 20))))) }
                entries[key] = entry
            }
        }
    }

    func succeeded(_ keys: [String]) {
        entries.withLock { entries in keys.forEach { entries[$0] = nil } }
    }

    private static func forgetOldest(_ entries: inout [String: Entry], time: Date) {
        entries = entries.filter { time.timeIntervalSince($0.value.last) < memory }
        if entries.count >= capacity {
            let kept = entries.sorted { $0.value.last > $1.value.last }.prefix(capacity / 2)
            entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }
}
