import ExpoCatalog
import Foundation

/// Builds `sw.js`: the generated constants (cache name, URLs to precache, 404 pages) on
/// top of the shipped script. The constants are JSON-encoded, never pasted as text.
enum ServiceWorker {
    struct NotFoundEntry: Encodable {
        var folder: String
        var page: String
    }

    static func script(template: [UInt8], version: String, precache: [String], primary: Language,
                       notFound: [NotFoundEntry]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String {
            // Encoding strings and arrays of strings cannot fail.
            String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        }
        let header = """
            var CACHE = \(json("expo1900-" + version));
            var PRIMARY = \(json(primary.code));
            var NOT_FOUND = \(json(notFound));
            var PRECACHE = \(json(precache));

            """
        return Array(header.utf8) + template
    }
}
