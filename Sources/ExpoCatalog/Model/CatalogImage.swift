import Foundation

/// An image of the catalog (`poster`, `flag` or an exhibit's id) with every file found for it.
public struct CatalogImage: Sendable, Equatable {
    public var name: String
    /// Sorted by scale, smallest first; a vector image has a single variant of scale 1.
    public var variants: [ImageVariant]

    public init(name: String, variants: [ImageVariant]) {
        self.name = name
        self.variants = variants.sorted { $0.scale < $1.scale }
    }

    /// The size at which the image is laid out (CSS pixels): a variant's pixels divided by
    /// its scale.
    public var displaySize: ImageSize? {
        for variant in variants {
            if let size = variant.pixelSize {
                return ImageSize(width: size.width / variant.scale, height: size.height / variant.scale)
            }
        }
        return nil
    }
}

/// One file of an image: its bytes as read when the catalog loaded, so that serving and
/// exporting never go back to the disk.
public struct ImageVariant: Sendable, Equatable {
    /// The path relative to the catalog folder, as messages name it.
    public var file: String
    public var format: ImageFormat
    /// 1, 2 or 3: the device pixel ratio the file is drawn for.
    public var scale: Int
    public var data: Data
    /// The size in pixels of the file itself (not divided by its scale), when its header
    /// could be read.
    public var pixelSize: ImageSize?

    public init(file: String, format: ImageFormat, scale: Int, data: Data) {
        self.file = file
        self.format = format
        self.scale = scale
        self.data = data
        self.pixelSize = ImageSize.read([UInt8](data.prefix(262_144)), format: format)
    }
}

public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png, jpeg, webp

    /// File extensions, most preferred first when a name has several formats at one scale.
    static let extensions: [(ext: String, format: ImageFormat)] = [
        ("svg", .svg), ("webp", .webp), ("png", .png), ("jpg", .jpeg), ("jpeg", .jpeg),
    ]

    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    public var fileExtension: String {
        switch self {
        case .svg: "svg"
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        }
    }
}
