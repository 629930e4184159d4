/// What the viewer needs to load a photo's tiles, written on its zoom link as data
/// attributes: no `info.json` to fetch before the first tile.
struct PictureTiles: Sendable {
    /// The service's link (`/tiles/<name>-<hash>`), to which a tile's name is added.
    var link: String
    var width: Int
    var height: Int
    var tileSize: Int
    /// `1,2,4,8`.
    var scaleFactors: String

    init(_ service: TileService, link: String) {
        self.link = link
        width = service.tiles.width
        height = service.tiles.height
        tileSize = service.tiles.tileSize
        scaleFactors = service.tiles.scaleFactors.map(String.init).joined(separator: ",")
    }
}

extension PictureTiles: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("link", \.link),
        .field("width", \.width),
        .field("height", \.height),
        .field("tileSize", \.tileSize),
        .field("scaleFactors", \.scaleFactors),
    ]
}
