/// An image as a template places it: every attribute decided, or a placeholder when the
/// catalog has no file for it.
struct ImageModel: Sendable {
    struct Size: Sendable {
        var width: Int
        var height: Int
    }

    /// `<source>` elements, AVIF then WebP; empty for a vector image.
    var sources: [Picture.Source]
    var src: String
    var srcset: String?
    var sizes: String?
    var size: Size?
    var alt: String
    /// The alt text's language when it is not the page's (a translation's missing alt).
    var altLang: String? = nil
    var cssClass: String
    var lazy: Bool
    /// The screen's largest image: fetched before anything else the page loads.
    var priority: Bool
    var isPlaceholder: Bool
    /// Hidden from assistive technology because the text next to it already says it all.
    var decorative: Bool
    var placeholderText: String

    /// `slot` is the width the image takes on the page, as a `sizes` value: with it, the
    /// browser picks the smallest file that is sharp enough for the screen's pixel ratio.
    init(_ picture: Picture?, alt: String, cssClass: String, slot: String,
         lazy: Bool = false, priority: Bool = false, decorative: Bool = false, placeholderText: String) {
        self.alt = decorative ? "" : alt
        self.lazy = lazy
        self.priority = priority && !lazy
        self.decorative = decorative
        self.placeholderText = placeholderText
        guard let picture, !picture.src.isEmpty else {
            self.cssClass = cssClass
            sources = []
            src = ""
            isPlaceholder = true
            return
        }
        self.cssClass = [cssClass, picture.toneClass].compactMap { $0 }.joined(separator: " ")
        isPlaceholder = false
        sources = picture.sources
        src = picture.src
        srcset = picture.srcset
        sizes = picture.srcset == nil ? nil : slot
        size = picture.size.map { Size(width: $0.width, height: $0.height) }
    }
}

extension ImageModel: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("sources", \.sources),
        .field("src", \.src),
        .field("srcset", \.srcset),
        .field("sizes", \.sizes),
        .field("size", \.size),
        .field("alt", \.alt),
        .field("altLang", \.altLang),
        .field("cssClass", \.cssClass),
        .field("lazy", \.lazy),
        .field("priority", \.priority),
        .field("isPlaceholder", \.isPlaceholder),
        .field("decorative", \.decorative),
        .field("placeholderText", \.placeholderText),
    ]
}

extension ImageModel.Size: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("width", \.width),
        .field("height", \.height),
    ]
}
