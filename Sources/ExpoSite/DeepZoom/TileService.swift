import ExpoImages
import Foundation

/// A large photo's deep-zoom tiles as the site serves them: an IIIF Image API 3 level 0
/// image service at `/tiles/<name>-<hash>/`. Its `info.json` is made here, with the address
/// the site is served at; its tiles are the files libvips wrote, read from disk when asked
/// for rather than held (a 300-megapixel photo has about 100 MB of them).
public struct TileService: Sendable {
    public static let prefix = "/tiles/"
    static let context = "http://iiif.io/api/image/3/context.json"
    static let infoType = "application/ld+json;profile=\"\(context)\""

    /// `/tiles/<name>-<hash>`, without a final slash: the service's id once made absolute.
    public let path: String
    public let tiles: TileSet

    /// The service of `tiles` of the image `name`: its address carries the tiles' content
    /// hash, so its files are cached for a year and a new photo never meets old tiles.
    init(name: String, tiles: TileSet) {
        path = Self.prefix + name + "-" + tiles.key.prefix(10)
        self.tiles = tiles
    }

    var infoPath: String { path + "/info.json" }

    /// The image information document. IIIF wants `id` absolute: without the site's origin
    /// it is the path from the site's root, which the guide's own viewer does not read.
    func info(id: String) -> [UInt8] {
        var tile = JSONText()
        tile.add("width", tiles.tileSize)
        tile.add("scaleFactors", integers: tiles.scaleFactors)
        var info = JSONText()
        info.add("@context", Self.context)
        info.add("id", id)
        info.add("type", "ImageService3")
        info.add("protocol", "http://iiif.io/api/image")
        info.add("profile", "level0")
        info.add("width", tiles.width)
        info.add("height", tiles.height)
        // `max` is the whole photo in one file no larger than a screen needs; the tiles
        // (whose sizes are all under it) hold the rest.
        info.add("maxWidth", tiles.full.width)
        info.add("maxHeight", tiles.full.height)
        var full = JSONText()
        full.add("width", tiles.full.width)
        full.add("height", tiles.full.height)
        info.add("sizes", [full])
        info.add("tiles", [tile])
        return Array(info.text.utf8)
    }

    /// The file on disk for `rest`, the request's path after the service's (`0,0,512,512/512,512/0/default.jpg`);
    /// nil for any name libvips did not write: nothing else under the cache is ever read.
    public func file(_ rest: Substring) -> URL? {
        tiles.isTile(rest) ? tiles.folder.appendingPathComponent(String(rest)) : nil
    }

    /// The tile `rest` as a file the server sends and the export copies from disk, never
    /// read: its ETag names the tile set (whose key is the hash of the photo and the
    /// settings, which decide every tile's bytes) and the tile's place in it. Nil when
    /// there is no such tile.
    func mediaFile(_ rest: Substring) -> MediaFile? {
        guard let url = file(rest), let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.intValue, size > 0 else { return nil }
        return MediaFile(url: url, size: size, contentHash: ContentHash.hex(Array("\(tiles.key) \(rest)".utf8)))
    }
}
