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

    /// Has `make` cut the tiles into the entry's hidden folder and describes them beside
    /// them; `store` renames the entry into place whole.
    func storeTiles(_ key: String, tileSize: Int, make: (URL) throws -> (size: ImageSize, full: ImageSize)) throws -> TileSet {
        var made: (size: ImageSize, full: ImageSize)?
        try store(key) { staging in
            let sizes = try make(staging.appendingPathComponent("tiles"))
            let described = TilesEntry(width: sizes.size.width, height: sizes.size.height, tileSize: tileSize, full: sizes.full)
            try JSONEncoder().encode(described).write(to: staging.appendingPathComponent("tiles.json"))
            made = sizes
        }
        guard let made else { throw CocoaError(.fileWriteUnknown) }
        return TileSet(folder: folder.appendingPathComponent(key).appendingPathComponent("tiles"), key: key,
                       width: made.size.width, height: made.size.height, tileSize: tileSize, full: made.full)
    }
}
