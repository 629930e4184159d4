import ExpoCatalog
import Foundation
import Synchronization

/// What SIGTERM and SIGINT do to a command: the programs the guide started (ffmpeg,
/// ffprobe, pdftocairo) are killed and their temporary folders removed (`ChildProcesses`),
/// so nothing runs on as an orphan; then the command ends with 128 + the signal's number,
/// as a shell reports it. Once the server answers, its own graceful stop ends it instead,
/// letting answers under way finish (`serverStops`).
final class StopSignals: @unchecked Sendable {
    /// Kept for the command's life and only cancelled in `deinit`.
    private var sources: [any DispatchSourceSignal] = []
    private let serverOwnsStop = Atomic(false)

    init() {
        let queue = DispatchQueue(label: "expo1900.stop")
        let stopping = DispatchQueue(label: "expo1900.stopping")
        let made: [any DispatchSourceSignal] = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                let children = ChildProcesses.shared
                let ends = !serverOwnsStop.load(ordering: .acquiring)
                // A second signal while the first one's stop is removing folders ends the
                // command at once: what is left has a name the next run removes.
                if ends, children.isStopping { exit(128 + number) }
                if ends, children.holdsFolders {
                    printError("expo1900: stopping: removing what it was writing (a second Ctrl-C leaves that to the next run)")
                }
                // Off the signals' queue, so that the next signal is heard while this one's
                // stop is under way; on a queue of its own, which gets a thread at once,
                // where the global queue's threads may all be the command's work.
                stopping.async { [self] in
                    children.stopAll()
                    if !serverOwnsStop.load(ordering: .acquiring) { exit(128 + number) }
                }
            }
            source.resume()
            return source
        }
        sources = made
    }

    /// From now on the server's graceful stop ends the command; a signal only stops the
    /// programs the guide started.
    func serverStops() {
        serverOwnsStop.store(true, ordering: .releasing)
    }

    /// Called as a command ends. A stop under way ends the command itself, with its status:
    /// once the programs are killed, the command's own work may finish first, and would
    /// otherwise exit 0 as if it had not been stopped.
    func settle() {
        guard ChildProcesses.shared.isStopping, !serverOwnsStop.load(ordering: .acquiring) else { return }
        while true { pause() }
    }

    /// Called where a command's work failed: a failure seen while a stop moves and removes
    /// the folder the work was writing into is the stop's doing, so nothing is said of it,
    /// and the stop ends the command with its own status.
    static func awaitStopIfStopping() {
        guard ChildProcesses.shared.isStopping else { return }
        while true { pause() }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
