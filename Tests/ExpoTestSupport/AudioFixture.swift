import Foundation

/// Short recordings made by ffmpeg's own generators (`sine`, `anullsrc`), for tests. Tests
/// that need them fail, rather than skip, where ffmpeg is missing: scripts/setup.sh installs it.
public enum AudioFixture {
    public struct Missing: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "ffmpeg and ffprobe are not installed; scripts/setup.sh installs them (apt-get install ffmpeg)" }
    }

    /// `name` in `folder`: `seconds` of a 440 Hz tone in stereo at 48 kHz, with a title tag
    /// the pipeline must remove, in the format the extension says (`.wav`, `.flac`, `.ogg` as Opus).
    /// `rate` and `channels` make a long tone smaller.
    public static func tone(_ name: String, in folder: URL, seconds: Double = 3, rate: Int = 48000, channels: Int = 2) throws {
        let output = folder.appendingPathComponent(name).path
        var arguments = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)",
                         "-ac", "\(channels)", "-metadata", "title=Fixture title", "-metadata", "artist=Someone"]
        if name.hasSuffix(".ogg") || name.hasSuffix(".opus") { arguments += ["-c:a", "libopus"] }
        try run("ffmpeg", arguments + [output])
    }

    /// What ffprobe reads of the file: each stream's and the format's fields, and their tags.
    public static func probe(_ file: URL) throws -> [String: Any] {
        let output = try run("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", file.path])
        return (try JSONSerialization.jsonObject(with: output) as? [String: Any]) ?? [:]
    }

    /// The program from PATH, or the error that says how to install it.
    public static func program(_ name: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        guard let found = folders.map({ URL(fileURLWithPath: $0).appendingPathComponent(name) })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { throw Missing() }
        return found
    }

    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = try program(name)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(name) \(arguments.joined(separator: " ")) failed"])
        }
        return data
    }
}

extension AudioFixture {
    /// Runs a program from PATH (ffmpeg, vips) with `arguments`; throws when it fails.
    @discardableResult
    public static func runProgram(_ name: String, _ arguments: [String]) throws -> Data {
        try run(name, arguments)
    }
}
