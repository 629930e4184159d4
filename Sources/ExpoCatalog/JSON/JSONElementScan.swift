import Foundation

/// Where each entry of a JSON file's top-level list lies, found without parsing: only
/// quotes, escapes and brackets are looked at. A watched catalog of 100,000 exhibits is
/// compared with the last load entry by entry this way, and only the entries whose bytes
/// changed are parsed again. A file is read a few megabytes at a time (`init?(file:)`), so
/// scanning a 265 MB items file holds a few megabytes, not the file.
struct JSONElementScan: Equatable, Sendable {
    /// Where each entry starts; an entry's bytes run to the next one's start (the comma and
    /// spaces after it included), the last one's to the end of the file.
    var starts: [Int]
    var byteCount: Int
    /// A digest of each entry's bytes, and of what comes before the first.
    var digests: [UInt64]
    var prefixDigest: UInt64

    /// Nil when the bytes are not a list, or its brackets or quotes do not close: the full
    /// parser then says what is wrong.
    init?(_ bytes: [UInt8]) {
        var scanner = Scanner(digesting: true)
        bytes.withUnsafeBufferPointer { scanner.feed($0) }
        guard let scan = scanner.finish() else { return nil }
        self = scan
    }

    /// The scan of the file at `path`, read in chunks; nil as above, or when it cannot be read.
    /// `digesting`: false leaves `digests` empty, for a reader that needs only the starts.
    init?(file path: String, chunkSize: Int = 4 << 20, digesting: Bool = true) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var scanner = Scanner(digesting: digesting)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress!, chunkSize)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            scanner.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            if scanner.failed { return nil }
        }
        guard let scan = scanner.finish() else { return nil }
        self = scan
    }

    private init(starts: [Int], byteCount: Int, digests: [UInt64], prefixDigest: UInt64) {
        self.starts = starts
        self.byteCount = byteCount
        self.digests = digests
        self.prefixDigest = prefixDigest
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

    /// Where each entry of the list in `bytes` starts, or nil when it is not a list.
    static func entryStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var scanner = Scanner(digesting: false)
        scanner.feed(bytes)
        return scanner.finish()?.starts
    }

    /// The digest of a run of bytes, as the scan makes each entry's: the same bytes give the
    /// same digest in every run.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var digester = Digester()
        digester.feed(bytes)
        return digester.value
    }

    /// The entry starts and digests of a list fed in any number of chunks: the state of
    /// the scan (depth, inside a string, an escape cut by a chunk's end) is carried over.
    private struct Scanner {
        let digesting: Bool
        var offset = 0
        var starts: [Int] = []
        var digests: [UInt64] = []
        var prefixDigest: UInt64 = 0
        var digester = Digester()
        var failed = false
        private var phase = Phase.beforeList
        private var depth = 0
        private var inString = false
        /// The byte after a backslash, in the next chunk.
        private var skipNext = false
        private var expectingEntry = true

        enum Phase { case beforeList, inList, afterList }

        init(digesting: Bool) {
            self.digesting = digesting
        }

        /// Reads the next chunk. The state lives in locals while the loop runs, and a string's
        /// bytes are passed over in a loop of their own: this runs over every byte of a 265 MB
        /// file each time a large catalog loads.
        mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !failed else { return }
            let raw = UnsafeRawBufferPointer(bytes)
            let count = bytes.count
            var index = 0
            // The bytes of the current part (the prefix, or an entry) not yet digested start here.
            var pending = 0
            var (phase, depth, inString, skipNext, expectingEntry) = (self.phase, self.depth, self.inString, self.skipNext, self.expectingEntry)
            var newStarts: [Int] = []
            defer {
                (self.phase, self.depth, self.inString, self.skipNext, self.expectingEntry) = (phase, depth, inString, skipNext, expectingEntry)
            }
            @inline(__always) func begin(_ local: Int, _ scanner: inout Scanner) {
                if scanner.digesting {
                    scanner.digester.feed(UnsafeRawBufferPointer(rebasing: raw[pending..<local]))
                    if scanner.starts.isEmpty && newStarts.isEmpty { scanner.prefixDigest = scanner.digester.value } else { scanner.digests.append(scanner.digester.value) }
                    scanner.digester = Digester()
                }
                pending = local
                newStarts.append(scanner.offset + local)
            }
            scan: while index < count {
                if skipNext {
                    skipNext = false
                    index += 1
                    continue
                }
                if inString {
                    while true {
                        // Most of a catalog is text: eight bytes at a step until one may be a quote or a backslash.
                        while index + 8 <= count, !Self.mayHoldQuoteOrBackslash(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                            index += 8
                        }
                        guard index < count else { break scan }
                        let byte = bytes[index]
                        index += 1
                        if byte == UInt8(ascii: "\"") {
                            inString = false
                            continue scan
                        }
                        if byte == UInt8(ascii: "\\") {
                            guard index < count else {
                                skipNext = true
                                break scan
                            }
                            index += 1
                        }
                    }
                }
                let byte = bytes[index]
                if phase == .inList {
                    switch byte {
                    case UInt8(ascii: "\""):
                        if depth == 1 && expectingEntry { begin(index, &self); expectingEntry = false }
                        inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        if depth == 1 && expectingEntry { begin(index, &self); expectingEntry = false }
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { phase = .afterList }
                    case UInt8(ascii: ","):
                        if depth == 1 { expectingEntry = true }
                    default:
                        if depth == 1 && expectingEntry && !isSpace(byte) { begin(index, &self); expectingEntry = false }
                    }
                } else if phase == .beforeList {
                    // A byte-order mark, however the chunks cut it.
                    if offset + index < 3 && byte == [0xEF, 0xBB, 0xBF][offset + index] {
                        index += 1
                        continue
                    }
                    if byte == UInt8(ascii: "[") {
                        phase = .inList
                        depth = 1
                    } else if !isSpace(byte) {
                        failed = true
                        return
                    }
                } else if !isSpace(byte) {
                    failed = true
                    return
                }
                index += 1
            }
            if digesting { digester.feed(UnsafeRawBufferPointer(rebasing: raw[pending..<count])) }
            starts += newStarts
            offset += count
        }

        /// The scan, once every byte was fed; nil when they were not one whole list.
        func finish() -> JSONElementScan? {
            guard !failed, phase == .afterList, !inString else { return nil }
            var digests = digests
            var prefixDigest = prefixDigest
            if digesting {
                if starts.isEmpty { prefixDigest = digester.value } else { digests.append(digester.value) }
            }
            return JSONElementScan(starts: starts, byteCount: offset, digests: digests, prefixDigest: prefixDigest)
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
    }

    /// Eight bytes at a step, mixed as `JSONDigest` does, the length mixed in last so that
    /// a run fed in pieces gets the digest it gets whole.
    private struct Digester {
        private var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var word: UInt64 = 0
        private var inWord = 0
        private var count = 0

        mutating func feed(_ bytes: UnsafeRawBufferPointer) {
            var index = 0
            count += bytes.count
            while inWord > 0 && inWord < 8 && index < bytes.count {
                word |= UInt64(bytes[index]) << (8 * UInt64(inWord))
                inWord += 1
                index += 1
            }
            if inWord == 8 {
                mix(word)
                (word, inWord) = (0, 0)
            }
            while index + 8 <= bytes.count {
                mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
            while index < bytes.count {
                word |= UInt64(bytes[index]) << (8 * UInt64(inWord))
                inWord += 1
                index += 1
            }
        }

        @inline(__always)
        private mutating func mix(_ word: UInt64) {
            state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }

        var value: UInt64 {
            var value = (state ^ word ^ (UInt64(inWord) << 56)) &* 0xFF51_AFD7_ED55_8CCD
            value ^= UInt64(count) &* 0xC4CE_B9FE_1A85_EC53
            return value ^ (value >> 29)
        }
    }

}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}
