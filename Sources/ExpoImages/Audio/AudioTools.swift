import Foundation

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
}
