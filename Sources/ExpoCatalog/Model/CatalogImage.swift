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
}

/// One file of an image: its bytes as read when the catalog loaded. Reading what they
/// hold (size, orientation, colour) is the image work's job, not the catalog's.
public struct ImageVariant: Sendable, Equatable {
    /// The path relative to the catalog folder, as messages name it.
    public var file: String
    /// The format its name says; the bytes may disagree, and the image work checks.
    public var format: ImageFormat
    /// 1, 2 or 3: the device pixel ratio the file is drawn for.
    public var scale: Int
    public var data: Data

    public init(file: String, format: ImageFormat, scale: Int, data: Data) {
        self.file = file
        self.format = format
        self.scale = scale
        self.data = data
    }

    /// The extension of the file's name, as written (`PNG`, `jpeg`).
    public var fileExtension: String {
        file.split(separator: ".").last.map(String.init) ?? ""
    }
}

public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png, jpeg, webp, gif, tiff, avif, heic

    /// File extensions, most preferred first when a name has several formats at one scale.
    static let extensions: [(ext: String, format: ImageFormat)] = [
        ("svg", .svg), ("webp", .webp), ("avif", .avif), ("png", .png), ("jpg", .jpeg), ("jpeg", .jpeg),
        ("heic", .heic), ("heif", .heic), ("tif", .tiff), ("tiff", .tiff), ("gif", .gif),
    ]

    /// The format a file name's extension stands for, in any case.
    public static func forExtension(_ ext: String) -> ImageFormat? {
        extensions.first { $0.ext == ext.lowercased() }?.format
    }
}
