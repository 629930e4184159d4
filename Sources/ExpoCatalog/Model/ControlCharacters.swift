/// The characters a catalog's text must not carry as they are: control characters, which
/// a terminal, a log or an event stream reads as commands or line ends, and the bidi
/// controls that make a name read differently from what it is.
public enum ControlCharacters {
    /// C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F): every character a terminal may act on.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The explicit embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` fit to quote in a message, a log line or an event: every control character
    /// and bidi control written out (`\n`, `\u{1B}`), so that what a catalog holds can
    /// neither act on a terminal nor start a line of its own.
    public static func escaped(_ text: String) -> String {
        // Nearly every message is plain: leave it untouched without building a copy.
        guard text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar) || isBidiControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 characters other than tab, line feed and carriage return, which text may hold
    /// as the white space they are.
    static func isForbiddenInText(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// Whether `text` holds any such character: looked for in every text of a catalog, so
    /// eight bytes at a time, and byte by byte only where one of the eight is below 0x20.
    static func holdsForbiddenInText(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // Non-zero exactly when some byte of the word is below 0x20.
                if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0,
                   raw[offset..<offset + 8].contains(where: isForbiddenInText) {
                    return true
                }
                offset += 8
            }
            return raw[offset...].contains(where: isForbiddenInText)
        }
        return found ?? text.utf8.contains(where: isForbiddenInText)
    }

    /// `text` without the C0 characters no page can show (NUL, ESC, BEL …), and which of
    /// them it held, in order; tab and line breaks are white space and stay. Nil when it
    /// holds none, the usual case, found without building a copy.
    public static func removingForbidden(_ text: String) -> (text: String, found: [Unicode.Scalar])? {
        guard holdsForbiddenInText(text) else { return nil }
        var found: Set<Unicode.Scalar> = []
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII, isForbiddenInText(UInt8(scalar.value)) {
                found.insert(scalar)
            } else {
                kept.append(scalar)
            }
        }
        return (String(kept), found.sorted())
    }

    /// `the control character U+0000`, `the bidi controls U+202E and U+2066`.
    static func named(_ noun: String, _ scalars: [Unicode.Scalar]) -> String {
        let codes = scalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        guard let last = codes.last, codes.count > 1 else { return "the \(noun) \(codes.first ?? "")" }
        return "the \(noun)s \(codes.dropLast().joined(separator: ", ")) and \(last)"
    }
}
