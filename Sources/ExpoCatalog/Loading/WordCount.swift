/// Words as a reader counts them, fed one Unicode scalar at a time: a run of letters or
/// digits in a spaced script is one word; in Chinese and Japanese, which do not space their
/// words, every two characters count as one (their words average one and a half to two).
/// A value, so that one pass over a text can keep a count for the whole text, one for its
/// paragraph and one for its sentence.
struct WordCount {
    private var spaced = 0
    private var unspaced = 0
    private var inWord = false

    var words: Int { spaced + (unspaced + 1) / 2 }

    mutating func add(_ kind: Kind) {
        switch kind {
        case .unspaced:
            unspaced += 1
            inWord = false
        case .space:
            inWord = false
        case .letter:
            if !inWord {
                spaced += 1
                inWord = true
            }
        case .other:
            break
        }
    }

    /// What a scalar is to the count. `letter`: alphabetic or numeric; `other`: punctuation,
    /// symbols, marks, which neither start nor end a word.
    enum Kind {
        case unspaced, space, letter, other

        /// ASCII and Hangul syllables, most of the text in a catalog, are told apart by
        /// their code alone; the rest asks the Unicode properties.
        @inline(__always)
        init(_ value: UInt32) {
            switch value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xAC00...0xD7A3: self = .letter
            case 0x09...0x0D, 0x20: self = .space
            case 0...0x7F: self = .other
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: self = .unspaced
            default: self = Self(properties: value)
            }
        }

        /// Kept out of line: looking properties up sets up more than the common cases need.
        @inline(never)
        private init(properties value: UInt32) {
            // String storage is valid UTF-8, so every decoded value is a scalar.
            let properties = Unicode.Scalar(value)!.properties
            if properties.isWhitespace {
                self = .space
            } else if properties.isAlphabetic || properties.numericType != nil {
                self = .letter
            } else {
                self = .other
            }
        }
    }
}

extension WordCount {
    /// The scalars of valid UTF-8, each with the offset of its first byte and its length.
    @inline(__always)
    static func forEachScalar(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ value: UInt32, _ offset: Int, _ length: Int) -> Void) {
        var offset = 0
        while offset < bytes.count {
            let (value, length) = scalar(at: offset, in: bytes)
            body(value, offset, length)
            offset += length
        }
    }

    /// The scalar whose first byte is at `offset` in valid UTF-8, and its length in bytes.
    @inline(__always)
    static func scalar(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> UInt32(length))
        for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        return (value, length)
    }

    /// The UTF-8 of a string or substring, without copying a native one.
    static func withUTF8<Text: StringProtocol, Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(text)
        return copy.withUTF8(body)
    }
}
