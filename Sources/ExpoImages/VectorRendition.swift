import ExpoCatalog

/// An SVG is served as the catalog's loader made it safe (`SVGSanitizer`); vips (through
/// librsvg) reads its size so the page can reserve its space, and draws the JPEG that link
/// previews show (they do not draw SVG).
enum VectorRendition {
    /// The width of the preview JPEG: what Open Graph readers ask for.
    public static let shareWidth = 1200

    static func make(_ variant: ImageVariant, settings: RenditionSettings, diagnostics: inout [Diagnostic]) -> ImageRendition? {
        let bytes = [UInt8](variant.data)
        let size: ImageSize
        switch VipsPicture.header(bytes, format: .svg) {
        case let .success(header): size = ImageSize(width: header.width, height: header.height)
        case let .failure(failure):
            diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be read as SVG: \(failure.message); a placeholder is shown"))
            return nil
        }
        var files = [RenditionFile(width: size.width, height: size.height, format: .svg, bytes: bytes)]
        let share = VipsPicture.renderedVector(bytes, width: shareWidth)
            .flatMap { $0.flattenedOnWhite() }
            .flatMap { picture in picture.encoded(.jpeg(quality: settings.jpegQuality)).map { (picture, $0) } }
        switch share {
        case let .success((picture, jpeg)):
            files.append(RenditionFile(width: picture.width, height: picture.height, format: .jpeg, bytes: jpeg))
        case let .failure(failure):
            diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be drawn as a JPEG for link previews: \(failure.message); they show the app icon"))
        }
        return ImageRendition(size: size, files: files, tone: nil)
    }
}
