/// Seeded mutations of a file's bytes, for the fuzz tests of every parser that reads a
/// catalog's files: the same seed gives the same files on every machine, so a failure
/// names a round that can be run again.
public struct Mutation {
    /// SplitMix64: small, fast, and the same sequence on every machine for a given seed.
    public struct Generator: RandomNumberGenerator {
        var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Numbers a parser may meet where it expects a small one: past `Int`, past `Double`,
    /// negative, and the spellings of NaN and infinity that `Double(_:)` accepts.
    public static let hostileNumbers = ["3000000000000000", "99999999999999999999999", "-1", "-9223372036854775808",
                                        "9223372036854775807", "1e999", "-1e999", "nan", "NaN", "inf", "-inf", "1e-320",
                                        "0", "00", "0.5", "4.9e-324", "1.7976931348623157e308", "٣"]

    public var generator: Generator
    /// Replacements for a quoted string: JSON's own hostile values.
    public var replacements: [String]

    public init(seed: UInt64, replacements: [String] = []) {
        generator = Generator(seed: seed)
        self.replacements = replacements
    }

    /// `original` with one mutation: a byte flipped, bytes deleted, random bytes inserted,
    /// the file cut short, a run repeated, a quoted string replaced, a bracket swapped,
    /// deep nesting, invalid UTF-8 and NUL, a number replaced by a hostile one, or a line
    /// repeated.
    public mutating func apply(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        let length = Int.random(in: 1...min(64, bytes.count - at), using: &generator)
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.removeSubrange(at..<at + length)
        case 2: bytes.insert(contentsOf: (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: at)
        case 3: bytes = Array(bytes.prefix(at))
        case 4: bytes.insert(contentsOf: bytes[at..<at + length], at: at)
        case 5:
            let choices = replacements.isEmpty ? Self.hostileNumbers : replacements
            if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")),
               let end = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\"")) {
                bytes.replaceSubrange(quote...end, with: Array(choices.randomElement(using: &generator)!.utf8))
            }
        case 6:
            let swaps: [UInt8: UInt8] = [0x7B: 0x5B, 0x5B: 0x7B, 0x7D: 0x5D, 0x5D: 0x7D, 0x3A: 0x2C, 0x2C: 0x3A]
            if let index = bytes[at...].firstIndex(where: { swaps[$0] != nil }) { bytes[index] = swaps[bytes[index]]! }
        case 7: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: Int.random(in: 100...5000, using: &generator)), at: at)
        case 8: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF, 0x00, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x1B, 0x07], at: at)
        case 9, 10: replaceNumber(in: &bytes, from: at)
        default: repeatLine(in: &bytes, at: at)
        }
        return bytes
    }

    /// The first run of digits from `at` (or from the start) replaced by a hostile number.
    private mutating func replaceNumber(in bytes: inout [UInt8], from at: Int) {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard let start = bytes[at...].firstIndex(where: isDigit) ?? bytes.firstIndex(where: isDigit) else { return }
        let end = bytes[start...].firstIndex { !isDigit($0) } ?? bytes.endIndex
        bytes.replaceSubrange(start..<end, with: Array(Self.hostileNumbers.randomElement(using: &generator)!.utf8))
    }

    /// The line holding `at` written once more, up to ten times over.
    private mutating func repeatLine(in bytes: inout [UInt8], at: Int) {
        let newline = UInt8(ascii: "\n")
        let start = bytes[..<at].lastIndex(of: newline).map { $0 + 1 } ?? 0
        let end = bytes[at...].firstIndex(of: newline).map { $0 + 1 } ?? bytes.endIndex
        let line = Array(bytes[start..<end]) + (end == bytes.endIndex ? [newline] : [])
        let times = Int.random(in: 1...10, using: &generator)
        bytes.insert(contentsOf: Array([[UInt8]](repeating: line, count: times).joined()), at: end)
    }
}
