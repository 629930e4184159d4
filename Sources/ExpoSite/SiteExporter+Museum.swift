import ExpoCatalog
import Foundation
import Synchronization

extension SiteExporter {
    /// A museum's whole export (`export --catalogs`): the front page at the folder's root and
    /// each exhibition in the folder of its name, each exactly what the server serves; whole,
    /// or not at all, as a single site's export is.
    public static func export(front: FrontSite, exhibitions: [(name: String, site: Site)], to directory: URL,
                              progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(ExportError) -> Summary {
        let target = directory.standardizedFileURL
        try checkReplaceable(target)
        ExportStaging.removeAbandoned(beside: target)
        let version = ContentHash.hex(Array(exhibitions.map { "\($0.name) \($0.site.version)" }.joined(separator: "\n").utf8))
        let staging = try ExportStaging(beside: target, marker: "\(markerPrefix); museum version \(version)\n")
        defer { withExtendedLifetime(staging) {} }
        ChildProcesses.shared.holding(staging.url)
        do throws(ExportError) {
            let root = staging.url.path
            let state = Mutex(Progress())
            var summary = Summary(pages: 0, files: 0, bytes: 0)
            for (path, page) in front.pages.sorted(by: { $0.key < $1.key }) {
                let name = fileName(for: path)
                try put(page.body, name, in: root, writer: writeFile, state: state, summary: &summary)
                if let gzip = page.gzip { try put(gzip, name + ".gz", in: root, writer: writeFile, state: state, summary: &summary) }
                if page.contentType.hasPrefix("text/html") { summary.pages += 1 }
            }
            let total = exhibitions.count
            for (index, exhibition) in exhibitions.enumerated() {
                let folder = staging.url.appendingPathComponent(exhibition.name)
                if let failure = makeFolder(folder.path, inside: root) { throw .cannotWrite(path: folder.path, reason: failure) }
                let part = try writeSite(exhibition.site, into: folder, writer: writeFile, headers: false) { _, _ in }
                summary.pages += part.pages
                summary.files += part.files
                summary.bytes += part.bytes
                progress(index + 1, total)
            }
            let crossOrigin = exhibitions.filter { $0.site.context.routes.hasIIIF }.map { "/\($0.name)/iiif/*\n  Access-Control-Allow-Origin: *\n" }
            let headers = headersFile(crossOrigin: false) + crossOrigin.joined()
            try put(Array(headers.utf8), headersFileName, in: root, writer: writeFile, state: state, summary: &summary)
            ChildProcesses.shared.released(staging.url)
            summary.files += 1
            summary.bytes += staging.markerBytes
            try swap(staging.url, into: target)
            return summary
        } catch {
            ChildProcesses.shared.released(staging.url)
            try? FileManager.default.removeItem(at: staging.url)
            throw error
        }
    }
}
