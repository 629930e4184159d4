import CLibCrypto
import Foundation
import NIOCore

/// The files sent to the studio, kept in the state folder (`uploads/`) by the SHA-256 of
/// their bytes until a publish copies them into the catalog: a draft names them by that
/// hash, and the same photo sent twice is kept once. Never inside what is served.
struct UploadStore: Sendable {
    let folder: URL

    init(state: URL) {
        folder = state.appendingPathComponent("uploads", isDirectory: true)
    }

    func url(of hash: String) -> URL? {
        guard hash.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return folder.appendingPathComponent(hash)
    }

    /// Keeps the bytes; their hash, and whether they were new here.
    func keep(_ bytes: ByteBuffer) -> Result<(hash: String, isNew: Bool), UploadRefusal> {
        let hash = bytes.withUnsafeReadableBytes { buffer in
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            _ = SHA256(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &digest)
            return digest.map { String(format: "%02x", $0) }.joined()
        }
        guard let target = url(of: hash) else { return .failure(.unwritable("bad hash")) }
        if FileManager.default.fileExists(atPath: target.path) { return .success((hash, false)) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let staging = folder.appendingPathComponent(".\(hash).\(UInt32.random(in: 0...UInt32.max))")
            try Data(bytes.readableBytesView).write(to: staging)
            guard rename(staging.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: staging)
                return .failure(.unwritable(String(cString: strerror(errno))))
            }
            return .success((hash, true))
        } catch {
            return .failure(.unwritable("\(error.localizedDescription)"))
        }
    }

    /// Takes away a file kept by this upload alone, when it was refused after all.
    func forget(_ hash: String) {
        if let url = url(of: hash) { unlink(url.path) }
    }

    func bytes(of hash: String) -> Data? {
        url(of: hash).flatMap { try? Data(contentsOf: $0) }
    }
}
