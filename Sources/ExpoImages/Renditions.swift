import ExpoCatalog

/// What the image work made of a catalog's images: for each image name, the files the
/// site serves, and the warnings met on the way. A pure value, like the catalog.
public struct Renditions: Sendable {
    public var images: [String: ImageRendition]
    public var diagnostics: [Diagnostic]
    /// Images shown by a quick draft until their real renditions are made (`serve --watch`).
    public var drafts: Set<String> = []
    /// The recordings made by the audio work (`AudioWork`), by the original's file name.
    public var recordings: [String: AudioRendition] = [:]
    /// The videos made by the video work (`VideoWork`), by the original's file name.
    public var videos: [String: VideoRendition] = [:]

    public init(images: [String: ImageRendition] = [:], diagnostics: [Diagnostic] = []) {
        self.images = images
        self.diagnostics = diagnostics
    }
}

/// One catalog image as the site serves it: a vector file as it is, or a raster original
/// made into several widths, each in several formats.
public struct ImageRendition: Sendable {
    /// The size the image is laid out at, in CSS pixels (the original's pixels divided by
    /// its scale); its ratio is what keeps the page from moving while the image loads.
    public var size: ImageSize
    /// Smallest first; every width of a raster image comes in each of its formats.
    public var files: [RenditionFile]
    /// The image's average colour as `#rrggbb`, shown while it loads; nil for vectors and
    /// images with transparency, where a tint would show through.
    public var tone: String?
    /// A large photo's deep-zoom tiles, on disk; nil for every other image.
    public var tiles: TileSet?

    public init(size: ImageSize, files: [RenditionFile], tone: String?, tiles: TileSet? = nil) {
        self.size = size
        self.files = files
        self.tone = tone
        self.tiles = tiles
    }

    /// A vector image is served as its SVG; its one raster file is the JPEG that link
    /// previews show, since they do not draw SVG.
    public var isVector: Bool { files.contains { $0.format == .svg } }

    /// The files of one format, narrowest first.
    public func files(_ format: RenditionFormat) -> [RenditionFile] {
        files.filter { $0.format == format }.sorted { $0.width < $1.width }
    }

    /// The format every browser shows: JPEG, or PNG for an image with transparency.
    public var fallbackFormat: RenditionFormat? {
        [.jpeg, .png, .svg].first { !files($0).isEmpty }
    }
}

public struct RenditionFile: Sendable {
    public var width: Int
    public var height: Int
    public var format: RenditionFormat
    public var bytes: [UInt8]

    public init(width: Int, height: Int, format: RenditionFormat, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }
}

public enum RenditionFormat: String, Sendable, CaseIterable, Codable {
    case avif, webp, jpeg, png, svg

    public var mediaType: String {
        switch self {
        case .avif: "image/avif"
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .svg: "image/svg+xml"
        }
    }

    public var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }
}

/// A width and height in pixels.
public struct ImageSize: Sendable, Equatable, Codable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
