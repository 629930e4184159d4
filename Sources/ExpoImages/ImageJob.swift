import ExpoCatalog
import Foundation

/// One image's work: choose the original, read it, make or fetch its renditions.
struct ImageJob {
    let name: String
    let image: CatalogImage
    let cache: RenditionCache?
    let settings: RenditionSettings
    /// How large photos are cut into deep-zoom tiles; nil makes none (no cache to keep them in).
    var tileSettings: TileSettings?
    var diagnostics: [Diagnostic] = []
    var fromCache = false
    var cacheProblem: Diagnostic?
    var draftWhenUncached = false
    private(set) var isDraft = false
    /// The raster originals that can be read, the one with the most pixels first.
    private var candidates: [ImageVariant] = []
    /// What libvips, GLib and librsvg logged while each file was read, by file.
    private var libraryMessages: [String: [String]] = [:]

    init(name: String, image: CatalogImage, cache: RenditionCache?, settings: RenditionSettings) {
        self.name = name
        self.image = image
        self.cache = cache
        self.settings = settings
    }

    private var vector: ImageVariant? { image.variants.first { $0.format == .svg } }

    /// Checks each raster original's header. The one with the most pixels makes the
    /// sharpest renditions; a file that cannot be read gives way to the next.
    mutating func readHeaders() {
        guard vector == nil else { return }
        var readable: [(variant: ImageVariant, pixels: Int)] = []
        for variant in image.variants {
            if let pixels = reading(variant.file, { $0.checkedPixels(variant) }) { readable.append((variant, pixels)) }
        }
        candidates = readable.sorted { $0.pixels > $1.pixels }.map(\.variant)
    }

    mutating func run() -> ImageRendition? {
        if let vector {
            let declared = SVGDeclaredSize(vector.data)
            if let absurdity = declared.absurdity(pixelLimit: settings.vectorPixelLimit) {
                return shownAsWritten(vector, declared: declared, absurdity: absurdity)
            }
            let key = RenditionCache.key([UInt8](vector.data), scale: 0, settings: settings)
            let settings = settings
            return reading(vector.file) { job in
                job.cached(key) { VectorRendition.make(vector, settings: settings, diagnostics: &$0) }
            }
        }
        for variant in candidates {
            if let rendition = reading(variant.file, { $0.renditions(of: variant) }) {
                warnIfSoft(rendition, original: variant)
                return rendition
            }
        }
        return nil
    }

    /// The original's pixel count, or nil with a warning when it is empty, no image, or
    /// too large to decode safely.
    private mutating func checkedPixels(_ variant: ImageVariant) -> Int? {
        let bytes = variant.data
        let fallback = "; a placeholder is shown" + (image.variants.count > 1 ? " unless another scale can be used" : "")
        guard !bytes.isEmpty else {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "the file is empty\(fallback)"))
            return nil
        }
        // Read only by the loader its magic number names: a PDF or a Photoshop file under a
        // .png name never reaches poppler or ImageMagick.
        guard let format = SourceFormat(magic: bytes) else {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "is not an image the guide can read (damaged, or another kind of file)\(fallback)"))
            return nil
        }
        let header: VipsPicture
        switch VipsPicture.header(bytes, format: format) {
        case let .success(picture): header = picture
        case let .failure(failure):
            diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be read: \(failure.message)\(fallback)"))
            return nil
        }
        let pixels = header.width * header.height
        guard pixels <= settings.pixelLimit else {
            diagnostics.append(Diagnostic(.warning, file: variant.file,
                "is \(header.width.formatted()) × \(header.height.formatted()) pixels, over the limit of "
                    + "\((settings.pixelLimit / 1_000_000).formatted()) megapixels; not decoded\(fallback)"))
            return nil
        }
        if let named = SourceFormat(variant.format), format != named {
            diagnostics.append(Diagnostic(.warning, file: variant.file, "is a \(format.name) file with a .\(variant.fileExtension) name; read as \(format.name)"))
        }
        return pixels
    }

    private mutating func renditions(of variant: ImageVariant) -> ImageRendition? {
        // The catalog's own bytes, not a copy: a 100 MB original would otherwise be held twice.
        let bytes = variant.data
        var settings = settings
        let key = RenditionCache.key(bytes, scale: variant.scale, settings: settings)
        if draftWhenUncached, let cache, !cache.contains(key) {
            settings = .draft
            isDraft = true
        }
        // A 100 MB original takes half a second to hash: the key is made again only for a draft.
        let rendition = cached(isDraft ? RenditionCache.key(bytes, scale: variant.scale, settings: settings) : key) { [settings] diagnostics in
            switch RasterRenditions.make(bytes, scale: variant.scale, settings: settings) {
            case let .success(rendition): return rendition
            case let .failure(failure):
                diagnostics.append(Diagnostic(.warning, file: variant.file, "cannot be decoded: \(failure.message); a placeholder is shown"))
                return nil
            }
        }
        guard var rendition, !isDraft, let cache, let tileSettings, case let .success(header) = VipsPicture.header(bytes),
              tileSettings.tiles(width: header.width, height: header.height) else { return rendition }
        rendition.tiles = DeepZoomTiles.tiles(of: bytes, width: header.width, height: header.height, file: variant.file,
                                              cache: cache, settings: tileSettings, diagnostics: &diagnostics)
        return rendition
    }

    /// The cache's rendition under `key`, or the one `make` makes, then stored.
    private mutating func cached(_ key: String,
                                 _ make: (inout [Diagnostic]) -> ImageRendition?) -> ImageRendition? {
        if let cache, let cached = cache.read(key) {
            fromCache = true
            return cached
        }
        guard let rendition = make(&diagnostics) else { return nil }
        if let cache {
            do {
                try cache.write(rendition, key: key)
            } catch {
                cacheProblem = Diagnostic(.warning, file: cache.folder.path,
                    "the image cache cannot be written (\(FileProblem.describe(error))); images are made again at every start")
            }
        }
        return rendition
    }

    /// Warns when the original is narrower than the widest place it is shown needs on a
    /// 2x phone: it is shown, but soft.
    private mutating func warnIfSoft(_ rendition: ImageRendition, original: ImageVariant) {
        let shown = switch name {
        case "flag": 44
        case "poster": 320
        default: RenditionSettings.largestShownWidth
        }
        let widest = rendition.files.map(\.width).max() ?? 0
        guard widest < shown * 2 else { return }
        diagnostics.append(Diagnostic(.warning, file: original.file,
            "is \(widest) pixels wide; shown up to \(shown) points wide, it needs \(shown * 2) pixels to look sharp on a phone"))
    }

    // MARK: What the libraries say

    /// Runs a read of `file` with what libvips, GLib and librsvg log on this thread kept
    /// for `reportLibraryMessages`, instead of printed.
    private mutating func reading<T>(_ file: String, _ read: (inout ImageJob) -> T) -> T {
        var job = self
        let (result, messages) = Vips.messages { read(&job) }
        self = job
        if !messages.isEmpty { libraryMessages[file, default: []] += messages }
        return result
    }

    /// What libvips says of files it reads well, about colour data it leaves aside: every
    /// AVIF written through libaom carries an `nclx` colour description. A note, not a
    /// warning: the curator has nothing to fix, and `validate --strict` should pass.
    static let remarks = ["ignoring nclx profile"]

    /// One diagnostic per file for what the libraries said about it: added to the warning
    /// the file already has (why it shows a placeholder), else a warning of its own, or a
    /// note when libvips only remarked on colour data it ignores.
    mutating func reportLibraryMessages() {
        for (file, messages) in libraryMessages.sorted(by: { $0.key < $1.key }) {
            let said = "libvips reported: " + Vips.summary(messages).joined(separator: "; ")
            if let index = diagnostics.lastIndex(where: { $0.file == file && $0.severity == .warning }) {
                diagnostics[index].message += " (\(said))"
            } else {
                let onlyRemarks = messages.allSatisfy { message in Self.remarks.contains { message.contains($0) } }
                diagnostics.append(Diagnostic(onlyRemarks ? .note : .warning, file: file, "\(said); the image is shown as it could be read"))
            }
        }
        libraryMessages = [:]
    }

    /// An SVG whose declared size no renderer should be asked to draw: never handed to
    /// librsvg, it is served as it is (browsers scale it to the page) at its viewBox's
    /// proportions, or is a placeholder when it has no viewBox to show it by.
    private mutating func shownAsWritten(_ vector: ImageVariant, declared: SVGDeclaredSize, absurdity: String) -> ImageRendition? {
        guard let size = declared.viewBoxSize else {
            diagnostics.append(Diagnostic(.warning, file: vector.file, "\(absurdity), and has no viewBox to show it by; a placeholder is shown"))
            return nil
        }
        diagnostics.append(Diagnostic(.warning, file: vector.file,
            "\(absurdity); shown as a vector at its viewBox's proportions (\(size.width) × \(size.height)), without a picture for link previews"))
        let file = RenditionFile(width: size.width, height: size.height, format: .svg, bytes: [UInt8](vector.data))
        return ImageRendition(size: size, files: [file], tone: nil)
    }
}
