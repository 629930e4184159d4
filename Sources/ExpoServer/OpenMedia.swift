import Foundation
import NIOCore
import Synchronization

/// A made recording's, video's or tile's file kept open while its site is served, one
/// descriptor per event loop: an answer then costs no `open` and `close`, a third of the
/// system calls of a range answered with `sendfile`. Each loop's answers use its own
/// descriptor one at a time (a NIO file handle takes one user at once); `sendfile` reads at
/// an offset of its own, so answers in flight do not disturb each other. Closed when the
/// site and the last answer sending it are gone.
final class OpenMedia: Sendable {
    let path: String
    private let handles = Mutex<[ObjectIdentifier: NIOFileHandle]>([:])

    init(path: String) {
        self.path = path
    }

    /// The descriptor for answers on `loop`, opened the first time; nil when the file cannot be opened.
    func handle(on loop: any EventLoop) -> NIOFileHandle? {
        let key = ObjectIdentifier(loop)
        return handles.withLock { handles in
            if let open = handles[key] { return open }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            let handle = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor)
            handles[key] = handle
            return handle
        }
    }

    deinit {
        handles.withLock { handles in
            for handle in handles.values { try? handle.close() }
        }
    }
}
