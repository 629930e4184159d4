import CZlib
import NIOCore

/// Gzip, done once per page when the site renders, never per request. Level 6, zlib's
/// default: on the default site level 9 saved 37 bytes in all, and on 10,000 generated
/// exhibits it cost a tenth more compression time.
///
/// One compressor serves many pages in turn. zlib's state is a quarter of a megabyte;
/// allocating and freeing it for each page made the kernel clear fresh memory pages for a
/// fifth of the time it took to render a large catalog.
public final class Gzip {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let ready: Bool
    private var scratch: [UInt8] = []

    init() {
        stream.initialize(to: z_stream())
        // 15 window bits + 16 asks zlib for a gzip wrapper instead of a zlib one.
        ready = deflateInit2_(stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                              ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if ready { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The compressed bytes, or nil if zlib failed, with a header that carries no time
    /// stamp, so the same input always gives the same output (and the same ETag). In a
    /// buffer the server sends as it is.
    func compress(_ input: [UInt8]) -> ByteBuffer? {
        guard ready, deflateReset(stream) == Z_OK else { return nil }
        let bound = Int(deflateBound(stream, uLong(input.count))) + 32
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 65_536)) }
        let (status, written) = input.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { target in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = uInt(target.count)
                return (deflate(stream, Z_FINISH), target.count - Int(stream.pointee.avail_out))
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return scratch.withUnsafeBufferPointer { ByteBuffer(bytes: $0[..<written]) }
    }

    /// The bytes `compressed` holds, which are `length` long: for the rare client that does
    /// not take gzip, as a page is held compressed only. Nil when they are not a gzip
    /// stream of that length (zlib failed, or the bytes are not what the site compressed).
    public static func decompress(_ compressed: ByteBuffer, length: Int) -> ByteBuffer? {
        // zlib keeps the stream's address, so it lives at one place until the end.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        var output = ByteBuffer()
        var status = Z_OK
        // Room for one byte more than expected, so that a longer stream is seen rather than cut short.
        compressed.withUnsafeReadableBytes { source in
            _ = output.writeWithUnsafeMutableBytes(minimumWritableBytes: length + 1) { target in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.pointee.avail_out = uInt(length + 1)
                status = inflate(stream, Z_FINISH)
                return status == Z_STREAM_END ? length + 1 - Int(stream.pointee.avail_out) : 0
            }
        }
        guard status == Z_STREAM_END, output.readableBytes == length, stream.pointee.avail_in == 0 else { return nil }
        return output
    }
}
