import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// HTTP/1.1 response bytes, written by hand because every answer is known in advance:
/// a page's header lines are laid out once, and a request adds only the status
/// line and the Date, which change at most once a second.
enum HTTPWire {
    /// The header lines of `fields` and the blank line that ends them. The body, when there
    /// is one, goes out as a buffer of its own: a page's is shared with the site, not copied.
    static func head(_ fields: HTTPFields) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(fields.count * 48 + 2)
        for field in fields {
            buffer.writeString(field.name.rawName)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        buffer.writeStaticString("\r\n")
        return buffer
    }

    /// `HTTP/1.1 200 OK` and the Date header, shared by every answer with that status in
    /// the same second; with `closing`, a `Connection: close` line too.
    static func statusAndDate(_ status: HTTPResponse.Status, closing: Bool = false) -> ByteBuffer {
        let now = time(nil)
        if !closing, let cached = cache.withLock({ $0.second == now ? $0.lines[status.code] : nil }) {
            return cached
        }
        var buffer = ByteBuffer()
        buffer.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\nDate: \(imfDate(now))\r\n")
        if closing {
            buffer.writeStaticString("Connection: close\r\n")
            return buffer
        }
        cache.withLock { cached in
            if cached.second != now { cached = (now, [:]) }
            cached.lines[status.code] = buffer
        }
        return buffer
    }

    private static let cache = Mutex<(second: time_t, lines: [Int: ByteBuffer])>((-1, [:]))

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The HTTP date format (`Sun, 06 Nov 1994 08:49:37 GMT`), in English whatever the locale.
    static func imfDate(_ seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
