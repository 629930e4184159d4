import Foundation

/// Walking an app project's folders the way its build would see them, inside the folder
/// the guide was given: a symbolic link is followed only when it leads to a folder inside,
/// and each real folder is visited once, so that links to `.` cannot make a loop.
struct ProjectWalk {
    let boundary: CatalogBoundary
    /// The folder messages name paths from.
    let base: URL
    /// Links to folders outside the catalog, which the walk did not follow.
    private(set) var notes: [Diagnostic] = []
    /// Each folder visited, by device and inode.
    private var visited: Set<FolderID> = []

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    init(boundary: CatalogBoundary, base: URL) {
        self.boundary = boundary
        self.base = base
    }

    /// Folders that hold no app resources: version control, build output, dependencies,
    /// Xcode's own project files.
    static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || ["build", "DerivedData", "Pods", "Carthage", "node_modules"].contains(name)
            || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }

    /// Visits sub-folders in name order; `visit` returns whether to go inside.
    mutating func folders(in folder: URL, depth: Int = 32, _ visit: (URL) -> Bool) {
        if let id = Self.folderID(folder.path) { visited.insert(id) }
        walk(folder, depth: depth, visit)
    }

    private mutating func walk(_ folder: URL, depth: Int, _ visit: (URL) -> Bool) {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() where !Self.isSkipped(name) {
            let child = folder.appendingPathComponent(name)
            guard let id = Self.folderID(child.path) else { continue }
            if case .failure(.outside) = boundary.resolve(child) {
                notes.append(Diagnostic(.note, file: relative(child),
                                        "a symbolic link to a folder outside the catalog's folder; not followed"))
                continue
            }
            // A second way to a folder already seen (a link to `.` or to a parent) adds nothing.
            guard visited.insert(id).inserted else { continue }
            if visit(child) { walk(child, depth: depth - 1, visit) }
        }
    }

    /// The files directly in `folder` (and links to files), in name order.
    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
            var info = stat()
            return stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
        }
    }

    func relative(_ url: URL) -> String { Self.relative(url, to: base) }

    /// `url`'s path from `base`, as messages name it; the whole path when it is elsewhere.
    static func relative(_ url: URL, to base: URL) -> String {
        let path = url.standardizedFileURL.path
        let basePath = base.standardizedFileURL.path
        return path.hasPrefix(basePath + "/") ? String(path.dropFirst(basePath.count + 1)) : path
    }

    /// The folder's device and inode, following links; nil when it is not a folder.
    private static func folderID(_ path: String) -> FolderID? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
