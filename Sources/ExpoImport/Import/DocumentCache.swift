import Foundation

/// The documents an import has fetched, kept in its state folder under a hash of their
/// address (with the address beside, to tell two apart that share a hash), so that a second
/// run reads them instead of fetching them again.
struct DocumentCache: Sendable {
    let folder: URL

    func read(_ address: String) -> Data? {
        let name = Self.name(address)
        guard let kept = try? String(contentsOf: folder.appendingPathComponent(name + ".address"), encoding: .utf8), kept == address
        else { return nil }
        return FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".json").path)
    }

    /// Kept whole or not at all: the document first, then the address that makes it count.
    func keep(_ data: Data, for address: String) {
        let name = Self.name(address)
        try? data.write(to: folder.appendingPathComponent(name + ".json"), options: .atomic)
        try? Data(address.utf8).write(to: folder.appendingPathComponent(name + ".address"), options: .atomic)
    }

    /// FNV-1a, 64 bits, in hex: enough to spread names; the address file settles the rest.
    static func name(_ address: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
