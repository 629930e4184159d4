/// A date as `DateReading` reads it: numbers, words (lowercased) and dashes, cut into parts
/// at commas and semicolons, without what is in parentheses (`1377년 (고려 우왕 3년)` is
/// `1377년`). Read by hand, scalar by scalar: a pattern library took longer for 100,000
/// dates than the rest of the browse index together.
struct DateTokens {
    enum Kind: Equatable {
        case number(Int, digits: Int)
        case word(String)
        /// A range's dash: `-`, `–`, `—`, `~`, `〜`, or the word `to`.
        case dash
    }

    struct Token {
        var kind: Kind
        /// Whether it follows the token before with nothing between (`19th`, `1850s`).
        var joined: Bool
    }

    private(set) var parts: [ArraySlice<Token>] = []
    private(set) var isBeforeCommonEra = false

    init(_ text: String) {
        var tokens: [Token] = []
        var partStarts = [0]
        var depth = 0
        var joined = false
        var number: (value: Int, digits: Int)?
        var word = String.UnicodeScalarView()
        func finish() {
            if let found = number {
                tokens.append(Token(kind: .number(found.value, digits: found.digits), joined: joined))
                number = nil
                joined = true
            }
            if !word.isEmpty {
                let text = String(word)
                tokens.append(Token(kind: text == "to" ? .dash : .word(text), joined: joined))
                word = String.UnicodeScalarView()
                joined = true
            }
        }
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "(" || scalar == "（" || scalar == "[" {
                finish()
                depth += 1
                continue
            }
            if scalar == ")" || scalar == "）" || scalar == "]" {
                finish()
                depth = max(0, depth - 1)
                joined = false
                continue
            }
            guard depth == 0 else { continue }
            if let digit = Self.digit(scalar) {
                if !word.isEmpty { finish() }
                // A number too long for a year is no year; its size stops growing here.
                let value = number.map { $0.value * 10 + digit } ?? digit
                number = (min(value, 99_999), (number?.digits ?? 0) + 1)
            } else if scalar.properties.isAlphabetic {
                if number != nil { finish() }
                word.append(scalar)
            } else if scalar == "'" || scalar == "’" {
                // `1850's`: the apostrophe joins.
                finish()
            } else {
                finish()
                joined = false
                if "-–—~〜－".unicodeScalars.contains(scalar) {
                    tokens.append(Token(kind: .dash, joined: false))
                } else if ",;，、；".unicodeScalars.contains(scalar) {
                    partStarts.append(tokens.count)
                }
            }
        }
        finish()
        partStarts.append(tokens.count)
        for (start, end) in zip(partStarts, partStarts.dropFirst()) where start < end {
            parts.append(tokens[start..<end])
        }
        isBeforeCommonEra = Self.beforeCommonEra(tokens, text: text)
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: Int(scalar.value - 0xFF10)
        default: nil
        }
    }

    /// `57 BC`, `200 B.C.E.`, `기원전 57년`, `紀元前`, `公元前`, `av. J.-C.`
    private static func beforeCommonEra(_ tokens: [Token], text: String) -> Bool {
        for marker in ["기원전", "紀元前", "公元前", "av. j.-c", "av. j-c", "b.c"] where text.lowercased().contains(marker) { return true }
        return tokens.contains { token in
            if case let .word(word) = token.kind { return word == "bc" || word == "bce" }
            return false
        }
    }
}
