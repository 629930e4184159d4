import Foundation
import Synchronization

/// Every program the guide is running (ffmpeg, ffprobe, pdftocairo) and every temporary
/// folder they write into, so that when the guide is stopped nothing runs on and nothing is
/// left behind. Signals reach the whole process, so this one list is the process's own
/// (`shared`), not a value passed around: the handler of SIGTERM has nothing else to reach.
public final class ChildProcesses: Sendable {
    public static let shared = ChildProcesses()

    private struct State {
        var running: Set<pid_t> = []
        var folders: Set<String> = []
        /// Set once the guide is stopping: no program starts after that.
        var stopping = false
    }

    private let state = Mutex(State())
    /// Held through `stopAll`, so that a second call (the command ending while a signal is
    /// being handled) returns only once everything is stopped and removed.
    private let stopping = Mutex(())

    public init() {}

    /// Whether the guide is stopping, when no new program may start.
    public var isStopping: Bool { state.withLock { $0.stopping } }

    /// Notes a started program; false when the guide is stopping, and the caller kills it.
    func started(_ pid: pid_t) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.running.insert(pid)
            return true
        }
    }

    func ended(_ pid: pid_t) {
        _ = state.withLock { $0.running.remove(pid) }
    }

    /// Notes a temporary folder to remove if the guide stops before its owner removes it.
    public func holding(_ folder: URL) {
        _ = state.withLock { $0.folders.insert(folder.path) }
    }

    public func released(_ folder: URL) {
        _ = state.withLock { $0.folders.remove(folder.path) }
    }

    /// `body` run with a new folder `<prefix>-<UUID>` in the temporary directory, known here
    /// while it exists (so that a stop removes it) and removed after; `cannotMake` answers
    /// when the folder cannot be made.
    public func inTemporaryFolder<T>(named prefix: String, cannotMake: (any Error) -> T, _ body: (URL) -> T) -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        holding(folder)
        defer {
            try? FileManager.default.removeItem(at: folder)
            released(folder)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return cannotMake(error)
        }
        return body(folder)
    }

    /// Kills every program still running (SIGKILL: ffmpeg reading a live playlist was seen
    /// to ignore SIGTERM for minutes) and removes every temporary folder; from then on, no
    /// program starts. Called on SIGTERM and SIGINT, and by a command as it ends.
    public func stopAll() {
        stopping.withLock { _ in stopEverything() }
    }

    private func stopEverything() {
        let (running, folders) = state.withLock { state in
            state.stopping = true
            return (state.running, state.folders)
        }
        for pid in running { Self.killGroup(pid) }
        // A killed program may still be writing for a moment; its folder goes once it is gone.
        let deadline = ContinuousClock.now + .seconds(2)
        while running.contains(where: Self.isAlive), ContinuousClock.now < deadline { usleep(10_000) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Kills `pid` and what it started: Foundation starts each program in a process group
    /// of its own, which a terminal's Ctrl-C therefore does not reach either.
    static func killGroup(_ pid: pid_t) {
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
    }

    /// Whether `pid` still runs: a zombie (ended, not yet collected) writes nothing more.
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }
}
