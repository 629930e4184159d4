import ExpoCatalog

/// An image as a template places it: every attribute decided, or a placeholder when the
/// catalog has no file for it.
struct ImageModel: Sendable {
    struct Size: Sendable {
        var width: Int
        var height: Int
    }

    var src: String
    var srcset: String?
    var sizes: String?
    var size: Size?
    var alt: String
    var cssClass: String
    var lazy: Bool
    var isPlaceholder: Bool
    /// Hidden from assistive technology because the text next to it already says it all.
    var decorative: Bool
    var placeholderText: String

    /// `slot` is the width the image takes on the page, as a `sizes` value: with it, the
    /// browser picks the smallest file that is sharp enough, rather than the one for the
    /// screen's pixel ratio (a 3x phone would otherwise fetch a 3x photo for a thumbnail).
    init(_ image: CatalogImage?, assets: SiteAssets, alt: String, cssClass: String, slot: String,
         lazy: Bool = false, decorative: Bool = false, placeholderText: String) {
        self.alt = decorative ? "" : alt
        self.cssClass = cssClass
        self.lazy = lazy
        self.decorative = decorative
        self.placeholderText = placeholderText
        guard let image, let first = image.variants.first, let firstURL = assets.url(of: first, in: image) else {
            src = ""
            isPlaceholder = true
            return
        }
        isPlaceholder = false
        src = firstURL
        if image.variants.count > 1 {
            let widths = image.variants.compactMap { $0.pixelSize?.width }
            if widths.count == image.variants.count {
                srcset = zip(image.variants, widths).compactMap { variant, width in
                    assets.url(of: variant, in: image).map { "\($0) \(width)w" }
                }.joined(separator: ", ")
                sizes = slot
            } else {
                srcset = image.variants.compactMap { variant in
                    assets.url(of: variant, in: image).map { "\($0) \(variant.scale)x" }
                }.joined(separator: ", ")
            }
        }
        size = image.displaySize.map { Size(width: $0.width, height: $0.height) }
    }
}
