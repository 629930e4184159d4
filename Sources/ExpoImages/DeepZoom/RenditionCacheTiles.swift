import Foundation

/// Tiles are cache entries like the renditions: a folder named by the content hash, with a
/// `tiles.json` beside the `tiles` folder that libvips wrote, renamed into place whole.
extension RenditionCache {
    private struct TilesEntry: Codable {
        var width: Int
        var height: Int
        var tileSize: Int
        var full: ImageSize
    }

    func tiles(_ key: String) -> TileSet? {
        let entry = folder.appendingPathComponent(key)
        guard let data = FileManager.default.contents(atPath: entry.appendingPathComponent("tiles.json").path),
              let described = try? JSONDecoder().decode(TilesEntry.self, from: data) else { return nil }
        return TileSet(folder: entry.appendingPathComponent("tiles"), key: key, width: described.width,
                       height: described.height, tileSize: described.tileSize, full: described.full)
    }

    /// Has `make` cut the tiles into a staging folder, describes them, and renames the entry
    /// into place: an entry is there whole or not at all, whatever stops the guide.
    func storeTiles(_ key: String, tileSize: Int, make: (URL) throws -> (size: ImageSize, full: ImageSize)) throws -> TileSet {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent(".\(key).\(UUID().uuidString)")
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? manager.removeItem(at: staging) }
        let (size, full) = try make(staging.appendingPathComponent("tiles"))
        let described = TilesEntry(width: size.width, height: size.height, tileSize: tileSize, full: full)
        try JSONEncoder().encode(described).write(to: staging.appendingPathComponent("tiles.json"))
        let target = folder.appendingPathComponent(key)
        // Another process may have stored the same entry meanwhile; either copy is good.
        if rename(staging.path, target.path) != 0, !manager.fileExists(atPath: target.path) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
        return TileSet(folder: target.appendingPathComponent("tiles"), key: key, width: size.width, height: size.height,
                       tileSize: tileSize, full: full)
    }
}
