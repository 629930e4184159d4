import ExpoCatalog
import ExpoImages
import Foundation
import Synchronization

/// Writes a `Site` to a folder as a static site: every page as `index.html` in its folder,
/// the assets, the manifests, the service worker, `404.html`, and beside each compressible
/// file its `.gz` (for hosts that serve precompressed files, such as nginx's gzip_static).
/// The bytes are the server's own.
public enum SiteExporter {
    /// Marks a folder as an export, so a later export may replace it and nothing else.
    public static let markerName = ".expo1900-export"
    /// How the marker's text starts.
    static let markerPrefix = "Expo1900 static export"

    public struct Summary: Sendable, Equatable {
        public var pages: Int
        public var files: Int
        public var bytes: Int
        /// Of `files`, those the export before held with the same bytes, linked rather than
        /// written again (see `UnchangedFiles`), or, updated in place, left as they were.
        public var kept = 0
        /// Files an update in place removed.
        public var removed = 0
        /// Whether the export was brought up to date in place (`update`): `pages` and
        /// `files` are then those made again, not the whole site's.
        public var inPlace = false
    }

    /// Writes one file: nil when written, else the reason it was not.
    typealias FileWriter = @Sendable (_ path: String, _ content: ExportedContent) -> String?

    /// What one file of an export holds: bytes made now, or a made recording or video
    /// copied from its file on disk a piece at a time.
    enum ExportedContent: Sendable {
        case bytes([UInt8])
        case file(MediaFile)

        var count: Int {
            switch self {
            case let .bytes(bytes): bytes.count
            case let .file(file): file.size
            }
        }
    }

    /// Writes into a new folder beside `directory`, then moves it into place: a failure at
    /// any point leaves `directory` as it was. Staging folders that killed exports to the
    /// same place left behind are removed first (see `ExportStaging`).
    /// `progress` hears how many of the site's files are written, of how many, from any thread.
    public static func export(_ site: Site, to directory: URL,
                              progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(ExportError) -> Summary {
        try export(site, to: directory, writer: writeFile, progress: progress)
    }

    /// `writer` writes each file; the tests give one that fails part way.
    static func export(_ site: Site, to directory: URL, writer: @escaping FileWriter,
                       progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(ExportError) -> Summary {
        try staged(into: directory, marker: markerText(site)) { folder, unchanged throws(ExportError) in
            try writeSite(site, into: folder, writer: unchanged.writer(writer), progress: progress)
        }
    }

    /// Writes with `write` into a new folder beside `directory`, then moves it into place:
    /// whole, or not at all. The summary counts the marker file too.
    static func staged(into directory: URL, marker: String,
                       _ write: (URL, UnchangedFiles) throws(ExportError) -> Summary) throws(ExportError) -> Summary {
        let target = directory.standardizedFileURL
        try checkReplaceable(target)
        ExportStaging.removeAbandoned(beside: target)
        let staging = try ExportStaging(beside: target, marker: marker)
        // The staging folder's lock is held until it is in place or gone.
        defer { withExtendedLifetime(staging) {} }
        // Stopped by a signal while writing, the export removes its half-written folder;
        // not while swapping, when the folder may already be the destination.
        ChildProcesses.shared.holding(staging.url, movedAsideTo: ExportStaging.newName(beside: target))
        do throws(ExportError) {
            let unchanged = UnchangedFiles(target: target, staging: staging.url)
            var summary = try write(staging.url, unchanged)
            summary.kept = unchanged.keptCount
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

    /// The headers file Netlify, Cloudflare Pages and other static hosts read.
    public static let headersFileName = "_headers"

    /// The server's security headers for every file, and the IIIF files' CORS header when
    /// the site has them; nginx needs the same in its configuration (docs/export-and-deployment.md).
    static func headersFile(crossOrigin: Bool, beaconsTo origin: String? = nil) -> String {
        let headers = SecurityPolicy.headers.map { header in
            header.name == "Content-Security-Policy" ? SecurityPolicy.Header(name: header.name, value: SecurityPolicy.contentSecurityPolicy(beaconsTo: origin)) : header
        }
        var text = "/*\n" + headers.map { "  \($0.name): \($0.value)\n" }.joined()
        if crossOrigin { text += "/iiif/*\n  Access-Control-Allow-Origin: *\n" }
        return text
    }

    /// The file a site path is written to, relative to the export folder.
    public static func fileName(for path: String) -> String {
        let relative = String(path.drop { $0 == "/" })
        return relative.isEmpty || relative.hasSuffix("/") ? relative + "index.html" : relative
    }

    /// Refuses a destination that is the catalog's folder, inside it or around it: the
    /// export would become part of the catalog (a watching server would take its files for
    /// the catalog's), or replacing the destination would take the catalog with it. Both
    /// paths are compared with their symbolic links resolved.
    public static func checkDestination(_ directory: URL, outside catalog: URL) throws(ExportError) {
        let destination = realPath(directory).pathComponents
        let folder = realPath(catalog).pathComponents
        if destination == folder {
            throw .isCatalog(path: directory.path)
        }
        if destination.starts(with: folder) {
            throw .insideCatalog(path: directory.path, catalog: catalog.path)
        }
        if folder.starts(with: destination) {
            throw .holdsCatalog(path: directory.path, catalog: catalog.path)
        }
    }

    /// The path with every symbolic link in its existing part resolved.
    private static func realPath(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
    }

    static func checkReplaceable(_ target: URL) throws(ExportError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw .notAFolder(path: target.path) }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        if !contents.isEmpty && !contents.contains(markerName) {
            throw .notAnExport(path: target.path)
        }
    }

    /// What the cores writing an export share.
    struct Progress {
        var summary = Summary(pages: 0, files: 0, bytes: 0)
        var done = 0
        var failure: ExportError?
        var crossOrigin = false
    }

    /// Writes every file of the site, made on every core as they are written, so that no
    /// more than a few pages per core are held at once however large the site.
    /// `headers`: whether to write the `_headers` file, which a museum's export writes once at its root.
    static func writeSite(_ site: Site, into folder: URL, writer: FileWriter, headers: Bool = true,
                          progress: @Sendable (Int, Int) -> Void) throws(ExportError) -> Summary {
        // The stop pages stand in for the redirects a server answers `stop/12/` with.
        let paths = (site.paths + site.stopPagePaths).sorted()
        let root = folder.path
        let state = Mutex(Progress())
        let chunkSize = 64
        let chunks = (paths.count + chunkSize - 1) / chunkSize
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let compressor = Gzip()
            var summary = Summary(pages: 0, files: 0, bytes: 0)
            var crossOrigin = false
            var made = ""
            let range = (chunk * chunkSize)..<min(paths.count, (chunk + 1) * chunkSize)
            do throws(ExportError) {
                for path in paths[range] {
                    if state.withLock({ $0.failure != nil }) { return }
                    guard let page = try exported(site, path, compressor) else { continue }
                    try put(page, fileName(for: path), in: root, writer: writer, made: &made, summary: &summary)
                    if page.contentType.hasPrefix("text/html") { summary.pages += 1 }
                    crossOrigin = crossOrigin || page.crossOrigin
                }
            } catch {
                state.withLock { $0.failure = $0.failure ?? error }
                return
            }
            let (done, total) = state.withLock { state in
                state.summary.pages += summary.pages
                state.summary.files += summary.files
                state.summary.bytes += summary.bytes
                state.crossOrigin = state.crossOrigin || crossOrigin
                state.done += range.count
                return (state.done, paths.count)
            }
            progress(done, total)
        }
        let finished = state.withLock { $0 }
        if let failure = finished.failure { throw failure }
        var summary = finished.summary
        try writeTiles(site, root: root, writer: writer, summary: &summary)
        guard headers else { return summary }
        var made = ""
        try put(Array(headersFile(crossOrigin: finished.crossOrigin, beaconsTo: site.context.assets.counting?.remoteOrigin).utf8), headersFileName, in: root, writer: writer,
                made: &made, summary: &summary)
        return summary
    }

    /// The file the export writes at `path`: the site's page, or the page a stop's address
    /// leads to; nil when there is none.
    static func exported(_ site: Site, _ path: String, _ compressor: Gzip) throws(ExportError) -> Page? {
        do throws(SiteError) {
            let made = try site.page(at: path, compressor: compressor)
            return made == nil ? try site.stopPage(at: path) : made
        } catch {
            throw .cannotRender(path: path, reason: error.description)
        }
    }

    /// Every tile of the large photos, as the server serves them: the files libvips wrote,
    /// under their service's address.
    private static func writeTiles(_ site: Site, root: String, writer: FileWriter, summary: inout Summary) throws(ExportError) {
        var made = ""
        for service in site.tileServices {
            let base = service.tiles.folder.path
            guard let names = FileManager.default.enumerator(atPath: base) else {
                throw .cannotWrite(path: root + service.path, reason: "the tiles in \(base) cannot be read")
            }
            for case let name as String in names where name.hasSuffix("/default.jpg") && service.tiles.isTile(Substring(name)) {
                // Copied from disk, never read: a 300-megapixel photo has about 100 MB of tiles.
                guard let tile = service.mediaFile(Substring(name)) else {
                    throw .cannotWrite(path: root + service.path + "/" + name, reason: "the tile \(base)/\(name) cannot be read")
                }
                try put(.file(tile), String(service.path.dropFirst()) + "/" + name, in: root, writer: writer, made: &made, summary: &summary)
            }
        }
    }

    /// Writes one file of the export, making its folder the first time one is needed.
    /// Paths stay strings: `URL.appendingPathComponent` asks the disk whether each name is
    /// a folder, and `createDirectory(withIntermediateDirectories:)` looks at every folder
    /// above, which at 100,000 exhibits were over a million system calls, each slow on a
    /// busy disk.
    /// `made`: the folder this writer made last. Files come in order, a page beside its
    /// compressed copy, so that is the one most often needed again; a set of every folder
    /// made grew by a folder an exhibit and a stop, 60 MB at 400,000 records.
    /// Writes a page and, beside it, its gzip form when it has one; a media file's page is
    /// its file, copied.
    static func put(_ page: Page, _ name: String, in folder: String, writer: FileWriter, made: inout String,
                    summary: inout Summary) throws(ExportError) {
        if let file = page.file {
            try put(.file(file), name, in: folder, writer: writer, made: &made, summary: &summary)
            return
        }
        try put(.bytes(page.body), name, in: folder, writer: writer, made: &made, summary: &summary)
        if let gzip = page.gzip { try put(.bytes(gzip), name + ".gz", in: folder, writer: writer, made: &made, summary: &summary) }
    }

    static func put(_ bytes: [UInt8], _ name: String, in folder: String, writer: FileWriter, made: inout String,
                    summary: inout Summary) throws(ExportError) {
        try put(.bytes(bytes), name, in: folder, writer: writer, made: &made, summary: &summary)
    }

    static func put(_ content: ExportedContent, _ name: String, in folder: String, writer: FileWriter, made: inout String,
                    summary: inout Summary) throws(ExportError) {
        let path = folder + "/" + name
        if let slash = name.lastIndex(of: "/") {
            let parent = folder + "/" + name[..<slash]
            if parent != made {
                if let failure = makeFolder(parent, inside: folder) { throw .cannotWrite(path: path, reason: failure) }
                made = parent
            }
        }
        if let failure = writer(path, content) { throw .cannotWrite(path: path, reason: failure) }
        summary.files += 1
        summary.bytes += content.count
    }

    /// Makes `path` and any missing folder between it and `root` (which exists): nil when
    /// made or already a folder, else the reason.
    static func makeFolder(_ path: String, inside root: String) -> String? {
        if mkdir(path, 0o777) == 0 { return nil }
        switch errno {
        case EEXIST:
            // Made by another core a moment ago, or a file where a folder must go.
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return nil }
            return "a file is where a folder must be"
        case ENOENT:
            // `root` itself is never made again: gone, it was moved away under the export (by
            // a stop, which removes it), and a folder made in its place would be left behind.
            guard let slash = path.lastIndex(of: "/"), path[..<slash].utf8.count > root.utf8.count else { return "no such folder" }
            if let failure = makeFolder(String(path[..<slash]), inside: root) { return failure }
            if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
            return String(cString: strerror(errno)).lowercased()
        default:
            return String(cString: strerror(errno)).lowercased()
        }
    }

    /// Puts `staging` where `target` is, keeping the earlier export until the new one is in.
    static func swap(_ staging: URL, into target: URL) throws(ExportError) {
        let fileManager = FileManager.default
        let previous = target.deletingLastPathComponent()
            .appendingPathComponent(ExportStaging.previousPrefix(for: target) + UUID().uuidString)
        let hadPrevious = fileManager.fileExists(atPath: target.path)
        do {
            if hadPrevious { try fileManager.moveItem(at: target, to: previous) }
        } catch {
            throw .cannotWrite(path: target.path, reason: ExportError.reason(error))
        }
        do {
            try fileManager.moveItem(at: staging, to: target)
        } catch {
            if hadPrevious { try? fileManager.moveItem(at: previous, to: target) }
            throw .cannotWrite(path: target.path, reason: ExportError.reason(error))
        }
        if hadPrevious { try? fileManager.removeItem(at: previous) }
    }

    /// Writes a new file with plain system calls. Foundation's Data.write syncs every file
    /// to disk, which made exporting 40,000 files take four times as long; the export's
    /// safety comes from staging and renaming, not from syncing each file.
    static func writeFile(_ path: String, _ content: ExportedContent) -> String? {
        switch content {
        case let .bytes(bytes): writeFile(path, bytes)
        case let .file(file): FileCopy.copy(file.url.path, to: path)
        }
    }

    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)).lowercased() }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno)).lowercased()
            }
            written += result
        }
        return nil
    }
}
