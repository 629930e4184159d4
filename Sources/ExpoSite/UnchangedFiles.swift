import Foundation
import Synchronization

/// What lets an export into a folder that holds an export already rewrite only the files
/// whose bytes change: a file whose bytes are those the export before wrote at the same
/// place is hard-linked from it into the staging folder, not written again. Once the new
/// export is moved into place it keeps that file's inode, bytes and modification time, so
/// that `rsync`, a CDN's sync or a backup moves only the files that changed; the folder is
/// still byte for byte what a whole export writes, and still whole or not at all.
extension SiteExporter.Summary {
    /// What an export into an earlier one says of the files it did not write again.
    public var keptLine: String {
        if inPlace {
            return "; updated in place: \((files - kept).formatted()) files written and \(removed.formatted()) removed, of \(files.formatted()) made again; every other file as it was"
        }
        return kept == 0 ? "" : "; \((files - kept).formatted()) written, the other \(kept.formatted()) unchanged since the export before"
    }
}

final class UnchangedFiles: Sendable {
    /// The export before (its folder, ending in `/`), or nil when there is none.
    private let previous: String?
    private let staging: String
    private let kept = Atomic<Int>(0)

    /// For an export written into `staging` that will replace `target`.
    init(target: URL, staging: URL) {
        let marker = target.appendingPathComponent(SiteExporter.markerName).path
        previous = FileManager.default.fileExists(atPath: marker) ? target.path + "/" : nil
        self.staging = staging.path + "/"
    }

    /// The files linked from the export before so far.
    var keptCount: Int { kept.load(ordering: .relaxed) }

    /// `writer`, but for a file the export before holds with the same bytes, which is linked.
    func writer(_ writer: @escaping SiteExporter.FileWriter) -> SiteExporter.FileWriter {
        guard let previous else { return writer }
        let staging = staging
        return { [self] path, content in
            if path.hasPrefix(staging) {
                let old = previous + path.dropFirst(staging.count)
                if Self.holds(old, content), link(old, path) == 0 {
                    kept.wrappingAdd(1, ordering: .relaxed)
                    return nil
                }
            }
            return writer(path, content)
        }
    }

    /// Whether the regular file at `path` holds `content`. A media file's name carries its
    /// content hash, so the same name and size are taken as the same bytes, as `rsync` takes
    /// them: comparing would read a gigabyte of video at every publish.
    static func holds(_ path: String, _ content: SiteExporter.ExportedContent) -> Bool {
        switch content {
        case let .bytes(bytes):
            return holds(path, bytes)
        case let .file(file):
            var status = stat()
            return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) == file.size
        }
    }

    /// Whether the regular file at `path` (not a link) holds exactly `bytes`.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count else { return false }
        var same = true
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: min(max(bytes.count, 1), 1 << 16))
        while same, offset < bytes.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            same = bytes.withUnsafeBytes { all in
                buffer.withUnsafeBytes { memcmp(all.baseAddress! + offset, $0.baseAddress!, min(count, bytes.count - offset)) == 0 }
            }
            offset += count
        }
        return same && offset == bytes.count
    }
}
