import ExpoCatalog

/// An SVG is served as it is; vips (through librsvg) reads its size so the page can
/// reserve its space.
enum VectorRendition {
    static func make(_ variant: ImageVariant, diagnostics: inout [Diagnostic]) -> ImageRendition? {
        let bytes = [UInt8](variant.data)
        var size: ImageSize?
        switch VipsPicture.header(bytes) {
        case let .success(header): size = ImageSize(width: header.width, height: header.height)
        case let .failure(failure):
            diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be read as SVG: \(failure.message); a placeholder is shown"))
            return nil
        }
        guard let size else { return nil }
        return ImageRendition(size: size, files: [RenditionFile(width: size.width, height: size.height, format: .svg, bytes: bytes)], tone: nil)
    }
}
