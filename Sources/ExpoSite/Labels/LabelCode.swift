import ExpoImages

/// A QR code as a page draws it: inline SVG (`qr-code.mustache`), one path of squares in
/// a view box of modules, the quiet zone included, so that it prints sharp at any size.
struct LabelCode: Sendable {
    /// Modules per side, the quiet zone included.
    var side: Int
    var path: String
    /// What a screen reader says for it: the address it leads to.
    var alt: String
    /// The address, printed under the poster's code for those who type it.
    var url: String

    /// Nil when no QR code can hold `url`.
    init?(_ url: String, strings: LabelStrings) {
        guard let code = QRCode(url) else { return nil }
        side = code.side
        path = code.pathData
        alt = strings.codeAlt(url)
        self.url = url
    }
}

extension LabelCode: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("side", \.side),
        .field("path", \.path),
        .field("alt", \.alt),
        .field("url", \.url),
    ]
}
