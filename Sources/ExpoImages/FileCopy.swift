import CVips
import Foundation

/// Files read and copied a piece at a time, never held whole: an original video may be
/// a gigabyte, and only its hash and a private copy for ffmpeg are needed.
public enum FileCopy {
    /// Copies the file at `source` to a new file at `path` with `sendfile`, which moves the
    /// bytes inside the kernel; nil when copied, else the reason.
    public static func copy(_ source: String, to path: String) -> String? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return "\(source) cannot be read: " + String(cString: strerror(errno)).lowercased() }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { return String(cString: strerror(errno)).lowercased() }
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { return String(cString: strerror(errno)).lowercased() }
        defer { close(output) }
        var copied = 0
        while copied < Int(status.st_size) {
            let result = sendfile(output, input, nil, Int(status.st_size) - copied)
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno)).lowercased()
            }
            // The file grew shorter while it was copied.
            guard result > 0 else { return "\(source) ended before its \(status.st_size) bytes" }
            copied += result
        }
        return nil
    }

    /// The SHA-256 of the file's bytes followed by `tail`'s UTF-8 (as `Vips.sha256(_:then:)`
    /// of them joined), its first bytes and its size, read a megabyte at a time; nil when
    /// it cannot be read.
    static func sha256(of url: URL, then tail: String? = nil) -> (hash: String, head: [UInt8], size: Int)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        var head: [UInt8] = []
        var size = 0
        while true {
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let piece, !piece.isEmpty else { break }
            if head.count < 64 { head += piece.prefix(64 - head.count) }
            piece.withUnsafeBytes { g_checksum_update(checksum, $0.baseAddress?.assumingMemoryBound(to: guchar.self), $0.count) }
            size += piece.count
        }
        if let tail {
            var tail = tail
            tail.withUTF8 { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        }
        guard let hex = g_checksum_get_string(checksum) else { return nil }
        return (String(cString: hex), head, size)
    }
}
