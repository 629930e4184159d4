import Foundation

/// Many diagnostics of one kind in one file, said a few times with a count: a spreadsheet
/// with 100,000 stray columns, or an export whose every text has the same stray character,
/// should give a curator a handful of lines to act on, not a hundred thousand. Images missing
/// by name (`jikji.*`) count as one file.
enum RepeatedDiagnostics {
    /// How many of one kind in one file are shown; the last shown carries the count of the rest.
    static let shown = 10

    /// `diagnostics` in their order, with each kind past `shown` in a file cut to its first
    /// `shown`, the last of them saying how many more there are.
    static func collapsed(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        DiagnosticFold(diagnostics).collapsed
    }

    /// Each diagnostic's group; a long list on every core, as a collection of 69,000 photos
    /// not there yet has one warning each.
    static func groups(of diagnostics: some RandomAccessCollection<Diagnostic>) -> [Group] {
        guard diagnostics.count >= 4096 else { return diagnostics.map { Group($0) } }
        let list = Array(diagnostics)
        return Runs.map(Runs.split(list.count, into: ProcessInfo.processInfo.activeProcessorCount * 4)) { run in
            list[run].map { Group($0) }
        }.flatMap { $0 }
    }

    /// A diagnostic's kind: its file and severity, and its message with what varies from one
    /// to the next (quoted names, numbers, a "did you mean" hint) left out, kept as a 64-bit
    /// digest of those bytes: making each kind a string was a tenth of a second of starting
    /// a collection of 69,202 photos not there yet, which has one warning per exhibit.
    struct Group: Hashable {
        var file: String
        var severity: Diagnostic.Severity
        var kind: UInt64

        init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity
            if diagnostic.file.hasSuffix(".*") {
                // `jikji.*`: an image's files, by its name. A collection whose photos are not
                // there yet has one such warning per exhibit; they are one kind whatever the name.
                file = "*"
                kind = Self.kind(of: diagnostic.message, without: diagnostic.file.dropLast(2))
            } else {
                file = diagnostic.file
                kind = Self.kind(of: diagnostic.message, without: "")
            }
        }

        var isImageName: Bool { file == "*" }

        /// FNV-1a of the message's UTF-8 bytes, `name` left out wherever it occurs, quoted
        /// text dropped, each run of digits read as one `#`, and nothing from "; did you
        /// mean" on. The quote and the digits are ASCII, so bytes are enough.
        static func kind(of message: String, without name: Substring) -> UInt64 {
            var message = message
            var name = name
            return message.withUTF8 { bytes in
                name.withUTF8 { name in
                    let hint = "; did you mean".utf8
                    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
                    func add(_ byte: UInt8) { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                    var quoted = false
                    var afterDigit = false
                    var index = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        if !name.isEmpty, byte == name[0], bytes.count - index >= name.count,
                           UnsafeBufferPointer(rebasing: bytes[index..<(index + name.count)]).elementsEqual(name) {
                            index += name.count
                            continue
                        }
                        if !quoted, byte == UInt8(ascii: ";"), bytes[index...].starts(with: hint) { break }
                        index += 1
                        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        defer { afterDigit = isDigit }
                        if byte == UInt8(ascii: "\"") {
                            quoted.toggle()
                            add(byte)
                            continue
                        }
                        if quoted { continue }
                        if isDigit {
                            if !afterDigit { add(UInt8(ascii: "#")) }
                            continue
                        }
                        add(byte)
                    }
                    return digest
                }
            }
        }
    }
}
