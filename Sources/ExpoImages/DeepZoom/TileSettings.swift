/// How a large photo is cut into tiles for deep zoom. Part of the tiles' cache key:
/// changing a setting makes them again.
public struct TileSettings: Sendable, Hashable {
    /// Photos whose longer side is larger than this get tiles; smaller ones zoom in their
    /// widest rendition (2,400 pixels), which is already all they hold or nearly.
    public var threshold = 4000
    /// 512-pixel squares: a phone's screen takes about six of them at each level, where 256
    /// would take four times as many requests for the same pixels.
    public var tileSize = 512
    /// With Huffman tables made for each tile: a zoom step on a phone over slow 4G (1.6 Mbps)
    /// then fetches about 130 KB and is sharp within a second even on a photo full of fine
    /// noise, where quality 75 took 180 KB and 1.1 s (`scripts/bench`).
    public var jpegQuality = 65
    /// The longer side of `full/max`: the guide's own widest rendition is 2,400 pixels.
    public var fullSize = 2400
    /// Raised whenever the way tiles are made changes, so old cache entries are not used.
    public var pipelineVersion = 1

    public init() {}

    /// Whether a photo of this size gets tiles.
    public func tiles(width: Int, height: Int) -> Bool { max(width, height) > threshold }

    var fingerprint: String { "tiles v\(pipelineVersion) t\(tileSize) q\(jpegQuality) f\(fullSize)" }
}
