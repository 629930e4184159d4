import ExpoCatalog
import ExpoImages
import Foundation

extension SiteExporter {
    /// A museum's whole export (`export --catalogs`): the front page at the folder's root and
    /// each exhibition in the folder of its name, each exactly what the server serves; whole,
    /// or not at all, as a single site's export is.
    public static func export(front: FrontSite, exhibitions: [(name: String, site: Site)], to directory: URL,
                              progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(ExportError) -> Summary {
        let version = ContentHash.hex(Array(exhibitions.map { "\($0.name) \($0.site.version)" }.joined(separator: "\n").utf8))
        return try staged(into: directory, marker: "\(markerPrefix); museum version \(version)\n") { staging, unchanged throws(ExportError) in
            let writer = unchanged.writer(writeFile)
            let root = staging.path
            var made = ""
            var summary = Summary(pages: 0, files: 0, bytes: 0)
            for (path, page) in front.pages.sorted(by: { $0.key < $1.key }) {
                try put(page, fileName(for: path), in: root, writer: writer, made: &made, summary: &summary)
                if page.contentType.hasPrefix("text/html") { summary.pages += 1 }
            }
            for (index, exhibition) in exhibitions.enumerated() {
                let folder = staging.appendingPathComponent(exhibition.name)
                if let failure = makeFolder(folder.path, inside: root) { throw .cannotWrite(path: folder.path, reason: failure) }
                let part = try writeSite(exhibition.site, into: folder, writer: writer, headers: false) { _, _ in }
                summary.pages += part.pages
                summary.files += part.files
                summary.bytes += part.bytes
                progress(index + 1, exhibitions.count)
            }
            let crossOrigin = exhibitions.filter { $0.site.context.routes.hasIIIF }.map { "/\($0.name)/iiif/*\n  Access-Control-Allow-Origin: *\n" }
            // Every exhibition's pages send their counts to the same guide (`--events-url`).
            let beacons = exhibitions.lazy.compactMap { $0.site.context.assets.counting?.remoteOrigin }.first
            let headers = headersFile(crossOrigin: false, beaconsTo: beacons) + crossOrigin.joined()
            try put(Array(headers.utf8), headersFileName, in: root, writer: writer, made: &made, summary: &summary)
            return summary
        }
    }
}
