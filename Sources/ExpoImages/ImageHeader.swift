import Foundation

/// What an original's header says, read without decoding its pixels: for a program that
/// takes photos from elsewhere (`import iiif`) and must refuse a "bomb" before it is kept.
public enum ImageHeader {
    /// The stored size (before any EXIF turn); nil when the bytes are no image the guide reads.
    public static func size(of bytes: some ContiguousBytes & Collection<UInt8>) -> ImageSize? {
        guard case let .success(header) = VipsPicture.header(bytes) else { return nil }
        return ImageSize(width: header.width, height: header.height)
    }

    /// The largest original the guide decodes, in pixels.
    public static var pixelLimit: Int { RenditionSettings().pixelLimit }

    /// The file extension for what the bytes are by their magic number (the same reading that
    /// chooses their loader), whatever a name or address says; nil when they are no image
    /// the guide reads.
    public static func fileExtension(of bytes: some Collection<UInt8>) -> String? {
        switch SourceFormat(magic: bytes) {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .gif: "gif"
        case .tiff: "tif"
        case .heif: Array(bytes.prefix(12)).dropFirst(8).starts(with: Array("avi".utf8)) ? "avif" : "heic"
        case .svg, nil: nil
        }
    }
}
