import ExpoImages

/// An image as the pages link it: the URLs of every rendition, grouped as `<picture>`
/// needs them, with its size and loading tone.
struct Picture: Sendable {
    struct Source: Sendable {
        var type: String
        var srcset: String
    }

    var size: ImageSize?
    /// The class that paints the image's average colour while it loads.
    var toneClass: String?
    /// AVIF, then WebP: the browser takes the first type it can show.
    var sources: [Source]
    /// The JPEG or PNG widths for browsers that show neither, or nil for a vector image.
    var srcset: String?
    var src: String
    /// The widest JPEG or PNG, for links to the full image.
    var largest: String
    /// The widest JPEG or PNG, with its size and type; nil for a vector image.
    var largestRaster: (link: String, width: Int, height: Int, format: String)?
    /// What a shared link shows: a JPEG (PNG) up to 1200 pixels wide; nil for a vector.
    var share: (link: String, width: Int, height: Int)?
    /// The phone's lock screen picture while the exhibit's recording plays: a WebP about 512
    /// pixels wide (Safari fetches no JPEG for a page that has WebP), else the shared one.
    var artwork: (link: String, width: Int, height: Int, type: String?)?
    /// A large photo's deep-zoom tiles; nil for every other image.
    var tiles: PictureTiles?

    /// The widths a phone uses offline: the smallest file at least this many pixels wide
    /// fits a list thumbnail (6rem at 3x) and the exhibit image (24rem at 3x).
    static let phoneWidths = [288, 1152]
    static let shareWidth = 1200

    /// The site paths of the files a phone needs to show the image offline: WebP, which
    /// every browser the guide supports shows; the service worker stands it in for the
    /// other formats when it is offline.
    static func offlineFiles(_ rendition: ImageRendition) -> [RenditionFile] {
        if rendition.isVector { return rendition.files(.svg) }
        let webp = rendition.files(.webp)
        return Set(phoneWidths.compactMap { want in webp.first { $0.width >= want } ?? webp.last }.map(\.width))
            .sorted().compactMap { width in webp.first { $0.width == width } }
    }

    /// `link(file)` is the URL the site serves the file at.
    init(_ rendition: ImageRendition, link: (RenditionFile) -> String) {
        size = rendition.size
        toneClass = rendition.tone.map { "tone-" + $0.dropFirst() }
        func srcset(_ files: [RenditionFile]) -> String {
            files.map { "\(link($0)) \($0.width)w" }.joined(separator: ", ")
        }
        sources = [RenditionFormat.avif, .webp].compactMap { format in
            let files = rendition.files(format)
            return files.isEmpty ? nil : Source(type: format.mediaType, srcset: srcset(files))
        }
        let fallback = rendition.isVector ? rendition.files(.svg) : rendition.fallbackFormat.map(rendition.files) ?? []
        self.srcset = rendition.isVector ? nil : srcset(fallback)
        // Browsers without srcset take a middle width, sharp enough for a phone.
        let middle = fallback.last { $0.width <= 800 } ?? fallback.first
        src = middle.map(link) ?? ""
        largest = fallback.last.map(link) ?? src
        largestRaster = rendition.isVector ? nil : fallback.last.map { (link($0), $0.width, $0.height, $0.format.mediaType) }
        let jpegs = rendition.files(.jpeg).isEmpty ? rendition.files(.png) : rendition.files(.jpeg)
        share = (jpegs.last { $0.width <= Self.shareWidth } ?? jpegs.first).map { (link($0), $0.width, $0.height) }
        let webp = rendition.files(.webp)
        if let file = webp.first(where: { $0.width >= 512 }) ?? webp.last {
            artwork = (link(file), file.width, file.height, RenditionFormat.webp.mediaType)
        } else {
            artwork = share.map { ($0.link, $0.width, $0.height, nil) }
        }
    }
}

extension Picture.Source: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("type", \.type),
        .field("srcset", \.srcset),
    ]
}
