/// CSS's tokenizer (CSS Syntax Level 3, §4) as far as references go: it tells comments,
/// strings, `url(…)`, functions, at-rules and names apart exactly as a browser does, so
/// that `CSSReferences` sees every reference the browser would follow. Numbers and hashes
/// are not told apart from names: `1url(` is read as `url(`, which can only remove more.
struct CSSTokenizer {
    struct Token {
        enum Kind: Equatable {
            case comment, whitespace, other
            /// A string, its value decoded; `bad` when a line break ended it.
            case string(String, bad: Bool)
            /// An unquoted `url(…)`, its target decoded; nil for a bad URL (fetches nothing).
            case url(String?)
            /// A name followed by `(`, lowercased: `url` when the target is a quoted string.
            case function(String)
            case atKeyword(String)
            case name
        }

        var kind: Kind
        /// Where it is in the text, as written.
        var range: Range<Int>
    }

    let text: [Unicode.Scalar]
    private var position = 0

    init(_ text: [Unicode.Scalar]) { self.text = text }

    static func tokens(_ text: [Unicode.Scalar]) -> [Token] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    mutating func next() -> Token? {
        guard position < text.count else { return nil }
        let start = position
        let character = text[position]
        let kind: Token.Kind
        if character == "/" && at(position + 1) == "*" {
            position += 2
            while position < text.count && !(text[position] == "*" && at(position + 1) == "/") { position += 1 }
            position = min(text.count, position + 2)
            kind = .comment
        } else if Self.isWhitespace(character) {
            while position < text.count && Self.isWhitespace(text[position]) { position += 1 }
            kind = .whitespace
        } else if character == "\"" || character == "'" {
            kind = string()
        } else if character == "@" && startsName(at: position + 1) {
            position += 1
            kind = .atKeyword(name().lowercased())
        } else if startsName(at: position) {
            let name = name().lowercased()
            if at(position) == "(" {
                position += 1
                kind = name == "url" ? url() : .function(name)
            } else {
                kind = .name
            }
        } else {
            position += 1
            kind = .other
        }
        return Token(kind: kind, range: start..<position)
    }

    // MARK: Consuming

    private func at(_ index: Int) -> Unicode.Scalar? { index < text.count ? text[index] : nil }

    private static func isNewline(_ character: Unicode.Scalar) -> Bool {
        character == "\n" || character == "\r" || character == "\u{0C}"
    }

    private static func isWhitespace(_ character: Unicode.Scalar) -> Bool {
        character == " " || character == "\t" || isNewline(character)
    }

    private static func isNameStart(_ character: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character) || character == "_" || character.value >= 0x80
    }

    private static func isName(_ character: Unicode.Scalar) -> Bool {
        isNameStart(character) || ("0"..."9").contains(character) || character == "-"
    }

    private func isEscape(at index: Int) -> Bool {
        at(index) == "\\" && !(at(index + 1).map(Self.isNewline) ?? false)
    }

    private func startsName(at index: Int) -> Bool {
        guard let character = at(index) else { return false }
        if Self.isNameStart(character) || isEscape(at: index) { return true }
        guard character == "-", let second = at(index + 1) else { return false }
        return Self.isNameStart(second) || second == "-" || isEscape(at: index + 1)
    }

    private mutating func name() -> String {
        var name = String.UnicodeScalarView()
        while let character = at(position) {
            if Self.isName(character) {
                name.append(character)
                position += 1
            } else if isEscape(at: position) {
                name.append(escape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// The character a backslash escape stands for (the backslash is at `position`).
    private mutating func escape() -> Unicode.Scalar {
        position += 1
        guard let first = at(position) else { return "\u{FFFD}" }
        var hex = String.UnicodeScalarView()
        while let digit = at(position), hex.count < 6, digit.properties.isASCIIHexDigit {
            hex.append(digit)
            position += 1
        }
        guard !hex.isEmpty else {
            position += 1
            return first
        }
        if let space = at(position), Self.isWhitespace(space) { position += 1 }
        let value = UInt32(String(hex), radix: 16) ?? 0
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func string() -> Token.Kind {
        let quote = text[position]
        position += 1
        var value = String.UnicodeScalarView()
        while let character = at(position) {
            if character == quote {
                position += 1
                return .string(String(value), bad: false)
            }
            if Self.isNewline(character) { return .string(String(value), bad: true) }
            if character == "\\" {
                if let after = at(position + 1), Self.isNewline(after) {
                    position += 2
                } else {
                    value.append(escape())
                }
                continue
            }
            value.append(character)
            position += 1
        }
        return .string(String(value), bad: false)
    }

    /// After `url(`: a function when a quoted string follows, else an unquoted URL.
    private mutating func url() -> Token.Kind {
        var look = position
        while let character = at(look), Self.isWhitespace(character) { look += 1 }
        if at(look) == "\"" || at(look) == "'" { return .function("url") }
        position = look
        var value = String.UnicodeScalarView()
        while let character = at(position) {
            if character == ")" {
                position += 1
                return .url(String(value))
            }
            if Self.isWhitespace(character) {
                while let space = at(position), Self.isWhitespace(space) { position += 1 }
                if at(position) == nil || at(position) == ")" { continue }
                return badURL()
            }
            if character == "\"" || character == "'" || character == "(" || character.value < 0x20 || character.value == 0x7F {
                return badURL()
            }
            if character == "\\" {
                guard isEscape(at: position) else { return badURL() }
                value.append(escape())
                continue
            }
            value.append(character)
            position += 1
        }
        return .url(String(value))
    }

    /// The rest of a malformed URL, up to its `)`.
    private mutating func badURL() -> Token.Kind {
        while let character = at(position) {
            position += 1
            if character == ")" { break }
            if character == "\\", at(position) != nil { position += 1 }
        }
        return .url(nil)
    }
}
