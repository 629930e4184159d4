import ExpoSite
import Foundation
import Synchronization

/// The counts since they were last stored, in memory: the server adds to them as it answers
/// (a lookup and an addition under a lock, nothing else on the visitor's path), and the
/// studio's store takes them every few seconds and writes them in one transaction.
public final class UsageTally: Sendable {
    public struct Key: Hashable, Sendable {
        public let subject: String
        public let language: String
        public let metric: UsageMetric

        public init(subject: String, language: String, metric: UsageMetric) {
            self.subject = subject
            self.language = language
            self.metric = metric
        }
    }

    /// What was counted since the last `take`, with the day it belongs to.
    public struct Batch: Sendable {
        public var day: Int
        public var counts: [Key: Int]
        public var missed: [MissedSearches.Query: Int]
        /// Counts dropped because the tally was full (the store could not keep up).
        public var dropped: Int

        public var isEmpty: Bool { counts.isEmpty && missed.isEmpty }

        public init(day: Int, counts: [Key: Int], missed: [MissedSearches.Query: Int] = [:], dropped: Int = 0) {
            self.day = day
            self.counts = counts
            self.missed = missed
            self.dropped = dropped
        }
    }

    /// Distinct keys held between two takes; past it, new keys are dropped (and said so),
    /// so that a store that cannot write does not let memory grow without bound.
    public static let keyLimit = 200_000

    private struct State {
        var day: Int
        var counts: [Key: Int] = [:]
        var missed: [MissedSearches.Query: Int] = [:]
        var dropped = 0
        var searches: MissedSearches
        /// Pages with views since the last take (`ViewCounters`), each once.
        var pages: [ViewCounters] = []

        /// Adds to a key's count; a new key past `keyLimit` is dropped, and said so.
        mutating func add(_ key: Key, _ count: Int) {
            if let old = counts[key] {
                counts[key] = old + count
            } else if counts.count < UsageTally.keyLimit {
                counts[key] = count
            } else {
                dropped += count
            }
        }
    }

    private let state: Mutex<State>
    /// The requests each address may send to the events endpoint.
    public let limit: UsageRateLimit
    /// The clock's day (in the server's time zone), passed in so tests can hold it still.
    private let today: @Sendable () -> Int

    public init(limit: UsageRateLimit = UsageRateLimit(), keptSearches: [MissedSearches.Query] = [],
                today: @escaping @Sendable () -> Int = UsageDay.today) {
        self.limit = limit
        self.today = today
        state = Mutex(State(day: today(), searches: MissedSearches(kept: keptSearches)))
    }

    public func add(_ key: Key, count: Int = 1) {
        state.withLock { $0.add(key, count) }
    }

    /// One search in `language` that found nothing; only stored once asked often enough.
    public func missed(_ text: String, language: String) {
        guard let folded = MissedSearches.keptForm(text) else { return }
        let query = MissedSearches.Query(language: language, text: folded)
        state.withLock { state in
            let count = state.searches.note(query, day: state.day)
            if count > 0 { state.missed[query, default: 0] += count }
        }
    }

    /// A page whose views began to be counted since the last take.
    func hand(_ counters: ViewCounters) {
        state.withLock { $0.pages.append(counters) }
    }

    /// Everything counted since the last take, for the store; the day moves on here.
    public func take() -> Batch {
        let day = today()
        let pages = state.withLock { state in
            defer { state.pages = [] }
            return state.pages
        }
        for counters in pages {
            let page = counters.page
            for (entry, count) in counters.take() {
                if let stop = page.tourStop {
                    add(Key(subject: page.subject, language: page.language, metric: .viewTour), count: count)
                    add(Key(subject: stop, language: page.language, metric: .viewTour), count: count)
                } else {
                    add(Key(subject: page.subject, language: page.language, metric: .view(entry)), count: count)
                }
            }
        }
        return state.withLock { state in
            let batch = Batch(day: state.day, counts: state.counts, missed: state.missed, dropped: state.dropped)
            state.counts = [:]
            state.missed = [:]
            state.dropped = 0
            if day != state.day {
                state.day = day
                state.searches.forget(before: day)
            }
            return batch
        }
    }

    /// Gives back a batch the store could not write, to be tried with the next one.
    public func putBack(_ batch: Batch) {
        state.withLock { state in
            for (key, count) in batch.counts { state.add(key, count) }
            for (query, count) in batch.missed { state.missed[query, default: 0] += count }
        }
    }
}

/// Days as counts keep them: whole days since 1970-01-01 in the server's time zone, so a
/// museum's day ends at its own midnight.
public enum UsageDay {
    public static func today() -> Int { day(of: Date(), in: .current) }

    public static func day(of date: Date, in zone: TimeZone) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
        return Int((seconds / 86_400).rounded(.down))
    }

    /// The day's date as `2026-11-27`.
    public static func date(_ day: Int) -> String {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The day of a date written `2026-11-27`, or nil.
    public static func day(of text: Substring) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return nil }
        return Int(date.timeIntervalSince1970 / 86_400)
    }
}
