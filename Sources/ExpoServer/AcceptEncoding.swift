/// Whether a request's `Accept-Encoding` takes gzip (RFC 9110 §12.5.3), read from the
/// header's bytes. The header comes with nearly every request a browser sends; reading it
/// with Foundation's string search cost about 5 % of the server's time, and made gzip
/// answers slower than plain ones.
enum AcceptEncoding {
    /// True when an item names `gzip` (or `x-gzip`, its old name) with a weight above zero,
    /// or, when none names it, `*` does. Codings and `q` are case-insensitive.
    static func takesGzip(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            var gzip: Bool?
            var anyCoding: Bool?
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                let item = bytes[start..<end]
                let codingEnd = item.firstIndex(of: UInt8(ascii: ";")) ?? end
                let coding = trimmed(bytes[start..<codingEnd])
                let accepted = !hasZeroWeight(bytes[codingEnd..<end])
                if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") {
                    gzip = (gzip ?? false) || accepted
                } else if equalsIgnoringCase(coding, "*") {
                    anyCoding = (anyCoding ?? false) || accepted
                }
                start = end + 1
            }
            return gzip ?? anyCoding ?? false
        }
    }

    /// Whether the parameters after a coding (`;q=0`, `; Q = 0.00`) give it weight zero.
    private static func hasZeroWeight(_ parameters: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var rest = parameters
        while let semicolon = rest.firstIndex(of: UInt8(ascii: ";")) {
            rest = rest[(semicolon + 1)...]
            let parameterEnd = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let parameter = rest[..<parameterEnd]
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
                  equalsIgnoringCase(trimmed(parameter[..<equals]), "q") else { continue }
            return isZero(trimmed(parameter[(equals + 1)...]))
        }
        return false
    }

    /// `0`, `0.`, `0.0`, `0.000`: a qvalue that refuses the coding.
    private static func isZero(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard value.first == UInt8(ascii: "0") else { return false }
        let fraction = value.dropFirst()
        guard let dot = fraction.first else { return true }
        return dot == UInt8(ascii: ".") && fraction.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") }
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// `word` is lowercase ASCII.
    private static func equalsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)).allSatisfy { byte, letter in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == letter : byte == letter
        }
    }
}
