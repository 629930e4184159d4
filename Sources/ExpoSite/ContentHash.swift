import CZlib

/// A short, stable fingerprint of bytes for ETags and cache-busting file names: zlib's
/// CRC-32 and Adler-32 side by side, 64 bits. It only has to change when the content does,
/// not resist an attacker, and zlib computes both many times faster than a byte-at-a-time
/// hash, which was a twentieth of rendering a large catalog.
enum ContentHash {
    static func hex(_ bytes: [UInt8]) -> String {
        let (crc, adler) = bytes.withUnsafeBufferPointer { buffer in
            (crc32_z(0, buffer.baseAddress, buffer.count), adler32_z(1, buffer.baseAddress, buffer.count))
        }
        let digits = String(UInt64(crc & 0xFFFF_FFFF) << 32 | UInt64(adler & 0xFFFF_FFFF), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
