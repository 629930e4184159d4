/// Reads a template's UTF-8 text into nodes, line by line. A line that holds only a
/// section, block, partial or comment tag (and spaces) is removed whole, newline included,
/// following the same rules as swift-mustache's parser.
struct TemplateParser {
    struct Failure: Error {
        let message: String
        /// Where the problem is, when that is not where the parser stopped.
        var position: Int?
    }

    private static let onlyBlocks = "only {{$block}} overrides may be inside {{<parent}}"

    typealias Node = Template.Node
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line of `failure`, counted from 1, for messages.
    func lineNumber(at offset: Int) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == .newline ? 1 : 0) }
    }

    func line(of failure: Failure) -> Int {
        bytes[..<min(failure.position ?? position, bytes.count)].reduce(1) { $0 + ($1 == .newline ? 1 : 0) }
    }

    /// Nodes up to `{{/closing}}`, or to the end of the text when `closing` is nil.
    /// `definitions` is true directly inside `{{<parent}}`, where only block overrides count.
    mutating func parseNodes(closing: String?, startsLine: Bool, definitions: Bool, openedAt: Int = 0) throws(Failure) -> [Node] {
        var nodes: [Node] = []
        var newLine = startsLine
        var indent: [UInt8] = []
        while position < bytes.count {
            if newLine { indent = readSpaces() }
            let (text, foundTag) = readText()
            if !foundTag, let length = newlineLength(at: position) {
                nodes.append(.text(indent + text + bytes[position..<position + length]))
                position += length
                newLine = true
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(indent + text))
                indent = []
                newLine = false
            }
            guard foundTag else { break }
            // Text before a tag that is not alone on its line stays in the page.
            func keepIndent() {
                if !indent.isEmpty { nodes.append(.text(indent)) }
                indent = []
            }
            var standalone = false
            let tagStart = position - 2
            let sigil = position < bytes.count ? bytes[position] : 0
            switch sigil {
            case .hash, .caret:
                guard !definitions else { throw Failure(message: Self.onlyBlocks) }
                position += 1
                let name = try readName()
                standalone = isStandalone(newLine)
                if !standalone { keepIndent() }
                let body = try parseNodes(closing: name, startsLine: standalone, definitions: false, openedAt: tagStart)
                nodes.append(.section(path: try path(name), body: body, inverted: sigil == .caret, line: lineNumber(at: tagStart)))
            case .slash:
                position += 1
                let name = try readName()
                guard name == closing else {
                    throw Failure(message: closing.map { "{{/\(name)}} where {{/\($0)}} was expected" } ?? "{{/\(name)}} closes no section")
                }
                if !isStandalone(newLine) { keepIndent() }
                return nodes
            case .bang:
                guard let end = find(.closeTag, from: position) else { throw Failure(message: "a comment is not closed with }}") }
                position = end + 2
                standalone = isStandalone(newLine)
            case .openBrace, .ampersand:
                guard !definitions else { throw Failure(message: Self.onlyBlocks) }
                keepIndent()
                position += 1
                let name = try readName(closedBy: sigil == .openBrace ? "}}}" : "}}")
                nodes.append(.variable(path: try path(name), escaped: false, line: lineNumber(at: tagStart)))
            case .greaterThan, .lessThan:
                guard !definitions else { throw Failure(message: Self.onlyBlocks) }
                position += 1
                let name = try readName()
                standalone = isStandalone(newLine)
                if standalone, !indent.isEmpty {
                    throw Failure(message: "{{\(sigil == .greaterThan ? "> " : "<")\(name)}} is indented; start it at the beginning of its line",
                                  position: tagStart)
                }
                keepIndent()
                var overrides: [String: [Node]] = [:]
                if sigil == .lessThan {
                    for node in try parseNodes(closing: name, startsLine: true, definitions: true, openedAt: tagStart) {
                        if case let .block(block, body) = node { overrides[block] = body }
                    }
                }
                nodes.append(.partial(name: name, overrides: overrides))
            case .dollar:
                position += 1
                let name = try readName()
                standalone = isStandalone(newLine)
                if !definitions {
                    if standalone, !indent.isEmpty {
                        throw Failure(message: "{{$\(name)}} is indented; start it at the beginning of its line", position: tagStart)
                    }
                    keepIndent()
                }
                nodes.append(.block(name: name, body: try parseNodes(closing: name, startsLine: standalone, definitions: false,
                                                                     openedAt: tagStart)))
            default:
                guard !definitions else { throw Failure(message: Self.onlyBlocks) }
                if sigil == .equals || sigil == .percent {
                    throw Failure(message: "{{\(Character(UnicodeScalar(sigil)))…}} tags are not supported")
                }
                keepIndent()
                nodes.append(.variable(path: try path(try readName()), escaped: true, line: lineNumber(at: tagStart)))
            }
            newLine = standalone
        }
        if let closing { throw Failure(message: "\(closing) is opened here and never closed with {{/\(closing)}}", position: openedAt) }
        return nodes
    }

    private mutating func readSpaces() -> [UInt8] {
        let start = position
        while position < bytes.count, bytes[position] == .space || bytes[position] == .tab { position += 1 }
        return Array(bytes[start..<position])
    }

    /// Text up to the next `{{` (passed over, and `foundTag` true) or line end (not passed over).
    private mutating func readText() -> (text: [UInt8], foundTag: Bool) {
        let start = position
        while position < bytes.count {
            if newlineLength(at: position) != nil { return (Array(bytes[start..<position]), false) }
            if bytes[position] == .openBrace, position + 1 < bytes.count, bytes[position + 1] == .openBrace {
                let text = Array(bytes[start..<position])
                position += 2
                return (text, true)
            }
            position += 1
        }
        return (Array(bytes[start..<position]), false)
    }

    private func newlineLength(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        if bytes[index] == .newline { return 1 }
        if bytes[index] == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .newline { return 2 }
        return nil
    }

    /// A tag on a line of its own: the rest of the line, newline included, is passed over.
    private mutating func isStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        var index = position
        while index < bytes.count, bytes[index] == .space || bytes[index] == .tab { index += 1 }
        if index == bytes.count {
            position = index
            return true
        }
        guard let length = newlineLength(at: index) else { return false }
        position = index + length
        return true
    }

    private mutating func readName(closedBy close: String = "}}") throws(Failure) -> String {
        let allowed: (UInt8) -> Bool = { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == .dot || byte == .hyphen || byte == .underscore
        }
        _ = readSpaces()
        let start = position
        while position < bytes.count, allowed(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        _ = readSpaces()
        let closing = Array(close.utf8)
        guard !name.isEmpty, bytes[position...].starts(with: closing) else {
            throw Failure(message: "a tag's name may hold only letters, digits, '.', '-' and '_', and must end with \(close)")
        }
        position += closing.count
        return name
    }

    private func path(_ name: String) throws(Failure) -> [String] {
        if name == "." { return [] }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw Failure(message: "\(name) is not a name") }
        return parts
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

private extension UInt8 {
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let openBrace = UInt8(ascii: "{"), hash = UInt8(ascii: "#"), caret = UInt8(ascii: "^")
    static let slash = UInt8(ascii: "/"), bang = UInt8(ascii: "!"), ampersand = UInt8(ascii: "&")
    static let greaterThan = UInt8(ascii: ">"), lessThan = UInt8(ascii: "<"), dollar = UInt8(ascii: "$")
    static let equals = UInt8(ascii: "="), percent = UInt8(ascii: "%")
    static let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-"), underscore = UInt8(ascii: "_")
}

private extension Array where Element == UInt8 {
    static let closeTag = Array("}}".utf8)
}
