import Foundation
import NIOCore
import Synchronization

/// A large request body (an upload) written to a file as it arrives, so that a video of a
/// gigabyte never sits in memory: each piece the connection reads is written off the event
/// loop, and while more than `highWater` bytes wait to be written the connection stops
/// reading, so a fast client on a slow disk holds no more than that.
final class BodySpool: Sendable {
    static let highWater = 8 << 20
    static let lowWater = 2 << 20

    let url: URL
    private let descriptor: CInt
    private let queue = DispatchQueue(label: "expo1900.body-spool")
    /// Bytes handed to the queue and not yet written.
    private let pending = Atomic(0)
    /// Whether the connection stopped reading for this spool, to be told when to read again.
    private let paused = Atomic(false)
    /// The first write that failed (a full disk), in words.
    private let failure = Mutex<String?>(nil)
    /// Called off the event loop once what waits has fallen under `lowWater` after a pause.
    private let resume: @Sendable () -> Void

    private init(url: URL, descriptor: CInt, resume: @escaping @Sendable () -> Void) {
        self.url = url
        self.descriptor = descriptor
        self.resume = resume
    }

    /// A new, empty file in `folder` (made, private to this user, if missing); nil when it cannot be made.
    static func make(in folder: URL, resume: @escaping @Sendable () -> Void) -> BodySpool? {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let url = folder.appendingPathComponent("body-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        return BodySpool(url: url, descriptor: descriptor, resume: resume)
    }

    /// Hands `bytes` to be written; true when the connection should stop reading until `resume`.
    func append(_ bytes: ByteBuffer) -> Bool {
        let waiting = pending.add(bytes.readableBytes, ordering: .relaxed).newValue
        queue.async { [self] in
            if failure.withLock({ $0 }) == nil, let problem = Self.write(bytes, to: descriptor) {
                failure.withLock { $0 = $0 ?? problem }
            }
            let left = pending.subtract(bytes.readableBytes, ordering: .relaxed).newValue
            if left <= Self.lowWater, paused.exchange(false, ordering: .relaxed) { resume() }
        }
        guard waiting > Self.highWater else { return false }
        paused.store(true, ordering: .relaxed)
        return true
    }

    /// Once every piece is written, `then` hears the body as a file, or why it could not be
    /// written (the file is then already gone).
    func finish(size: Int, then: @escaping @Sendable (Result<SpooledBody, SpoolFailure>) -> Void) {
        queue.async { [self] in
            close(descriptor)
            if let problem = failure.withLock({ $0 }) {
                unlink(url.path)
                then(.failure(SpoolFailure(reason: problem)))
            } else {
                then(.success(SpooledBody(url: url, size: size)))
            }
        }
    }

    /// Drops the body: a client that left, a body refused half way.
    func discard() {
        queue.async { [self] in
            close(descriptor)
            unlink(url.path)
        }
    }

    private static func write(_ bytes: ByteBuffer, to descriptor: CInt) -> String? {
        bytes.withUnsafeReadableBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno)).lowercased()
                }
                written += result
            }
            return nil
        }
    }
}

/// Why a spooled body could not be kept: the disk's own words (`no space left on device`).
struct SpoolFailure: Error {
    let reason: String
}

/// A request body the server wrote to a file as it arrived (`SideRoutes.spoolFolder`); the
/// server removes the file once the route has answered.
public struct SpooledBody: Sendable {
    public let url: URL
    public let size: Int

    public init(url: URL, size: Int) {
        self.url = url
        self.size = size
    }
}
