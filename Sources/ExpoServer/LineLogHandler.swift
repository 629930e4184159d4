import Foundation
import Logging
import Synchronization

/// A swift-log handler for a server that logs every request: one line per message on
/// standard error, written with a single system call, the time stamp formatted once a
/// second. swift-log's StreamLogHandler formats the time on every line and was about 8 %
/// of the server's throughput.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let line = "\(Self.timestamp()) \(event.level) \(label): \(event.message)\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static let cache = Mutex<(second: Int, text: String)>((-1, ""))

    /// `2026-11-22T20:01:58Z`, the same for every line within a second.
    static func timestamp() -> String {
        var now = time(nil)
        return cache.withLock { cached in
            if cached.second == now { return cached.text }
            var parts = tm()
            gmtime_r(&now, &parts)
            var buffer = [CChar](repeating: 0, count: 32)
            let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
            cached = (now, String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            return cached.text
        }
    }
}
