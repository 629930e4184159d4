/// A syntax error with the place a person needs to find it: line and column count from 1,
/// columns in characters (not bytes), so a Korean line points at the right spot.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes. Foundation's JSONSerialization does not
/// promise a line and column in its errors, and the catalog's messages must have them.
///
/// It keeps only a byte offset while it reads: a line and column are worked out from the
/// offset for the few places that are reported (an error, a key given twice). Counting
/// them at every byte was half the cost of loading a large catalog.
struct JSONParser: ~Copyable {
    /// Deeper nesting than a catalog ever needs; the limit keeps hostile input from
    /// exhausting the stack.
    static let maximumDepth = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private let start: Int
    private var index: Int
    private var depth = 0
    /// Where each key of the objects being read starts, innermost object last.
    private var keyOffsets: [Int] = []
    private var duplicates: [(key: String, offset: Int, firstOffset: Int)] = []

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var duplicates: [JSONDuplicateKey] = []
        return try parse(bytes, duplicates: &duplicates)
    }

    /// A file at least this large that is a list is read in parts on several cores.
    static let partedSize = 4 << 20

    /// `workers` cores may share the work: a large list is cut into as many runs of whole
    /// entries (found by `JSONElementScan`), each parsed on its own. Should any part fail,
    /// the whole file is parsed again in one piece, so an error is the first one, as always.
    static func parse(_ bytes: [UInt8], duplicates: inout [JSONDuplicateKey], workers: Int,
                      partedFrom size: Int = partedSize) throws(JSONSyntaxError) -> JSONValue {
        if workers > 1, bytes.count >= size, let value = parseInParts(bytes, workers: workers, duplicates: &duplicates) {
            return value
        }
        return try parse(bytes, duplicates: &duplicates)
    }

    static func parseInParts(_ bytes: [UInt8], workers: Int, duplicates: inout [JSONDuplicateKey]) -> JSONValue? {
        guard let starts = bytes.withUnsafeBufferPointer(JSONElementScan.entryStarts), starts.count >= workers else { return nil }
        // Runs of entries of about equal size in bytes.
        var cuts = [0]
        for part in 1..<workers {
            let target = bytes.count * part / workers
            let cut = starts.firstIndex { $0 >= target } ?? starts.count
            if cut > cuts.last! { cuts.append(cut) }
        }
        cuts.append(starts.count)
        let runs = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
        let parts = Runs.map(runs) { entries -> (values: [JSONValue], duplicates: [JSONDuplicateKey])? in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                guard let values = parser.parseEntries(starts, entries) else { return nil }
                return (values, parser.duplicateKeys())
            }
        }
        var values: [JSONValue] = []
        values.reserveCapacity(starts.count)
        for part in parts {
            guard let part else { return nil }
            values += part.values
            duplicates += part.duplicates
        }
        return .array(values)
    }

    /// A key given twice, by byte offsets: the caller, which holds only part of the file,
    /// works out their lines and columns.
    struct OffsetDuplicate: Sendable {
        var key: String
        var offset: Int
        var firstOffset: Int
    }

    /// Entries `entries` of a top-level list whose bytes (part of a file) are in `chunk`,
    /// `starts` relative to it. When the chunk ends the file, its last entry must be followed
    /// by the list's closing bracket and nothing else; otherwise `starts` holds one more
    /// start, the next run's, where the chunk ends. Nil at the first thing wrong.
    static func parseEntries(_ chunk: UnsafeBufferPointer<UInt8>, starts: [Int], entries: Range<Int>)
        -> (values: [JSONValue], duplicates: [OffsetDuplicate])? {
        var parser = JSONParser(bytes: chunk, at: 0)
        guard let values = parser.parseEntries(starts, entries) else { return nil }
        return (values, parser.duplicates.map { OffsetDuplicate(key: $0.key, offset: $0.offset, firstOffset: $0.firstOffset) })
    }

    /// Entries `entries` of the top-level list, each followed by its comma (or, for the
    /// last one, the closing bracket and nothing else); nil at the first thing wrong.
    private mutating func parseEntries(_ starts: [Int], _ entries: Range<Int>) -> [JSONValue]? {
        var values: [JSONValue] = []
        values.reserveCapacity(entries.count)
        depth = 1
        for entry in entries {
            index = starts[entry]
            guard let value = try? parseValue() else { return nil }
            values.append(value)
            skipWhitespace()
            if entry + 1 < starts.count {
                guard current == UInt8(ascii: ","), starts[entry + 1] > index else { return nil }
            } else {
                guard current == UInt8(ascii: "]") else { return nil }
                index += 1
                skipWhitespace()
                guard index == bytes.count else { return nil }
            }
        }
        return values
    }

    static func parse(_ bytes: [UInt8], duplicates: inout [JSONDuplicateKey]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<(JSONValue, [JSONDuplicateKey]), JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONSyntaxError) {
                let value = try parser.parseDocument()
                return .success((value, parser.duplicateKeys()))
            } catch {
                return .failure(error)
            }
        }
        let (value, found) = try result.get()
        duplicates = found
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.init(bytes: bytes, at: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        self.bytes = bytes
        self.start = start
        index = start
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
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
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        let firstKey = keyOffsets.count
        defer { keyOffsets.removeSubrange(firstKey...) }
        // Small objects (every exhibit) are searched in place; a large one gets an index.
        var indexOfKey: [String: Int]?
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()), expected a key in quotes") }
            let place = index
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
                duplicates.append((key, place, keyOffsets[firstKey + earlier]))
            }
            keyOffsets.append(place)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':' after the key") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default: throw error("unexpected \(describeCurrent()), expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterNesting()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw error("unexpected \(describeCurrent()), expected ',' or ']'")
            }
        }
    }

    /// Most texts have no escape: they are made straight from their bytes. A text with
    /// escapes is copied up to the first one and decoded from there.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        let first = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try text(UnsafeBufferPointer(rebasing: bytes[first..<index - 1]), startingAt: opening)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var utf8 = Array(bytes[first..<index])
        while true {
            guard index < bytes.count else {
                throw error("text that starts here is never closed with '\"'", at: opening)
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try utf8.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try text(buffer, startingAt: opening) }
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("a line break or control character inside text (write it as \\n)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>, startingAt opening: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw error("text that starts here is not valid UTF-8", at: opening)
        }
        return text
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unexpected end of file in an escape") }
        let replacement: UInt8? = switch byte {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let replacement {
            utf8.append(replacement)
            index += 1
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'") }
        index += 1
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                throw error("a lone UTF-16 surrogate in a \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone UTF-16 surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("a lone UTF-16 surrogate in a \\u escape")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
        utf8.append(contentsOf: UTF8.encode(unicode)!)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
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
        let first = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard consumeDigits() > 0 else { throw error("a number needs digits") }
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard consumeDigits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard consumeDigits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        return .number(Double(text) ?? .infinity)
    }

    private mutating func consumeDigits() -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - first
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else { throw error("unexpected \(describeCurrent()), expected '\(word)'") }
            index += 1
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

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte < 0x80 ? "character \(byte)" : "character"
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let place = position(of: offset ?? index)
        return JSONSyntaxError(line: place.line, column: place.column, message: message)
    }

    private func duplicateKeys() -> [JSONDuplicateKey] {
        duplicates.map { duplicate in
            let place = position(of: duplicate.offset)
            let first = position(of: duplicate.firstOffset)
            return JSONDuplicateKey(key: duplicate.key, line: place.line, column: place.column,
                                    firstLine: first.line, firstColumn: first.column)
        }
    }

    /// The line and column of a byte offset, as `JSONPlaceCounter` counts them.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var counter = JSONPlaceCounter()
        for place in start..<min(offset, bytes.count) { counter.pass(bytes[place]) }
        return (counter.line, counter.column)
    }
}
