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
    /// The marker, open and locked until the export is in place or gone.
    let lock: Int32

    /// Creates the folder and its locked marker saying `marker`.
    init(beside target: URL, marker: String) throws(ExportError) {
        let parent = target.deletingLastPathComponent()
        url = Self.newName(beside: target)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        } catch {
            throw .cannotWrite(path: parent.path, reason: ExportError.reason(error))
        }
        let path = url.appendingPathComponent(SiteExporter.markerName).path
        let bytes = Array(marker.utf8)
        // O_CLOEXEC: a program the export starts (ffmpeg, vips) must not inherit the lock,
        // or a killed export's folder would look alive for as long as that program runs.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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

    /// A staging folder's name for `target` that no other has: the next export to `target`
    /// removes a folder of that name once no running export holds its marker.
    static func newName(beside target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(prefix(for: target) + UUID().uuidString)
    }

    /// What every staging folder of `target` is named, before its UUID.
    static func prefix(for target: URL) -> String {
        ".\(target.lastPathComponent).export-"
    }

    /// What the folder holding the export before is named while an export swaps its own in.
    static func previousPrefix(for target: URL) -> String {
        ".\(target.lastPathComponent).previous-"
    }

    /// Removes what earlier exports to `target` left when they were killed: staging folders
    /// (one killed before it wrote its marker is empty, and is removed only while it is), and
    /// the export before a swap, which is put back when the swap did not finish and there is
    /// no export in its place. Anything else beside `target` is left alone.
    static func removeAbandoned(beside target: URL) {
        let fileManager = FileManager.default
        let parent = target.deletingLastPathComponent()
        let prefix = prefix(for: target), previousPrefix = previousPrefix(for: target)
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.sorted() {
            let folder = parent.appendingPathComponent(name)
            if name.hasPrefix(prefix), UUID(uuidString: String(name.dropFirst(prefix.count))) != nil, isFolder(folder) {
                // rmdir removes only an empty folder: one another export has just made holds
                // its marker within microseconds, and is then never empty again.
                if rmdir(folder.path) == 0 { continue }
                if isAbandoned(folder.appendingPathComponent(SiteExporter.markerName).path) { try? fileManager.removeItem(at: folder) }
            } else if name.hasPrefix(previousPrefix), UUID(uuidString: String(name.dropFirst(previousPrefix.count))) != nil, isFolder(folder) {
                // Killed between its two moves, an export left no export at `target`: the one
                // before goes back (it is removed only once the new one is in place, so it is
                // whole). Killed while removing it, the rest of it goes.
                if !fileManager.fileExists(atPath: target.path),
                   fileManager.fileExists(atPath: folder.appendingPathComponent(SiteExporter.markerName).path),
                   (try? fileManager.moveItem(at: folder, to: target)) != nil { continue }
                try? fileManager.removeItem(at: folder)
            }
        }
    }

    /// A real folder, not a link to one somewhere else.
    private static func isFolder(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeDirectory
    }

    /// Whether the marker is an export's and no running export holds its lock. A marker cut
    /// short (its export killed as it wrote it) is one if what it holds begins the marker.
    private static func isAbandoned(_ markerPath: String) -> Bool {
        let descriptor = open(markerPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let expected = Array(SiteExporter.markerPrefix.utf8)
        var start = [UInt8](repeating: 0, count: expected.count)
        let count = read(descriptor, &start, start.count)
        guard count >= 0, start.prefix(count).elementsEqual(expected.prefix(count)) else { return false }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
