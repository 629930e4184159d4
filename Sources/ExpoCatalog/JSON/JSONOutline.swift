/// Where each part of a JSON text lies, as byte offsets: what an edit needs that changes one
/// value and keeps every other byte of a curator's file as it was. Made for one entry at a
/// time, from text that `JSONParser` has already read without an error.
indirect enum JSONOutline: Sendable {
    case object(range: Range<Int>, members: [Member])
    case array(range: Range<Int>, elements: [JSONOutline])
    case scalar(range: Range<Int>)

    struct Member: Sendable {
        var key: String
        /// Where the key's opening quote is: a member's text runs from here to its value's end.
        var keyStart: Int
        var value: JSONOutline
    }

    var range: Range<Int> {
        switch self {
        case let .object(range, _), let .array(range, _), let .scalar(range): range
        }
    }

    var members: [Member] {
        if case let .object(_, members) = self { return members }
        return []
    }

    var elements: [JSONOutline] {
        if case let .array(_, elements) = self { return elements }
        return []
    }

    /// The outline of `bytes`, or nil when they are not one JSON value (with spaces around it).
    static func of(_ bytes: [UInt8]) -> JSONOutline? {
        var reader = Reader(bytes: bytes)
        reader.skipSpaces()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpaces()
        return reader.index == bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> JSONOutline? {
            guard index < bytes.count, depth < JSONParser.maximumDepth else { return nil }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipSpaces()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(range: start..<index, members: [])
                }
                while true {
                    skipSpaces()
                    let keyStart = index
                    guard let keyRange = string(),
                          case let .string(key)? = try? JSONParser.parse(Array(bytes[keyRange])) else { return nil }
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    skipSpaces()
                    guard let member = value(depth: depth + 1) else { return nil }
                    members.append(Member(key: key, keyStart: keyStart, value: member))
                    skipSpaces()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(range: start..<index, members: members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONOutline] = []
                skipSpaces()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(range: start..<index, elements: [])
                }
                while true {
                    skipSpaces()
                    guard let element = value(depth: depth + 1) else { return nil }
                    elements.append(element)
                    skipSpaces()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(range: start..<index, elements: elements) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                guard let range = string() else { return nil }
                return .scalar(range: range)
            default:
                while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                return index > start ? .scalar(range: start..<index) : nil
            }
        }

        /// The string starting here, its quotes included.
        mutating func string() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            index += 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    return start..<index
                }
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return nil
        }
    }
}
