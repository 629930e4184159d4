/// The DOCTYPE an SVG's prolog declares. It is never written out; it is named in the
/// warning only when it declares something (entities are how XXE and entity bombs come):
/// a DOCTYPE that merely names the SVG 1.1 DTD, as many editors write, is dropped silently.
enum SVGDoctype: Equatable {
    case none, named, declarations, entities

    /// Read from the bytes before the root element. The parser has already found the file
    /// well-formed, so the prolog holds only the XML declaration, comments, processing
    /// instructions and the DOCTYPE.
    static func declared(in data: some Collection<UInt8>) -> SVGDoctype {
        let bytes = Array(data.prefix(1 << 20))
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func at(_ text: String) -> Bool { bytes[index...].starts(with: Array(text.utf8)) }
        func skip(past end: String) {
            let marker = Array(end.utf8)
            while index < bytes.count && !bytes[index...].starts(with: marker) { index += 1 }
            index = min(bytes.count, index + marker.count)
        }
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if at("<?") {
                skip(past: "?>")
            } else if at("<!--") {
                skip(past: "-->")
            } else if at("<!DOCTYPE") {
                return subset(from: index, in: bytes)
            } else {
                return .none
            }
        }
        return .none
    }

    /// Whether the DOCTYPE at `start` has an internal subset, and whether it declares entities.
    private static func subset(from start: Int, in bytes: [UInt8]) -> SVGDoctype {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return .named
            } else if byte == UInt8(ascii: "[") {
                let rest = bytes[index...]
                let entity = Array("<!ENTITY".utf8)
                let declaresEntities = rest.indices.contains { rest[$0...].starts(with: entity) }
                return declaresEntities ? .entities : .declarations
            }
            index += 1
        }
        return .named
    }
}
