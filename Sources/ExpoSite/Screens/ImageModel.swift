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
    var size: Size?
    var alt: String
    var cssClass: String
    var lazy: Bool
    var isPlaceholder: Bool
    /// Hidden from assistive technology because the text next to it already says it all.
    var decorative: Bool
    var placeholderText: String

    init(_ image: CatalogImage?, assets: SiteAssets, alt: String, cssClass: String,
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
            srcset = image.variants.compactMap { variant in
                assets.url(of: variant, in: image).map { "\($0) \(variant.scale)x" }
            }.joined(separator: ", ")
        }
        size = image.displaySize.map { Size(width: $0.width, height: $0.height) }
    }
}
