import CVips
import ExpoCatalog

/// What an original really is, by the magic numbers its bytes start with, to compare with
/// its name and to choose the one loader that reads it. Bytes that match none of these
/// (a PDF, a Photoshop file, a text) are read by nothing: libvips's own guess could hand
/// them to poppler or ImageMagick.
enum SourceFormat: Equatable {
    case png, jpeg, webp, gif, tiff, heif, svg

    /// A raster format from the bytes' first few; nil when they start as none of them. SVG
    /// is text without a magic number: it is known by its name, and checked by the parser.
    init?(magic original: some Collection<UInt8>) {
        // The first bytes only, copied: an original may be a 100 MB `Data` whose indices need not start at 0.
        let bytes = Array(original.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) {
            self = .webp
        } else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) {
            self = .gif
        } else if starts(ascii("II*\0")) || starts(ascii("MM\0*")) || starts(ascii("II+\0")) || starts(ascii("MM\0+")) {
            self = .tiff
        } else if starts(ascii("ftyp"), at: 4), bytes.count >= 12,
                  Self.heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self)) {
            self = .heif
        } else {
            return nil
        }
    }

    /// The major brands of HEIF files (HEIC photos, AVIF), as libheif accepts them.
    private static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"]

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

    /// The shim's name for the format's loader.
    var loader: expo_format {
        switch self {
        case .png: EXPO_PNG
        case .jpeg: EXPO_JPEG
        case .webp: EXPO_WEBP
        case .gif: EXPO_GIF
        case .tiff: EXPO_TIFF
        case .heif: EXPO_HEIF
        case .svg: EXPO_SVG
        }
    }

    /// The class of that loader, as `vips_foreign_find_load_buffer` names it.
    var loaderClass: String {
        switch self {
        case .png: "VipsForeignLoadPngBuffer"
        case .jpeg: "VipsForeignLoadJpegBuffer"
        case .webp: "VipsForeignLoadWebpBuffer"
        case .gif: "VipsForeignLoadNsgifBuffer"
        case .tiff: "VipsForeignLoadTiffBuffer"
        case .heif: "VipsForeignLoadHeifBuffer"
        case .svg: "VipsForeignLoadSvgBuffer"
        }
    }
}
