import Foundation

/// Runs a program the guide depends on (ffmpeg, ffprobe, pdftocairo) with its arguments as
/// a list, never through a shell, so no name a catalog gives can be read as a command; on a
/// clock, so a hostile file cannot keep it busy; and known to `ChildProcesses`, so that it
/// dies with the guide.
public struct ProgramRun: Sendable {
    public var status: Int32
    public var output: Data
    public var errors: String
    /// Whether it was killed for running past its time.
    public var timedOut: Bool

    /// The first line of what the program printed on its error stream, for a message.
    public var firstError: String {
        errors.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? "exit status \(status)"
    }

    public var succeeded: Bool { status == 0 && !timedOut }

    /// Runs `program` to its end or until `timeout`, when it is killed. Both streams are
    /// read as it goes (a full pipe would stop it).
    public static func run(_ program: URL, _ arguments: [String], timeout: Duration,
                           children: ChildProcesses = .shared) -> ProgramRun {
        let name = program.lastPathComponent
        guard !children.isStopping else { return ProgramRun(status: -1, output: Data(), errors: "the guide is stopping", timedOut: false) }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return ProgramRun(status: -1, output: Data(), errors: "\(name) could not be started: \(FileProblem.describe(error, file: program.path))", timedOut: false)
        }
        let pid = process.processIdentifier
        if !children.started(pid) { ChildProcesses.killGroup(pid) }
        defer { children.ended(pid) }
        // Both streams are read here, on the caller's thread. Reading them on the shared
        // dispatch pool starved it: with the caller holding one of a two-core machine's two
        // pool threads and its own caller the other, the reads waited half a second for
        // libdispatch to add a thread, on every program run.
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        var timedOut = false
        let read = Self.drain(output.fileHandleForReading.fileDescriptor, errors.fileHandleForReading.fileDescriptor, until: deadline)
        try? output.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        if !read.complete || ended.wait(timeout: deadline) == .timedOut {
            timedOut = true
            // SIGKILL, not SIGTERM: ffmpeg reading a live playlist ignored SIGTERM for minutes.
            ChildProcesses.killGroup(pid)
            ended.wait()
        }
        process.waitUntilExit()
        return ProgramRun(status: process.terminationStatus, output: read.output,
                          errors: String(decoding: read.errors, as: UTF8.self), timedOut: timedOut)
    }

    /// Reads both descriptors to their ends or until `deadline`; `complete` is false when the
    /// deadline came first.
    private static func drain(_ output: CInt, _ errors: CInt, until deadline: DispatchTime) -> (output: Data, errors: Data, complete: Bool) {
        var gathered = [Data(), Data()]
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while open.contains(where: { $0 >= 0 }) {
            let now = DispatchTime.now()
            guard now < deadline else { return (gathered[0], gathered[1], false) }
            let wait = Int32(min((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000 + 1, 60_000))
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                return (gathered[0], gathered[1], true)
            }
            for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(watched[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    gathered[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    // At its end (or unreadable): a negative descriptor is one `poll` skips.
                    open[index] = -1
                }
            }
        }
        return (gathered[0], gathered[1], true)
    }
}
