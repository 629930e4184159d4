import Foundation
import Synchronization

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
        let streams = DispatchGroup()
        let outputData = Mutex(Data())
        let errorData = Mutex(Data())
        DispatchQueue.global().async(group: streams) {
            let read = output.fileHandleForReading.readDataToEndOfFile()
            outputData.withLock { $0 = read }
        }
        DispatchQueue.global().async(group: streams) {
            let read = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = read }
        }
        let (seconds, attoseconds) = timeout.components
        var timedOut = false
        if ended.wait(timeout: .now() + .nanoseconds(Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .timedOut {
            timedOut = true
            // SIGKILL, not SIGTERM: ffmpeg reading a live playlist ignored SIGTERM for minutes.
            ChildProcesses.killGroup(pid)
            ended.wait()
        }
        streams.wait()
        process.waitUntilExit()
        return ProgramRun(status: process.terminationStatus, output: outputData.withLock { $0 },
                          errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self), timedOut: timedOut)
    }
}
