import Mustache

/// The templates' HTML escaping, done on UTF-8 bytes. swift-mustache's own escaper walks
/// grapheme clusters, which made it a third of rendering a large Korean catalog. Same five
/// characters, same replacements; text without any of them is returned as it is.
struct UTF8HTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x27: escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The same escaping for HTML written in Swift rather than in a template.
    static func escape(_ text: String) -> String { UTF8HTMLContentType().escapeText(text) }

    /// The name templates give it, on their first line: `{{% CONTENT_TYPE: UTF8HTML }}`.
    static let name = "UTF8HTML"

    /// Registers it once, before any template that names it is parsed.
    static let installed: Void = MustacheContentTypes.register(UTF8HTMLContentType(), named: name)
}
