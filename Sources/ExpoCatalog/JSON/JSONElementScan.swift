/// Where each entry of a JSON file's top-level list lies, found without parsing: only
/// quotes, escapes and brackets are looked at. A watched catalog of 100,000 exhibits is
/// compared with the last load entry by entry this way, and only the entries whose bytes
/// changed are parsed again.
struct JSONElementScan: Equatable, Sendable {
    /// Where each entry starts; an entry's bytes run to the next one's start (the comma and
    /// spaces after it included), the last one's to the end of the file.
    var starts: [Int]
    var byteCount: Int
    /// A digest of each entry's bytes, and of what comes before the first.
    var digests: [UInt64]
    var prefixDigest: UInt64

    /// Nil when the file is not a list, or its brackets or quotes do not close: the full
    /// parser then says what is wrong.
    init?(_ bytes: [UInt8]) {
        guard let starts = bytes.withUnsafeBufferPointer(Self.entryStarts) else { return nil }
        self.starts = starts
        byteCount = bytes.count
        (digests, prefixDigest) = bytes.withUnsafeBufferPointer { buffer in
            var digests: [UInt64] = []
            digests.reserveCapacity(starts.count)
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1] : buffer.count
                digests.append(Self.digest(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<end]))))
            }
            return (digests, Self.digest(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<(starts.first ?? buffer.count)]))))
        }
    }

    /// Where entry `index`'s bytes are: from its start to the next entry's.
    func range(of index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] : byteCount)
    }

    /// The bytes of entry `index`, without the comma, the closing bracket or the spaces after it.
    func entry(_ index: Int, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        Self.trimmed(bytes[range(of: index)], isLast: index + 1 == starts.count)
    }

    /// An entry's bytes as the scan cut them, without what follows the value.
    static func trimmed(_ chunk: ArraySlice<UInt8>, isLast: Bool) -> ArraySlice<UInt8> {
        var end = chunk.endIndex
        var trimmed = false
        while end > chunk.startIndex {
            let byte = chunk[end - 1]
            if isSpace(byte) {
                end -= 1
            } else if !trimmed && (byte == UInt8(ascii: ",") || (isLast && byte == UInt8(ascii: "]"))) {
                end -= 1
                trimmed = true
            } else {
                break
            }
        }
        return chunk[chunk.startIndex..<end]
    }

    static func entryStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var starts: [Int] = []
        var depth = 1
        var expectingEntry = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                if depth == 1 && expectingEntry { starts.append(index); expectingEntry = false }
                index += 1
                let raw = UnsafeRawBufferPointer(bytes)
                while true {
                    // Most of a catalog is text: eight bytes at a step until one may be a quote or a backslash.
                    while index + 8 <= bytes.count, !Self.mayHoldQuoteOrBackslash(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                        index += 8
                    }
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "\"") { break }
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1 && expectingEntry { starts.append(index); expectingEntry = false }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    index += 1
                    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                    return index == bytes.count ? starts : nil
                }
            case UInt8(ascii: ","):
                if depth == 1 { expectingEntry = true }
            default:
                if depth == 1 && expectingEntry && !isSpace(byte) { starts.append(index); expectingEntry = false }
            }
            index += 1
        }
        return nil
    }

    /// Whether any of the eight bytes is `"` or `\\`: the classic test for a zero byte, on
    /// the word with each of them subtracted out.
    @inline(__always)
    private static func mayHoldQuoteOrBackslash(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return ((quotes &- ones) & ~quotes & highs) | ((backslashes &- ones) & ~backslashes & highs) != 0
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Eight bytes at a step, mixed as `JSONDigest` does: the same bytes give the same
    /// digest in every run.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            value = (value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            value ^= value >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        value = (value ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        return value ^ (value >> 29)
    }
}
