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
        // Kept again: its time starts again, so no sweep takes it before its draft names it.
        if utimes(target.path, nil) == 0 { return .success((hash, false)) }
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

    /// Keeps the bytes of a file of the catalog's folder that a publish replaces or takes
    /// away, so that a revert can put them back; their hash.
    /// Copied a megabyte at a time while it is hashed: a long recording or a video is never
    /// held whole.
    func keep(fileAt url: URL) -> Result<String, UploadRefusal> {
        let unreadable = UploadRefusal.unwritable("\(url.lastPathComponent) could not be read")
        guard let source = try? FileHandle(forReadingFrom: url) else { return .failure(unreadable) }
        defer { try? source.close() }
        return keep(unreadable: unreadable) { each in Self.pieces(of: source, each) }.map(\.hash)
    }

    /// Keeps a file sent in a form, copied a megabyte at a time from where the server wrote
    /// it as it arrived; its hash, and whether it was new here.
    func keep(_ file: UploadForm.File) -> Result<(hash: String, isNew: Bool), UploadRefusal> {
        keep(unreadable: .unwritable("\(file.name) could not be read"), file.pieces)
    }

    /// Writes the pieces `pieces` gives into a staging file while hashing them, then names it
    /// by its hash (or drops it for the one kept already, whose time starts again).
    private func keep(unreadable: UploadRefusal, _ pieces: ((Data) -> Bool) -> Bool) -> Result<(hash: String, isNew: Bool), UploadRefusal> {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return .failure(.unwritable(error.localizedDescription))
        }
        let staging = folder.appendingPathComponent(".kept.\(UInt32.random(in: 0...UInt32.max))")
        guard FileManager.default.createFile(atPath: staging.path, contents: nil),
              let target = try? FileHandle(forWritingTo: staging) else { return .failure(.unwritable("\(staging.lastPathComponent) could not be made")) }
        var written = true
        var sum = SHA256Sum()
        let read = pieces { piece in
            sum.add(piece)
            do { try target.write(contentsOf: piece) } catch { written = false }
            return written
        }
        try? target.close()
        guard read, written, let kept = url(of: sum.hex) else {
            unlink(staging.path)
            return .failure(written ? unreadable : .unwritable("\(staging.lastPathComponent) could not be written"))
        }
        let hash = kept.lastPathComponent
        if utimes(kept.path, nil) == 0 {
            unlink(staging.path)
            return .success((hash, false))
        }
        guard rename(staging.path, kept.path) == 0 else {
            unlink(staging.path)
            return .failure(.unwritable(String(cString: strerror(errno))))
        }
        return .success((hash, true))
    }

    /// Gives what `handle` reads to its end to `each` a megabyte at a time; false when a read
    /// fails or `each` says stop.
    private static func pieces(of handle: FileHandle, _ each: (Data) -> Bool) -> Bool {
        while true {
            // Foundation answers nil, or no bytes, at the end of the file.
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch { return false }
            guard let piece, !piece.isEmpty else { return true }
            guard each(piece) else { return false }
        }
    }

    /// The SHA-256 of the file at `url`, read a megabyte at a time; nil when it cannot be read.
    static func hash(ofFileAt url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var sum = SHA256Sum()
        return pieces(of: handle) { piece in
            sum.add(piece)
            return true
        } ? sum.hex : nil
    }

    /// Takes away each kept file that `named` does not hold and that has not been kept for
    /// `age` seconds: an upload refused, a draft thrown away, a photo taken out before it was
    /// published. Files a draft, a publish or the history names stay, as do half-written
    /// ones younger than `age`. Returns how many went.
    @discardableResult
    func sweep(keeping named: Set<String>, olderThan age: TimeInterval, now: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names where !named.contains(name) {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                  now.timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > age else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}

/// SHA-256 over pieces, from the system's libcrypto.
private struct SHA256Sum {
    private var context = SHA256_CTX()

    init() { SHA256_Init(&context) }

    mutating func add(_ piece: Data) {
        piece.withUnsafeBytes { _ = SHA256_Update(&context, $0.baseAddress, $0.count) }
    }

    var hex: String {
        var copy = context
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        SHA256_Final(&digest, &copy)
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
