import Foundation
import Synchronization

/// An export brought up to date in place: after a change to a few exhibits only the files
/// that can differ are made again (`SiteChanges`), and of those only the ones whose bytes
/// differ are written, each into a new file renamed over the old. The rest of the folder is
/// not touched, so a publish at 100,000 exhibits writes tens of files, not 358,000.
///
/// A reader of the folder sees each file old or new, never half-written. Files others
/// link to go in first and what links to them after: the files named by their bytes (the
/// assets, the search index's shards), then the pages, then the search manifests, web
/// manifests and service worker; files no longer named are removed last. So no page ever
/// names a file that is not there yet. The marker says the folder is being updated until
/// it is done: an update stopped part way is not taken for the export it started from,
/// and the next export is made whole.
extension SiteExporter {
    /// Brings the export of `before` in `directory` up to `site`; nil when it cannot (the
    /// sites differ in more than exhibits, or the folder does not hold `before`'s export),
    /// and the export is to be made whole.
    public static func update(_ directory: URL, from before: Site, to site: Site) throws(ExportError) -> Summary? {
        let root = directory.standardizedFileURL.path
        let marker = root + "/" + markerName
        guard FileManager.default.contents(atPath: marker).map({ [UInt8]($0) }) == Array(markerText(before).utf8),
              let paths = SiteChanges.paths(from: before, to: site) else { return nil }
        try replace(marker, with: .bytes(Array("\(markerPrefix); being updated to site version \(site.version)\n".utf8)))
        let state = Mutex(Summary(pages: 0, files: 0, bytes: 0))
        for group in stride(from: 0, through: 2, by: 1) {
            try write(paths.filter { order(of: $0) == group }, of: site, root: root, state: state)
        }
        var summary = state.withLock { $0 }
        summary.removed = try remove(stale(before, site), root: root) + removeStaleSearchFiles(of: site, root: root)
        try replace(marker, with: .bytes(Array(markerText(site).utf8)))
        // Counted as a whole export counts it.
        summary.files += 1
        summary.inPlace = true
        return summary
    }

    /// What the marker of `site`'s export says.
    public static func markerText(_ site: Site) -> String { "\(markerPrefix); site version \(site.version)\n" }

    /// 0 for files named by their bytes, 2 for the files that name them at a fixed address, 1 for the pages.
    private static func order(of path: String) -> Int {
        if path.hasSuffix("/search.json") || path == Routes.serviceWorker || path.hasSuffix("/manifest.webmanifest") { return 2 }
        return ["/assets/", "/images/", "/icons/", "/audio/", "/video/"].contains { path.hasPrefix($0) } ? 0 : 1
    }

    private static func write(_ paths: [String], of site: Site, root: String, state: borrowing Mutex<Summary>) throws(ExportError) {
        let failure = Mutex<ExportError?>(nil)
        let chunkSize = 16
        DispatchQueue.concurrentPerform(iterations: (paths.count + chunkSize - 1) / chunkSize) { chunk in
            let compressor = Gzip()
            var summary = Summary(pages: 0, files: 0, bytes: 0)
            do throws(ExportError) {
                for path in paths[(chunk * chunkSize)..<min(paths.count, (chunk + 1) * chunkSize)] {
                    guard let page = try exported(site, path, compressor) else { continue }
                    let name = root + "/" + fileName(for: path)
                    if let file = page.file {
                        try keep(.file(file), at: name, root: root, &summary)
                        continue
                    }
                    try keep(.bytes(page.body), at: name, root: root, &summary)
                    if let gzip = page.gzip {
                        try keep(.bytes(gzip), at: name + ".gz", root: root, &summary)
                    } else if unlink(name + ".gz") == 0 {
                        summary.removed += 1
                    }
                    if page.contentType.hasPrefix("text/html") { summary.pages += 1 }
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
            state.withLock { total in
                total.pages += summary.pages
                total.files += summary.files
                total.kept += summary.kept
                total.bytes += summary.bytes
                total.removed += summary.removed
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Writes `bytes` at `path` unless it holds them already.
    private static func keep(_ content: ExportedContent, at path: String, root: String, _ summary: inout Summary) throws(ExportError) {
        summary.files += 1
        if UnchangedFiles.holds(path, content) {
            summary.kept += 1
            return
        }
        if let slash = path.lastIndex(of: "/"), let failure = makeFolder(String(path[..<slash]), inside: root) {
            throw .cannotWrite(path: path, reason: failure)
        }
        try replace(path, with: content)
        summary.bytes += content.count
    }

    /// Writes a new file beside `path` and renames it over `path`.
    private static func replace(_ path: String, with content: ExportedContent) throws(ExportError) {
        let fresh = path + ".expo1900-new"
        if let failure = writeFile(fresh, content) { throw .cannotWrite(path: path, reason: failure) }
        guard rename(fresh, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            unlink(fresh)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// The files made with `before` that `site` has not: assets named by their bytes.
    private static func stale(_ before: Site, _ site: Site) -> [String] {
        Set(before.madePages.keys).subtracting(site.madePages.keys).sorted()
    }

    /// Removes each file in the search index's folders that the index no longer names, found
    /// in the folder rather than by making the earlier site's index.
    private static func removeStaleSearchFiles(of site: Site, root: String) throws(ExportError) -> Int {
        var stale: [String] = []
        for language in site.languages {
            guard let folder = site.plan.search.folders[language], let index = site.plan.search.index(language) else { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + folder)) ?? []
            for name in names {
                let file = name.hasSuffix(".gz") ? String(name.dropLast(3)) : name
                if index.files[file] == nil || file == SearchShards.manifestName { stale.append(folder + name) }
            }
        }
        return try remove(stale, root: root)
    }

    private static func remove(_ paths: [String], root: String) throws(ExportError) -> Int {
        var removed = 0
        for path in paths {
            let name = root + "/" + fileName(for: path)
            for file in [name, name + ".gz"] {
                if unlink(file) == 0 {
                    removed += 1
                } else if errno != ENOENT {
                    throw .cannotWrite(path: file, reason: String(cString: strerror(errno)).lowercased())
                }
            }
        }
        return removed
    }
}
