import ExpoCatalog
import Foundation
import Synchronization

/// A made recording or video on disk: the server sends it from there a piece at a time and
/// the export copies it, so it is never held whole in memory, however long it plays.
public struct MediaFile: Sendable, Equatable {
    public let url: URL
    public let size: Int
    /// `ContentHash` of its bytes, measured once when it was made or first read from the
    /// cache: its address and ETag name it.
    public let contentHash: String

    public init(url: URL, size: Int, contentHash: String) {
        self.url = url
        self.size = size
        self.contentHash = contentHash
    }

    /// The file at `url`, measured now; nil when it cannot be read or is empty.
    public static func measuring(_ url: URL) -> MediaFile? {
        guard let (hash, size) = ContentHash.hex(ofFileAt: url), size > 0 else { return nil }
        return MediaFile(url: url, size: size, contentHash: hash)
    }

    /// The same file moved to `target` (a rename on one disk, else a copy).
    func moved(to target: URL) throws -> MediaFile {
        try FileManager.default.moveItem(at: url, to: target)
        return MediaFile(url: target, size: size, contentHash: contentHash)
    }
}

/// Where made media go when the cache cannot keep them: a folder of this run's own,
/// removed when the guide stops (`ChildProcesses.stopAll`).
enum MadeMediaFolder {
    private static let made = Mutex<URL?>(nil)

    /// `file` moved into the folder, under a name of its own.
    static func keep(_ file: MediaFile) throws -> MediaFile {
        let folder = try made.withLock { folder in
            if let folder { return folder }
            let new = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-made-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: new, withIntermediateDirectories: true)
            ChildProcesses.shared.holding(new)
            folder = new
            return new
        }
        return try file.moved(to: folder.appendingPathComponent(UUID().uuidString + "-" + file.url.lastPathComponent))
    }
}
