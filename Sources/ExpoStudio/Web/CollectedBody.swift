import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// A response body gathered whole: studio pages are small, and the guide's server sends
/// every answer with its length.
struct CollectedBody {
    let buffer = NIOLockedValueBox(ByteBuffer())

    func writer() -> Writer { Writer(buffer: buffer) }

    struct Writer: ResponseBodyWriter {
        let buffer: NIOLockedValueBox<ByteBuffer>
        mutating func write(_ part: ByteBuffer) async throws {
            var part = part
            buffer.withLockedValue { $0.writeBuffer(&part) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
