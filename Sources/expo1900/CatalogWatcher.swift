import ExpoCatalog
import Foundation

/// Notices changes to a catalog's files by looking at them: every quarter second it lists
/// the catalog's folder tree and compares each file's size, modification time and inode
/// with the last look. The same code works on Linux and macOS, sees edits, new files,
/// deletions and editors' save-by-rename alike, and needs no file-system events API. At
/// idle it costs one `stat` per file per look (`scripts/bench` measures it).
final class CatalogWatcher: @unchecked Sendable {
    static let interval: Duration = .milliseconds(250)
    /// Editors and spreadsheet programs write a file in steps: wait until a look shows
    /// nothing new before loading, up to this long.
    static let settleLimit: Duration = .seconds(1)

    let root: URL
    /// Whether `root` is a folder of exhibitions (`--catalogs`), whose sub-folders are all
    /// catalogs, whatever their names: one called `build` is an exhibition, not Xcode's.
    let holdsExhibitions: Bool
    private var last: [String: FileStamp]

    init(root: URL, holdsExhibitions: Bool = false) {
        self.root = root
        self.holdsExhibitions = holdsExhibitions
        last = Self.look(root, holdsExhibitions: holdsExhibitions)
    }

    /// Waits for a change and returns once the files have settled; checks cancellation.
    func nextChange() async throws {
        while true {
            try await Task.sleep(for: Self.interval)
            var now = Self.look(root, holdsExhibitions: holdsExhibitions)
            guard now != last else { continue }
            let clock = ContinuousClock()
            let started = clock.now
            while clock.now - started < Self.settleLimit {
                try await Task.sleep(for: .milliseconds(60))
                let again = Self.look(root, holdsExhibitions: holdsExhibitions)
                if again == now { break }
                now = again
            }
            last = now
            return
        }
    }

    /// Every file under `root`, by its path, with its stamp. Hidden files and folders (`.git`,
    /// editors' swap files) are left out, as are the folders Xcode builds into. Symbolic links
    /// are stamped, not followed (a folder they lead to inside the catalog is seen where it
    /// is), and each real folder is listed once, so that no mount or link can make a loop.
    static func look(_ root: URL, holdsExhibitions: Bool = false) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        var folders = [root.path]
        var visited: Set<[UInt64]> = []
        while let folder = folders.popLast() {
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0,
                  visited.insert([UInt64(folderInfo.st_dev), UInt64(folderInfo.st_ino)]).inserted,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            let isRoot = folder == root.path
            for name in names where !name.hasPrefix(".") && (holdsExhibitions && isRoot || name != "DerivedData" && name != "build") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    folders.append(path)
                } else {
                    stamps[path] = FileStamp(info)
                }
            }
        }
        return stamps
    }
}
