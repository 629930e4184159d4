import Foundation
import Hummingbird
import NIOCore

/// A posted `application/x-www-form-urlencoded` form, read once (the guard and the route
/// both need it). Only that encoding is accepted, and a field's name or value is text.
struct StudioForm {
    let buffer: ByteBuffer
    private let fields: [String: String]

    init(_ request: Request, context: StudioContext) async throws {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/x-www-form-urlencoded" else { throw HTTPError(.unsupportedMediaType) }
        buffer = try await request.body.collect(upTo: StudioRoutes.bodyLimit)
        fields = Self.parse(String(buffer: buffer))
    }

    subscript(_ name: String) -> String? { fields[name] }

    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else { continue }
            // The first of a repeated field counts, as it is the one the page put first.
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : "" }
        }
        return fields
    }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
