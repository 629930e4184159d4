import ExpoCatalog
import Foundation
import Logging
import NIOPosix

/// The line logged for each request the guide answers, written as `LineLogHandler` writes
/// any line (`2026-11-22T20:01:58Z info expo1900: GET /items/ 200`), without going through
/// a `Logger`: the message, the event and the line were three strings made for every
/// request, and the time stamp a lock both event loops took. Here each thread lays the line
/// out in its own buffer, kept from one request to the next, with the time stamp it made
/// this second. The lines of one turn of an event loop go out together, in one system call
/// at its end: a write per request was a context switch per request on a busy two-core
/// machine, where the client and the server share the cores. About 7 % of the server's time
/// was logging.
struct AccessLog: Sendable {
    /// Only ever touched by the thread it belongs to.
    private final class Line: @unchecked Sendable {
        var bytes: [UInt8] = []
        var second = -1
        var stamp: [UInt8] = []
        /// Set while a write of the lines gathered is waiting for the end of the loop's turn.
        var flushing = false
    }

    private static let lines = ThreadSpecificVariable<Line>()
    private let prefix: [UInt8]
    private let descriptor: Int32

    /// For a logger whose handler is a `LineLogHandler` (as `serve` and `studio` set up);
    /// nil for any other, whose lines then go through the logger (the tests' handlers).
    init?(_ logger: Logger, descriptor: Int32 = STDERR_FILENO) {
        guard let handler = logger.handler as? LineLogHandler, handler.logLevel <= .info else { return nil }
        prefix = Array(" info \(logger.label): ".utf8)
        self.descriptor = descriptor
    }

    func write(method: String, uri: String, status: Int) {
        let line: Line
        if let current = Self.lines.currentValue {
            line = current
        } else {
            line = Line()
            Self.lines.currentValue = line
        }
        let now = time(nil)
        if now != line.second {
            line.second = now
            line.stamp = Array(LineLogHandler.timestamp().utf8)
        }
        line.bytes += line.stamp
        line.bytes += prefix
        // Nearly every request is printable ASCII, copied as it is; any other is written out
        // as every message quotes what a client sent (`\u{1B}`, `\n`).
        func plain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
        if plain(method), plain(uri) {
            line.bytes += method.utf8
            line.bytes.append(UInt8(ascii: " "))
            line.bytes += uri.utf8
        } else {
            line.bytes += SiteResponder.logged(method, uri).utf8
        }
        line.bytes.append(UInt8(ascii: " "))
        line.bytes += String(status).utf8
        line.bytes.append(UInt8(ascii: "\n"))
        // Off an event loop (a test), or with a turn's worth gathered, at once.
        guard !line.flushing, line.bytes.count < 1 << 16, let loop = MultiThreadedEventLoopGroup.currentEventLoop else {
            if !line.flushing { flush(line) }
            return
        }
        line.flushing = true
        loop.execute { [descriptor] in
            line.flushing = false
            Self.flush(line, to: descriptor)
        }
    }

    private func flush(_ line: Line) { Self.flush(line, to: descriptor) }

    private static func flush(_ line: Line, to descriptor: Int32) {
        line.bytes.withUnsafeBytes { _ = Foundation.write(descriptor, $0.baseAddress, $0.count) }
        line.bytes.removeAll(keepingCapacity: true)
    }
}
