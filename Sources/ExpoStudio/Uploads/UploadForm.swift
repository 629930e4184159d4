import Foundation
import Hummingbird
import NIOCore

/// A posted `multipart/form-data` form: its text fields, and its files with the names the
/// sender gave them. The body has been gathered whole by the server (within its upload
/// limit); `MultipartParts` splits it, and anything it cannot read is refused as a whole.
struct UploadForm {
    struct File {
        /// The name the sender's computer gave the file; shown in messages, never used to store it.
        let name: String
        let bytes: ByteBuffer

        /// Its first bytes, which say what kind of file it is.
        var head: [UInt8] { bytes.getBytes(at: bytes.readerIndex, length: min(bytes.readableBytes, 64)) ?? [] }
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
        guard let contentType, let boundary = Self.boundary(contentType) else { return nil }
        guard let parts = MultipartParts.split(body, boundary: boundary, partLimit: Self.partLimit), !parts.isEmpty else { return nil }
        for part in parts {
            guard let disposition = part.headers.first(where: { $0.0.lowercased() == "content-disposition" })?.1,
                  let name = Self.parameter("name", in: disposition) else { return nil }
            if let fileName = Self.parameter("filename", in: disposition) {
                // A file field left empty is sent as a part with no name and no bytes.
                guard !(fileName.isEmpty && part.body.readableBytes == 0) else { continue }
                files.append(File(name: fileName, bytes: part.body))
            } else {
                guard part.body.readableBytes <= 64 << 10, let text = part.body.getString(at: part.body.readerIndex, length: part.body.readableBytes),
                      fields[name] == nil else { continue }
                fields[name] = text
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
