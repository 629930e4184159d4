import Foundation

/// The folder an export is written into before it is moved into place: beside the
/// destination, named `.<destination>.export-<UUID>`. Its marker file is written first and
/// kept locked (`flock`) while the export runs. An export that is killed leaves the folder
/// behind, but the system releases its lock; so the next export to the same destination can
/// tell such a folder from one another export is still writing, and removes only those: its
/// own name for that destination, a real folder, holding a marker, that nobody holds.
final class ExportStaging {
    let url: URL
    /// The marker's bytes, which the export counts among its files.
    let markerBytes: Int
    private let lock: Int32

    /// Creates the folder and its locked marker saying `marker`.
    init(beside target: URL, marker: String) throws(ExportError) {
        let parent = target.deletingLastPathComponent()
        url = parent.appendingPathComponent(Self.prefix(for: target) + UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        } catch {
            throw .cannotWrite(path: parent.path, reason: ExportError.reason(error))
        }
        let path = url.appendingPathComponent(SiteExporter.markerName).path
        let bytes = Array(marker.utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0,
              bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            let reason = String(cString: strerror(errno)).lowercased()
            if descriptor >= 0 { close(descriptor) }
            try? FileManager.default.removeItem(at: url)
            throw .cannotWrite(path: path, reason: reason)
        }
        lock = descriptor
        markerBytes = bytes.count
    }

    deinit {
        // Closing the marker releases the lock: from here on the folder is either the
        // destination or gone.
        close(lock)
    }

    /// What every staging folder of `target` is named, before its UUID.
    static func prefix(for target: URL) -> String {
        ".\(target.lastPathComponent).export-"
    }

    /// Removes the staging folders that earlier exports to `target` left when they were
    /// killed; anything else beside it is left alone.
    static func removeAbandoned(beside target: URL) {
        let fileManager = FileManager.default
        let parent = target.deletingLastPathComponent()
        let prefix = prefix(for: target)
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) && UUID(uuidString: String(name.dropFirst(prefix.count))) != nil {
            let folder = parent.appendingPathComponent(name)
            // A real folder, not a link to one somewhere else.
            guard (try? fileManager.attributesOfItem(atPath: folder.path)[.type] as? FileAttributeType) == .typeDirectory,
                  isAbandoned(folder.appendingPathComponent(SiteExporter.markerName).path) else { continue }
            try? fileManager.removeItem(at: folder)
        }
    }

    /// Whether the marker is an export's and no running export holds its lock.
    private static func isAbandoned(_ markerPath: String) -> Bool {
        let descriptor = open(markerPath, O_RDONLY | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: SiteExporter.markerPrefix.utf8.count)
        guard read(descriptor, &start, start.count) == start.count, start.elementsEqual(SiteExporter.markerPrefix.utf8) else {
            return false
        }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
