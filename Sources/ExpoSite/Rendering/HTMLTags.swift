/// Tags written in Swift where a template would cost too much, such as the head's tags on
/// every page of a large catalog (twenty template lookups a page made rendering a quarter
/// slower). Element and attribute names are fixed in the program (`StaticString`), and every
/// value is escaped, so no text can become markup here either.
package struct HTMLTags {
    private var bytes: [UInt8] = []

    package init() {}

    /// `<name attribute="value" …>`, one a line; an attribute whose value is nil is left
    /// out, and one whose value is empty is written bare (`defer`, `data-views`).
    package mutating func tag(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String?>, closed: Bool = false) {
        if !bytes.isEmpty { bytes.append(0x0A) }
        append(name, before: 0x3C)
        for (attribute, value) in attributes {
            guard let value else { continue }
            append(attribute, before: 0x20)
            if !value.isEmpty {
                bytes.append(contentsOf: [0x3D, 0x22])
                HTMLEscaping.append(value, to: &bytes)
                bytes.append(0x22)
            }
        }
        bytes.append(0x3E)
        if closed {
            bytes.append(contentsOf: [0x3C, 0x2F])
            append(name, before: nil)
            bytes.append(0x3E)
        }
    }

    /// A `<noscript>` around the tags `inner` writes, on one line.
    package mutating func noscript(_ inner: (inout HTMLTags) -> Void) {
        var nested = HTMLTags()
        inner(&nested)
        if !bytes.isEmpty { bytes.append(0x0A) }
        bytes.append(contentsOf: Array("<noscript>".utf8) + nested.bytes + Array("</noscript>".utf8))
    }

    package var html: HTML { HTML(String(decoding: bytes, as: UTF8.self)) }

    private mutating func append(_ name: StaticString, before: UInt8?) {
        if let before { bytes.append(before) }
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}
