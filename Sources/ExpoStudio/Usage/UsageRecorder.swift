import ExpoServer
import ExpoSite
import Foundation
import Logging

/// Writes the tally's counts to the studio's store every few seconds, in one transaction
/// each, so that a `kill -9` loses at most the last interval's counts; folds old days into
/// months when the day changes; and writes what is left when the server stops.
public struct UsageRecorder: Sendable {
    /// Between two writes: the issue allows losing the last 10 s of counts.
    public static let interval = Duration.seconds(5)

    public let tally: UsageTally
    let state: UsageStore
    let logger: Logger

    /// The tally for `state`, seeded with the searches it already keeps.
    public init(state: UsageStore, logger: Logger, rate: UsageRateLimit = UsageRateLimit()) throws(StudioError) {
        self.state = state
        self.logger = logger
        tally = UsageTally(limit: rate, keptSearches: try state.keptSearches())
    }

    public var file: URL { state.file }
    /// Where the counts are written.
    public var store: UsageStore { state }

    /// Writes until cancelled, then once more.
    public func run() async {
        var day = UsageDay.today()
        // Off the start: after a long stop, folding (and giving the disk back) takes a while.
        await fold(today: day)
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.interval)
            flush()
            let today = UsageDay.today()
            if today != day {
                day = today
                await fold(today: today)
            }
        }
        flush()
    }

    /// Folds old days into months. A server told to stop in the middle of it stops at once:
    /// the statement under way is interrupted, its month rolled back, and the next start
    /// folds what is left.
    private func fold(today: Int) async {
        let clock = ContinuousClock()
        let started = clock.now
        let state = state
        do {
            let months = try await withTaskCancellationHandler {
                try state.foldUsage(today: today) { Task.isCancelled }
            } onCancel: {
                state.interrupt()
            }
            if months > 0 {
                let seconds = (clock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
                logger.info("counts: folded the days older than \(UsageFolding.dayLimit) into \(months) months in \(seconds)")
            }
        } catch where Task.isCancelled {
            logger.info("counts: folding stopped with the server; the next start goes on with it")
        } catch {
            logger.error("counts: \(error)")
        }
    }

    /// Writes what the tally holds now; on failure it is given back, to be tried again.
    public func flush() {
        let batch = tally.take()
        if batch.dropped > 0 {
            logger.warning("counts: \(batch.dropped) counts were dropped: the store fell behind")
        }
        do {
            try state.record(batch)
        } catch {
            logger.error("counts could not be written, kept to try again: \(error)")
            tally.putBack(batch)
        }
    }
}
