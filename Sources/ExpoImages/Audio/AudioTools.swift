import ExpoCatalog
import Foundation
import Synchronization

/// Debian's `ffmpeg` and `ffprobe`, which make and measure the guide's recordings. They are
/// run as programs, with their arguments as a list (never through a shell), so no name a
/// catalog gives can be read as a command.
public struct AudioTools: Sendable {
    public var ffmpeg: URL
    public var ffprobe: URL

    public init(ffmpeg: URL, ffprobe: URL) {
        self.ffmpeg = ffmpeg
        self.ffprobe = ffprobe
    }

    /// Both programs from `PATH` (or the usual places), or nil when either is not installed.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> AudioTools? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        func find(_ name: String) -> URL? {
            folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
        guard let ffmpeg = find("ffmpeg"), let ffprobe = find("ffprobe") else { return nil }
        return AudioTools(ffmpeg: ffmpeg, ffprobe: ffprobe)
    }

    /// What a program run said and how it ended.
    struct Run {
        var status: Int32
        var output: Data
        var errors: String

        /// The first line of what the program printed on its error stream, for a message.
        var firstError: String {
            errors.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? "exit status \(status)"
        }
    }

    /// Runs `program` to its end, reading both streams as it goes (a full pipe would stop it).
    static func run(_ program: URL, _ arguments: [String]) -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return Run(status: -1, output: Data(), errors: "\(program.lastPathComponent) could not be started: \(FileProblem.describe(error, file: program.path))")
        }
        let errorData = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let read = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = read }
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: outputData, errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
