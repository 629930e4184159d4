import Foundation
import Synchronization

/// "images: 6 of 15, about 12 s left" on standard error, once the work has taken more than
/// a second: rewritten in place in a terminal, a line every five seconds in a log.
final class ProgressLine: Sendable {
    private struct State {
        var lastShown: ContinuousClock.Instant?
        var shownInPlace = false
    }

    private let label: String
    private let started = ContinuousClock.now
    private let inTerminal = isatty(STDERR_FILENO) != 0
    private let state = Mutex(State())

    init(label: String) {
        self.label = label
    }

    func update(done: Int, total: Int) {
        let now = ContinuousClock.now
        let elapsed = now - started
        guard elapsed > .seconds(1) else { return }
        state.withLock { state in
            if !inTerminal, let last = state.lastShown, now - last < .seconds(5), done < total { return }
            state.lastShown = now
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let left = done > 0 ? seconds / Double(done) * Double(total - done) : 0
            let text = "\(label): \(done) of \(total)" + (done < total ? ", about \(Int(left.rounded(.up))) s left" : String(format: ", done in %.1f s", seconds))
            if inTerminal {
                FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
                state.shownInPlace = true
            } else {
                FileHandle.standardError.write(Data("\(text)\n".utf8))
            }
        }
    }

    /// Ends the line in place, if one was shown.
    func finish() {
        state.withLock { state in
            if state.shownInPlace { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
