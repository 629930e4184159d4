/// A short, stable fingerprint of bytes for ETags and cache-busting file names. FNV-1a is
/// enough: it only has to change when the content does, not resist an attacker.
enum ContentHash {
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
