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
        /// Each folder, with the name it is moved to before it is removed (nil: removed where it is).
        var folders: [String: String?] = [:]
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
    /// `aside`: where it is moved first, in the same folder, so that work still writing into
    /// it by its path can add nothing while it is removed (a new file in a folder just
    /// emptied makes its removal fail), and so that, stopped again while removing, the rest
    /// has a name its owner's next run knows.
    public func holding(_ folder: URL, movedAsideTo aside: URL? = nil) {
        state.withLock { $0.folders[folder.path] = .some(aside?.path) }
    }

    public func released(_ folder: URL) {
        _ = state.withLock { $0.folders.removeValue(forKey: folder.path) }
    }

    /// Whether a stop would remove folders: it may take a while (an export's unfinished
    /// folder of 100,000 files takes seconds).
    public var holdsFolders: Bool { state.withLock { !$0.folders.isEmpty } }

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
        for (folder, aside) in folders {
            let removed = aside.flatMap { rename(folder, $0) == 0 ? $0 : nil } ?? folder
            // A write under way as the folder was moved may still land in it: the removal
            // is tried again a moment later.
            for attempt in 0..<3 where FileManager.default.fileExists(atPath: removed) {
                if attempt > 0 { usleep(50_000) }
                try? FileManager.default.removeItem(atPath: removed)
            }
        }
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
