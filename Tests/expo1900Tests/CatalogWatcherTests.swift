import Foundation
import Testing
@testable import expo1900

/// What the watcher looks at: Xcode's build folders inside a catalog are left out, but in a
/// folder of exhibitions an exhibition may be called `build`.
@Suite struct CatalogWatcherTests {
    @Test func anExhibitionCalledBuildIsWatchedButACatalogsBuildFolderIsNot() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("watcher-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["build/items.json", "build/build/cache.bin", "korea/items.json", "korea/DerivedData/x.o"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("[]".utf8).write(to: url)
        }
        let museum = Set(CatalogWatcher.look(root, holdsExhibitions: true).keys.map { String($0.dropFirst(root.path.count + 1)) })
        #expect(museum == ["build/items.json", "korea/items.json"])
        let catalog = Set(CatalogWatcher.look(root).keys.map { String($0.dropFirst(root.path.count + 1)) })
        #expect(catalog == ["korea/items.json"])
    }
}
