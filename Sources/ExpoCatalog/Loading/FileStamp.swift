import Foundation

/// What `stat` says of a file: its size, when it was last written and its inode. Two equal
/// stamps are taken as the same content, as `make` and editors' watchers do.
public struct FileStamp: Equatable, Sendable {
    public var size: Int64
    public var modified: Int64
    public var inode: UInt64

    public init(_ info: stat) {
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        inode = UInt64(info.st_ino)
    }

    /// Each entry directly in `folder`, by name: a catalog folder's data and images are
    /// all at its top.
    static func folder(_ folder: URL) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            var info = stat()
            guard lstat(folder.path + "/" + name, &info) == 0 else { continue }
            stamps[name] = FileStamp(info)
        }
        return stamps
    }

    /// Each of `files`, by its name: an app's datasets, where they lie.
    static func files(_ files: [String: URL]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for (name, url) in files {
            var info = stat()
            if lstat(url.path, &info) == 0 { stamps[name] = FileStamp(info) }
        }
        return stamps
    }
}
