import ExpoCatalog

/// What an original really is, by its bytes (vips's loader), to compare with its name.
enum SourceFormat: Equatable {
    case png, jpeg, webp, gif, tiff, heif, svg

    /// `loader` is the class vips reads the bytes with (`VipsForeignLoadPngBuffer`).
    init?(loader: String) {
        let table: [(String, SourceFormat)] = [
            ("png", .png), ("jpeg", .jpeg), ("webp", .webp), ("gif", .gif), ("tiff", .tiff), ("heif", .heif), ("svg", .svg),
        ]
        let name = loader.lowercased()
        guard let match = table.first(where: { name.contains("load" + $0.0) }) else { return nil }
        self = match.1
    }

    init?(_ format: ImageFormat) {
        switch format {
        case .png: self = .png
        case .jpeg: self = .jpeg
        case .webp: self = .webp
        case .gif: self = .gif
        case .tiff: self = .tiff
        case .avif, .heic: self = .heif
        case .svg: self = .svg
        }
    }

    var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .heif: "HEIF/AVIF"
        case .svg: "SVG"
        }
    }
}
