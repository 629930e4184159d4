import Foundation

/// Makes one raster original into the widths and formats the site serves.
enum RasterRenditions {
    /// Every width at or below the original's, each as AVIF, WebP and JPEG (PNG when the
    /// image has transparency), upright, sRGB, with no metadata.
    static func make(_ bytes: some ContiguousBytes & Collection<UInt8>, scale: Int, settings: RenditionSettings) -> Result<ImageRendition, Vips.Failure> {
        let header: VipsPicture
        switch VipsPicture.header(bytes) {
        case let .success(picture): header = picture
        case let .failure(failure): return .failure(failure)
        }
        let widest = settings.widths.max() ?? 2400
        let decoded: VipsPicture
        switch VipsPicture.decoded(bytes, width: widest).flatMap(eightBitOpaqueWhereItCan) {
        case let .success(picture): decoded = picture
        case let .failure(failure): return .failure(failure)
        }
        // The thumbnail step applied the orientation, so width and height are the upright ones.
        let full = min(decoded.width, widest)
        let base: VipsPicture
        switch full == decoded.width ? .success(decoded) : decoded.resized(toWidth: full) {
        case let .success(picture): base = picture
        case let .failure(failure): return .failure(failure)
        }
        let transparent = base.hasAlpha
        // A standard width within a tenth of the full one would be a near copy of it.
        let widths = settings.widths.filter { $0 * 10 < full * 9 } + [full]
        var files: [RenditionFile] = []
        var smallest: VipsPicture?
        for width in widths {
            let picture: VipsPicture
            switch width == full ? .success(base) : base.resized(toWidth: width) {
            case let .success(resized): picture = resized
            case let .failure(failure): return .failure(failure)
            }
            if smallest == nil { smallest = picture }
            let fallback: (VipsPicture.Encoding, RenditionFormat) = transparent ? (.png, .png) : (.jpeg(quality: settings.jpegQuality), .jpeg)
            let encodings: [(VipsPicture.Encoding, RenditionFormat)] = settings.draft ? [fallback] : [
                (.avif(quality: settings.avifQuality, effort: settings.avifEffort), .avif),
                (.webp(quality: settings.webpQuality), .webp),
                fallback,
            ]
            for (encoding, format) in encodings {
                switch picture.encoded(encoding) {
                case let .success(encoded):
                    files.append(RenditionFile(width: picture.width, height: picture.height, format: format, bytes: encoded))
                case let .failure(failure): return .failure(failure)
                }
            }
        }
        // The original's upright size: its header's, turned when the orientation turned it.
        let turned = (decoded.width >= decoded.height) != (header.width >= header.height)
        let uprightWidth = turned ? header.height : header.width
        let size = ImageSize(width: max(1, uprightWidth / max(1, scale)),
                             height: max(1, uprightWidth * base.height / base.width / max(1, scale)))
        return .success(ImageRendition(size: size, files: files, tone: transparent ? nil : smallest.flatMap(tone)))
    }

    /// 8 bits a channel, and the alpha channel dropped when every pixel is opaque (many
    /// PNG photos carry one that is): such images can then be served as JPEG.
    private static func eightBitOpaqueWhereItCan(_ picture: VipsPicture) -> Result<VipsPicture, Vips.Failure> {
        let eight = picture.isEightBit ? .success(picture) : picture.castToEightBit()
        return eight.flatMap { image in
            guard image.hasAlpha, let lowest = image.minimum(ofBand: image.bands - 1), lowest >= 255 else { return .success(image) }
            return image.firstBands(image.bands - 1)
        }
    }

    /// The average colour as `#rrggbb` (grey images repeat their one channel).
    private static func tone(_ picture: VipsPicture) -> String? {
        let channels = picture.bands >= 3 ? [0, 1, 2] : [0, 0, 0]
        let values = channels.compactMap { picture.average(ofBand: $0) }
        guard values.count == 3 else { return nil }
        return "#" + values.map { String(format: "%02x", min(max(Int($0.rounded()), 0), 255)) }.joined()
    }
}
