import Foundation
import NIOCore

/// The parts of a `multipart/form-data` body (RFC 7578, RFC 2046 §5.1.1), each part's bytes
/// a slice of the body, never a copy: a 40 MB spreadsheet or photo is held once. A body
/// that does not follow the form (no first boundary, headers never ended, no closing
/// boundary, too many parts) is refused whole.
enum MultipartParts {
    struct Part {
        var headers: [(name: String, value: String)]
        var body: ByteBuffer
    }

    /// The most bytes one part's headers may take.
    static let headerLimit = 16 << 10

    static func split(_ body: ByteBuffer, boundary: String, partLimit: Int) -> [Part]? {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [0x0D, 0x0A]
        return body.withUnsafeReadableBytes { bytes -> [Part]? in
            /// Where `needle` first lies at or after `start` and wholly before `end`: each
            /// place its first byte is found (by memchr, a word at a time) is compared.
            func find(_ needle: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
                let end = min(end ?? bytes.count, bytes.count)
                guard let base = bytes.baseAddress, let first = needle.first else { return nil }
                var at = start
                while at + needle.count <= end {
                    guard let found = memchr(base + at, Int32(first), end - needle.count + 1 - at) else { return nil }
                    at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, needle, needle.count) == 0 { return at }
                    at += 1
                }
                return nil
            }
            func starts(_ prefix: [UInt8], at index: Int) -> Bool {
                index + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[index + $0] == prefix[$0] }
            }
            // The first boundary opens the body, or ends a preamble's last line.
            var position: Int
            if starts(delimiter, at: 0) {
                position = delimiter.count
            } else if let found = find(crlf + delimiter, from: 0) {
                position = found + 2 + delimiter.count
            } else {
                return nil
            }
            var parts: [Part] = []
            while true {
                // After a boundary: `--` closes the body; else spaces, then the line's end.
                if starts([0x2D, 0x2D], at: position) { return parts }
                while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
                guard starts(crlf, at: position) else { return nil }
                position += 2
                guard parts.count < partLimit else { return nil }
                var headers: [(name: String, value: String)] = []
                if starts(crlf, at: position) {
                    position += 2
                } else {
                    guard let end = find(crlf + crlf, from: position, before: position + headerLimit) else { return nil }
                    for line in String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).split(separator: "\r\n") {
                        guard let colon = line.firstIndex(of: ":") else { return nil }
                        headers.append((line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
                    }
                    position = end + 4
                }
                guard let next = find(crlf + delimiter, from: position) else { return nil }
                parts.append(Part(headers: headers, body: body.getSlice(at: body.readerIndex + position, length: next - position) ?? ByteBuffer()))
                position = next + 2 + delimiter.count
            }
        }
    }
}
