enum Paragraphs {
    /// Descriptions separate paragraphs with blank lines; a single line break inside a
    /// paragraph also starts a new one, since the seed data uses both. Works on UTF-8
    /// bytes: splitting by Character was a fifth of rendering a large catalog.
    static func split(_ text: String) -> [String] {
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            var paragraphs: [String] = []
            var start = 0
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            func take(_ end: Int) {
                // Spaces, tabs and line breaks are single bytes, so cutting at them keeps
                // character boundaries, and the text needs no second check as UTF-8.
                var (lower, upper) = (start, end)
                while lower < upper, isSpace(bytes[lower]) { lower += 1 }
                while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
                guard lower < upper else { return }
                let range = utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)
                paragraphs.append(String(Substring(utf8[range])))
            }
            for offset in 0..<bytes.count where bytes[offset] == 0x0A || bytes[offset] == 0x0D {
                take(offset)
                start = offset + 1
            }
            take(bytes.count)
            return paragraphs
        }
        if let found { return found }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return split(contiguous)
    }
}
