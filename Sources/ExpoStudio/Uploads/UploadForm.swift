import ExpoServer
import Foundation
import Hummingbird
import NIOCore

/// A posted `multipart/form-data` form: its text fields, and its files with the names the
/// sender gave them. The body is held by the server, or written to a file as it arrived
/// (an upload); `MultipartParts` splits it where it is, and anything it cannot read is
/// refused as a whole. A file's bytes are read only by the route that takes it, once it
/// knows their count is within its limit, or copied a megabyte at a time.
struct UploadForm {
    struct File {
        /// The name the sender's computer gave the file; shown in messages, never used to store it.
        let name: String
        /// The form's field it came in (`files`, `captions`).
        var field = "files"
        /// How many bytes it has.
        let count: Int
        private let held: ByteBuffer?
        private let spooled: (source: SpooledSource, range: Range<Int>)?

        init(name: String, bytes: ByteBuffer) {
            self.name = name
            count = bytes.readableBytes
            held = bytes
            spooled = nil
        }

        init(name: String, source: SpooledSource, range: Range<Int>) {
            self.name = name
            count = range.count
            held = nil
            spooled = (source, range)
        }

        /// Its first bytes, which say what kind of file it is.
        var head: [UInt8] {
            if let held { return held.getBytes(at: held.readerIndex, length: min(held.readableBytes, 64)) ?? [] }
            guard let spooled else { return [] }
            return spooled.source.bytes(spooled.range.lowerBound ..< min(spooled.range.upperBound, spooled.range.lowerBound + 64))
        }

        /// Its bytes, read whole: for a route that has checked `count` against its limit.
        var bytes: ByteBuffer {
            if let held { return held }
            guard let spooled else { return ByteBuffer() }
            var buffer = ByteBuffer()
            buffer.reserveCapacity(count)
            _ = spooled.source.read(spooled.range) { piece in
                buffer.writeBytes(piece)
                return true
            }
            return buffer
        }

        /// Gives its bytes to `each` a megabyte at a time (held ones at once); false when a
        /// read fails or `each` says stop.
        func pieces(_ each: (Data) -> Bool) -> Bool {
            if let held { return each(Data(held.readableBytesView)) }
            guard let spooled else { return false }
            return spooled.source.read(spooled.range, each: each)
        }

        /// Writes its bytes to a new file at `url`, a megabyte at a time.
        func write(to url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            var failure: (any Error)?
            let read = pieces { piece in
                do { try handle.write(contentsOf: piece) } catch { failure = error }
                return failure == nil
            }
            if let failure { throw failure }
            guard read else { throw CocoaError(.fileReadUnknown) }
        }
    }

    /// How many parts one form may have: files and fields together.
    static let partLimit = 200

    private(set) var fields: [String: String] = [:]
    private(set) var files: [File] = []

    subscript(_ name: String) -> String? { fields[name] }

    static func isMultipart(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("multipart/form-data") ?? false
    }

    /// Nil when the body is not a well-formed form of files and fields.
    init?(contentType: String?, body: ByteBuffer) {
        self.init(contentType: contentType, source: body) { File(name: $0, bytes: body.getSlice(at: body.readerIndex + $1.lowerBound, length: $1.count) ?? ByteBuffer()) }
    }

    /// The files sent in field `field`.
    func files(in field: String) -> [File] { files.filter { $0.field == field } }

    /// The same, for a body the server wrote to a file as it arrived.
    init?(contentType: String?, spooled: SpooledBody) {
        guard let source = SpooledSource(spooled.url, size: spooled.size) else { return nil }
        self.init(contentType: contentType, source: source) { File(name: $0, source: source, range: $1) }
    }

    private init?(contentType: String?, source: some MultipartSource, file: (String, Range<Int>) -> File) {
        guard let contentType, let boundary = Self.boundary(contentType) else { return nil }
        guard let parts = MultipartParts.split(source, boundary: boundary, partLimit: Self.partLimit), !parts.isEmpty else { return nil }
        for part in parts {
            guard let disposition = part.headers.first(where: { $0.0.lowercased() == "content-disposition" })?.1,
                  let name = Self.parameter("name", in: disposition) else { return nil }
            if let fileName = Self.parameter("filename", in: disposition) {
                // A file field left empty is sent as a part with no name and no bytes.
                guard !(fileName.isEmpty && part.range.isEmpty) else { continue }
                var sent = file(fileName, part.range)
                sent.field = name
                files.append(sent)
            } else {
                guard part.range.count <= 64 << 10, fields[name] == nil else { continue }
                fields[name] = String(decoding: source.bytes(part.range), as: UTF8.self)
            }
        }
    }

    /// The boundary a `multipart/form-data; boundary=…` type names.
    static func boundary(_ contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = parameter("boundary", in: contentType), !boundary.isEmpty, boundary.count <= 70 else { return nil }
        return boundary
    }

    /// A parameter of a header (`name="photos"`), quoted or not; nil when it is missing.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            return value
        }
        return nil
    }
}
