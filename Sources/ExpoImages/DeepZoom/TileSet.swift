import Foundation

/// A photo's deep-zoom tiles on disk, laid out as IIIF Image API 3 level 0 names them:
/// `{x},{y},{w},{h}/{w'},{h'}/0/default.jpg` under `folder`, one file per tile and level.
/// The files stay on disk (a 300-megapixel photo makes about 100 MB of them); the site
/// names them and the server reads each one when it is asked for.
public struct TileSet: Sendable, Equatable {
    public let folder: URL
    /// The cache entry's content hash: its start names the tiles' address, so that new
    /// tiles of a changed photo never meet old ones in a cache.
    public let key: String
    /// The photo's full size, upright.
    public let width: Int
    public let height: Int
    public let tileSize: Int
    /// The size of `full/max`, the whole photo in one file no larger than a screen needs:
    /// level 0 asks for it, and a viewer that reads no tiles shows it.
    public let full: ImageSize
    /// The whole photo's file, under `folder` as under the service's address.
    public static let fullPath = "full/max/0/default.jpg"

    public init(folder: URL, key: String, width: Int, height: Int, tileSize: Int, full: ImageSize) {
        self.folder = folder
        self.key = key
        self.width = width
        self.height = height
        self.tileSize = tileSize
        self.full = full
    }

    /// 1, 2, 4 … down to the scale at which the whole photo fits one tile, as libvips makes them.
    public var scaleFactors: [Int] {
        var factors = [1]
        while let last = factors.last, (max(width, height) + last - 1) / last > tileSize { factors.append(last * 2) }
        return factors
    }

    /// The file of one tile at `scale`, column `column` and row `row`, relative to `folder`
    /// (the IIIF request after the service's address); nil outside the photo.
    public func tilePath(scale: Int, column: Int, row: Int) -> String? {
        let span = tileSize * scale
        let x = column * span, y = row * span
        guard scaleFactors.contains(scale), column >= 0, row >= 0, x < width, y < height else { return nil }
        let w = min(span, width - x), h = min(span, height - y)
        return "\(x),\(y),\(w),\(h)/\((w + scale - 1) / scale),\((h + scale - 1) / scale)/0/default.jpg"
    }

    /// Whether `path` (after the service's address) is a file this set has: only the names
    /// `tilePath` makes, and `full/max`, are ever read from disk.
    public func isTile(_ path: Substring) -> Bool {
        if path == Self.fullPath { return true }
        guard let slash = path.firstIndex(of: "/") else { return false }
        let region = path[..<slash].split(separator: ",", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard region.count == 4, tileSize > 0 else { return false }
        return scaleFactors.contains { scale in
            let span = tileSize * scale
            guard region[0] % span == 0, region[1] % span == 0,
                  let tile = tilePath(scale: scale, column: region[0] / span, row: region[1] / span) else { return false }
            return Substring(tile) == path
        }
    }
}
