import Foundation

/// Walking an app project's folders the way its build would see them.
enum ProjectWalk {
    /// Folders that hold no app resources: version control, build output, dependencies,
    /// Xcode's own project files.
    static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || ["build", "DerivedData", "Pods", "Carthage", "node_modules"].contains(name)
            || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }

    /// Visits sub-folders in name order; `visit` returns whether to go inside.
    static func folders(in folder: URL, depth: Int = 32, _ visit: (URL) -> Bool) {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() where !isSkipped(name) {
            let child = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            if visit(child) { folders(in: child, depth: depth - 1, visit) }
        }
    }

    /// The files directly in `folder`, in name order.
    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// `url`'s path from `base`, as messages name it; the whole path when it is elsewhere.
    static func relative(_ url: URL, to base: URL) -> String {
        let path = url.standardizedFileURL.path
        let basePath = base.standardizedFileURL.path
        return path.hasPrefix(basePath + "/") ? String(path.dropFirst(basePath.count + 1)) : path
    }
}
