#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The code pages Excel saves "CSV" in outside "CSV UTF-8": CP949 in Korea (tried first: a
/// Korean spreadsheet is this guide's first case) and Windows-1252 in Western Europe and the
/// Americas. A file is read as one only when every byte is valid in it.
enum LegacyEncoding: String, CaseIterable, Sendable {
    case cp949 = "CP949"
    case windows1252 = "WINDOWS-1252"

    /// How a note names the encoding assumed.
    var name: String {
        switch self {
        case .cp949: "CP949 (Korean Excel's \"CSV\")"
        case .windows1252: "Windows-1252 (Excel's \"CSV\" in Western Europe and the Americas)"
        }
    }

    /// The text and the encoding it was read in, or nil when no encoding here reads every byte.
    static func decode(_ bytes: [UInt8]) -> (text: String, encoding: LegacyEncoding)? {
        for encoding in allCases {
            if let text = encoding.decode(bytes) { return (text, encoding) }
        }
        return nil
    }

    /// The bytes as UTF-8 text, through iconv; nil when any byte is not valid here.
    func decode(_ bytes: [UInt8]) -> String? {
        let converter = iconv_open("UTF-8", rawValue)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        // A CP949 or Windows-1252 character is at most 3 bytes of UTF-8 for each byte read.
        var output = [CChar](repeating: 0, count: bytes.count * 3 + 4)
        var inputLeft = input.count
        var outputLeft = output.count
        let converted = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputPointer = inputBuffer.baseAddress
                var outputPointer = outputBuffer.baseAddress
                return iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1
            }
        }
        guard converted, inputLeft == 0 else { return nil }
        return String(decoding: output[0..<(output.count - outputLeft)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The row (counted from 1, as a spreadsheet program shows it) that holds the first byte
    /// that is not UTF-8.
    static func firstBadRow(_ bytes: [UInt8]) -> Int {
        let end = firstBadByte(bytes) ?? bytes.count
        return 1 + bytes[..<end].lazy.filter { $0 == 0x0A }.count
    }

    /// Whether the bytes are UTF-8 throughout, found without making a string of them (a
    /// spreadsheet of a whole collection is tens of megabytes).
    static func isUTF8(_ bytes: [UInt8]) -> Bool { firstBadByte(bytes) == nil }

    /// Where the first byte that does not belong to a UTF-8 sequence is; nil when there is none.
    private static func firstBadByte(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                  bytes[(index + 1)..<(index + length)].allSatisfy({ $0 >> 6 == 0b10 }) else { return index }
            index += length
        }
        return nil
    }
}
