/// A syntax error with the place a person needs to find it: line and column count from 1,
/// columns in characters (not bytes), so a Korean line points at the right spot.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes. Foundation's JSONSerialization does not
/// promise a line and column in its errors, and the catalog's messages must have them.
struct JSONParser {
    /// Deeper nesting than a catalog ever needs; the limit keeps hostile input from
    /// exhausting the stack.
    static let maximumDepth = 200

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    /// Where each key of the objects being read starts, innermost object last.
    private var keyPlaces: [(line: Int, column: Int)] = []
    private var duplicates: [JSONDuplicateKey] = []

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var duplicates: [JSONDuplicateKey] = []
        return try parse(bytes, duplicates: &duplicates)
    }

    static func parse(_ bytes: [UInt8], duplicates: inout [JSONDuplicateKey]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        let value = try parser.parseDocument()
        duplicates = parser.duplicates
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        advance()  // {
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return .object(members)
        }
        let firstKey = keyPlaces.count
        defer { keyPlaces.removeSubrange(firstKey...) }
        // Small objects (every exhibit) are searched in place; a large one gets an index.
        var indexOfKey: [String: Int]?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()), expected a key in quotes") }
            let place = (line, column)
            let key = try parseString()
            let earlier: Int?
            if members.count < 16 {
                earlier = members.firstIndex { $0.key == key }
            } else {
                if indexOfKey == nil {
                    indexOfKey = Dictionary(members.enumerated().map { ($1.key, $0) }) { first, _ in first }
                }
                earlier = indexOfKey?[key]
                if earlier == nil { indexOfKey?[key] = members.count }
            }
            if let earlier {
                let first = keyPlaces[firstKey + earlier]
                duplicates.append(JSONDuplicateKey(key: key, line: place.0, column: place.1, firstLine: first.line, firstColumn: first.column))
            }
            keyPlaces.append(place)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':' after the key") }
            advance()
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return .object(members)
            default: throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return .array(elements)
            default: throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = (line, column)
        advance()  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                throw JSONSyntaxError(line: start.0, column: start.1, message: "text that starts here is never closed with '\"'")
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw JSONSyntaxError(line: start.0, column: start.1, message: "text that starts here is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("a line break or control character inside text (write it as \\n)")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unexpected end of file in an escape") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'") }
        advance()
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                throw error("a lone UTF-16 surrogate in a \\u escape")
            }
            advance(); advance()
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone UTF-16 surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("a lone UTF-16 surrogate in a \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
        } else {
            guard consumeDigits() > 0 else { throw error("a number needs digits") }
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard consumeDigits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard consumeDigits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        return .number(Double(text) ?? .infinity)
    }

    private mutating func consumeDigits() -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            advance()
            count += 1
        }
        return count
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("unexpected \(describeCurrent()), expected '\(word)'") }
            advance()
        }
    }

    private mutating func enterNesting() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        guard index < bytes.count else { return }
        if bytes[index] == 0x0A {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            // Continuation bytes of a multi-byte character do not move the column.
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte < 0x80 ? "character \(byte)" : "character"
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }
}
