import Foundation
import Synchronization

/// A long list's work cut into runs of neighbouring items, each run on a core of its own,
/// the results given back in the runs' order: the same answer as one core, sooner.
enum Runs {
    /// `0..<count` cut into at most `runs` runs of about equal length.
    static func split(_ count: Int, into runs: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let size = (count + max(runs, 1) - 1) / max(runs, 1)
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// `body` of each range, on every core, in the ranges' order.
    static func map<Result: Sendable>(_ ranges: [Range<Int>], _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let results = Mutex<[Int: Result]>([:])
        DispatchQueue.concurrentPerform(iterations: ranges.count) { run in
            let result = body(ranges[run])
            results.withLock { $0[run] = result }
        }
        let all = results.withLock { $0 }
        return ranges.indices.compactMap { all[$0] }
    }
}
