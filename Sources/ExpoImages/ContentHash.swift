import CZlib
import Foundation

/// A short, stable fingerprint of bytes for ETags and cache-busting file names: zlib's
/// CRC-32 and Adler-32 side by side, 64 bits. It only has to change when the content does,
/// not resist an attacker, and zlib computes both many times faster than a byte-at-a-time
/// hash, which was a twentieth of rendering a large catalog.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        var sum = Sum()
        sum.add(bytes)
        return sum.hex
    }

    /// The same fingerprint of a file's bytes, read a megabyte at a time: a video of a
    /// gigabyte is never held whole. Nil when the file cannot be read to its end.
    public static func hex(ofFileAt url: URL) -> (hex: String, size: Int)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var sum = Sum()
        var size = 0
        while true {
            // Foundation answers nil, or no bytes, at the end of the file.
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let piece, !piece.isEmpty else { break }
            piece.withUnsafeBytes { sum.add($0) }
            size += piece.count
        }
        return (sum.hex, size)
    }

    /// Both checksums, carried on over pieces.
    private struct Sum {
        var crc = crc32_z(0, nil, 0)
        var adler = adler32_z(0, nil, 0)

        mutating func add(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { add($0) }
        }

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            crc = crc32_z(crc, base, buffer.count)
            adler = adler32_z(adler, base, buffer.count)
        }

        var hex: String {
            let digits = String(UInt64(crc & 0xFFFF_FFFF) << 32 | UInt64(adler & 0xFFFF_FFFF), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
