import Foundation
import NIOCore

/// The parts of a `multipart/form-data` body (RFC 7578, RFC 2046 §5.1.1), each part's bytes a
/// range of the body, never a copy: a body held in memory or written to a file as it
/// arrived (`MultipartSource`) is read where it is. A body that does not follow the form (no
/// first boundary, headers never ended, no closing boundary, too many parts) is refused whole.
enum MultipartParts {
    struct Part {
        var headers: [(name: String, value: String)]
        var range: Range<Int>
    }

    /// The most bytes one part's headers may take.
    static let headerLimit = 16 << 10

    static func split(_ body: some MultipartSource, boundary: String, partLimit: Int) -> [Part]? {
        let delimiter = Array("--\(boundary)".utf8)
        let crlf: [UInt8] = [0x0D, 0x0A]
        func starts(_ prefix: [UInt8], at index: Int) -> Bool {
            index + prefix.count <= body.count && body.bytes(index ..< index + prefix.count) == prefix
        }
        // The first boundary opens the body, or ends a preamble's last line.
        var position: Int
        if starts(delimiter, at: 0) {
            position = delimiter.count
        } else if let found = body.find(crlf + delimiter, from: 0, before: body.count) {
            position = found + 2 + delimiter.count
        } else {
            return nil
        }
        var parts: [Part] = []
        while true {
            // After a boundary: `--` closes the body; else spaces, then the line's end.
            if starts([0x2D, 0x2D], at: position) { return parts }
            while position < body.count, [0x20, 0x09].contains(body.bytes(position ..< position + 1).first) { position += 1 }
            guard starts(crlf, at: position) else { return nil }
            position += 2
            guard parts.count < partLimit else { return nil }
            var headers: [(name: String, value: String)] = []
            if starts(crlf, at: position) {
                position += 2
            } else {
                guard let end = body.find(crlf + crlf, from: position, before: min(body.count, position + headerLimit)) else { return nil }
                for line in String(decoding: body.bytes(position ..< end), as: UTF8.self).split(separator: "\r\n") {
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    headers.append((line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
                }
                position = end + 4
            }
            guard let next = body.find(crlf + delimiter, from: position, before: body.count) else { return nil }
            parts.append(Part(headers: headers, range: position ..< next))
            position = next + 2 + delimiter.count
        }
    }
}

/// A body the parts are found in, read where it is.
protocol MultipartSource {
    var count: Int { get }
    /// Where `needle` first lies at or after `start` and wholly before `end`.
    func find(_ needle: [UInt8], from start: Int, before end: Int) -> Int?
    /// The bytes of `range` that the body has (fewer past its end): small reads only.
    func bytes(_ range: Range<Int>) -> [UInt8]
}

extension ByteBuffer: MultipartSource {
    var count: Int { readableBytes }

    func find(_ needle: [UInt8], from start: Int, before end: Int) -> Int? {
        withUnsafeReadableBytes { MultipartSearch.find(needle, in: $0, from: start, before: end) }
    }

    func bytes(_ range: Range<Int>) -> [UInt8] {
        let clamped = range.clamped(to: 0 ..< readableBytes)
        return getBytes(at: readerIndex + clamped.lowerBound, length: clamped.count) ?? []
    }
}

/// A body the server wrote to a file as it arrived, read a megabyte at a time.
final class SpooledSource: MultipartSource, @unchecked Sendable {
    let count: Int
    private let descriptor: CInt

    /// Nil when the file cannot be opened.
    init?(_ url: URL, size: Int) {
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        count = size
    }

    deinit { close(descriptor) }

    func find(_ needle: [UInt8], from start: Int, before end: Int) -> Int? {
        let end = min(end, count)
        let window = 1 << 20
        var buffer = [UInt8](repeating: 0, count: window + needle.count)
        var at = start
        while at + needle.count <= end {
            // Each window overlaps the last by the needle's length, so no match is split.
            let length = min(window + needle.count - 1, end - at)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(at)) }
            guard read == length else { return nil }
            let found = buffer.withUnsafeBytes { MultipartSearch.find(needle, in: UnsafeRawBufferPointer(rebasing: $0[..<length]), from: 0, before: length) }
            if let found { return at + found }
            at += max(1, length - needle.count + 1)
        }
        return nil
    }

    func bytes(_ range: Range<Int>) -> [UInt8] {
        let clamped = range.clamped(to: 0 ..< count)
        var buffer = [UInt8](repeating: 0, count: clamped.count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, clamped.count, off_t(clamped.lowerBound)) }
        return Array(buffer.prefix(max(0, read)))
    }

    /// Gives `range` to `each` a megabyte at a time; false when a read fails or `each` says stop.
    func read(_ range: Range<Int>, each: (Data) -> Bool) -> Bool {
        var at = range.lowerBound
        var buffer = Data(count: min(1 << 20, range.count))
        while at < range.upperBound {
            let length = min(buffer.count, range.upperBound - at)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(at)) }
            guard read == length, each(buffer.prefix(length)) else { return false }
            at += length
        }
        return true
    }
}

enum MultipartSearch {
    /// Where `needle` first lies at or after `start` and wholly before `end` in `bytes`: each
    /// place its first byte is found (by memchr, a word at a time) is compared.
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int, before end: Int) -> Int? {
        let end = min(end, bytes.count)
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
}
