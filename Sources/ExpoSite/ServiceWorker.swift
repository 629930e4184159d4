import ExpoCatalog
import Foundation

/// Builds `sw.js`: the generated constants (cache name, URLs to precache, 404 pages) on
/// top of the shipped script. The constants are JSON-encoded, never pasted as text.
enum ServiceWorker {
    /// Up to this many bytes, the worker keeps the whole site from the first visit (the
    /// default catalog is about 230 KB). A larger site would cost a phone too much data at
    /// once: then only the shell is fetched ahead, and every other page is kept as it is
    /// visited.
    static let precacheBudget = 4 * 1024 * 1024

    /// The paths to fetch when the worker installs. Of a photo's many widths and formats,
    /// only those a phone shows (`images.offline`) are fetched ahead.
    /// `complete` says whether `pages` is the whole site, or only what it made first.
    static func precache(_ pages: [String: Page], complete: Bool, routes: Routes, languages: [Language],
                         images: (all: Set<String>, offline: Set<String>), madeLater: [String] = []) -> [String] {
        // Recordings and videos are saved only when the visitor asks: a first visit never fetches them.
        // The label sheets and their stylesheet are for curators: a visitor's phone has no use for them.
        let kept = pages.filter {
            (!images.all.contains($0.key) || images.offline.contains($0.key)) && !$0.key.hasPrefix("/audio/") && !$0.key.hasPrefix("/video/")
                && !Routes.isLabelsPage($0.key) && !$0.key.hasPrefix("/assets/labels.")
        }
        let total = kept.values.reduce(0) { $0 + $1.bodyLength }
        guard !complete || total > precacheBudget else { return kept.keys.sorted() }
        let shell = Set(languages.flatMap { [routes.home($0), routes.exhibitList($0), routes.notFound($0), routes.manifest($0)] })
        return (kept.keys.filter { path in
            shell.contains(path) || path.hasPrefix("/assets/") || path.hasPrefix("/icons/")
                || path.hasPrefix("/images/poster") || path.hasPrefix("/images/flag")
        } + madeLater).sorted()
    }

    struct NotFoundEntry: Encodable {
        var folder: String
        var page: String
    }

    static func script(template: [UInt8], version: String, precache: [String], primary: Language,
                       notFound: [NotFoundEntry], serverPaths: [String] = []) -> [UInt8] {
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
            var SERVER_PATHS = \(json(serverPaths));

            """
        return Array(header.utf8) + template
    }
}
