import ExpoCatalog
import ExpoImages
import ExpoImport
import ExpoServer
import ExpoSite
import ExpoStudio
import Foundation
import Synchronization

/// The exhibitions `serve --catalogs` serves, kept in step with their folder: each loaded,
/// watched and reloaded on its own. A look at the folder (on SIGHUP, or a change seen by
/// `--watch`) compares each exhibition's files with those it was loaded from, and reloads
/// only those that changed, adds new folders and drops removed ones.
final class Museum: @unchecked Sendable {
    /// One exhibition as first loaded: what the server serves, and what its reloader starts from.
    struct Loaded: @unchecked Sendable {
        var exhibition: SiteResponder.Exhibition
        var url: URL
        var options: SiteOptions
        var watched: (WatchedLoad, Renditions)?
        var prepared: ImageOptions.Prepared?
        var media: MadeMedia
        var stamps: [String: FileStamp]
    }

    private struct Part {
        var url: URL
        var reloader: SiteReloader
        var stamps: [String: FileStamp]
    }

    let root: URL
    private let serving: GuideServing
    private let options: SiteOptions
    /// One look at the folder at a time.
    private let lock = NSLock()
    private var folder: MuseumFolder
    private var responder: SiteResponder?
    private var parts: [String: Part] = [:]
    private var shownFolderLines: Set<String>
    /// Whether each catalog is read entry by entry and its files watched: with `--watch`, and
    /// always for the studio, which writes them and must see what others write.
    private let watchesFiles: Bool
    /// Each exhibition's guide as the studio edits it, once it has loaded.
    private var guides: [String: ServedGuide] = [:]
    /// The exhibitions as the studio sees them, made again after each look at the folder: the
    /// studio reads it without waiting for a look under way.
    private let studioList = Mutex<[StudioExhibition]>([])

    /// Whether the studio's IIIF import may fetch from this machine and private networks.
    private let importsPrivate: Bool

    /// Each exhibition's counts, when the museum counts.
    private let counts: MuseumCounts?
    /// Where the museum is exported after each publish (`studio --catalogs --export`).
    private let export: MuseumExport?

    init(folder: MuseumFolder, serving: GuideServing, options: SiteOptions, studio: Bool = false, importsPrivate: Bool = false,
         counts: MuseumCounts? = nil, export: MuseumExport? = nil) {
        self.importsPrivate = importsPrivate
        self.counts = counts
        self.export = export
        root = folder.url
        self.folder = folder
        self.serving = serving
        self.options = options
        watchesFiles = serving.watch || studio
        shownFolderLines = Set(folder.diagnostics.map(\.line))
    }

    /// Every exhibition loaded, two at a time (the machines the guide runs on have few cores).
    func loadAll() -> [Loaded] {
        let entries = folder.entries
        let results = LockedArray<Loaded?>(count: entries.count)
        DispatchQueue.concurrentPerform(iterations: min(2, max(1, entries.count))) { worker in
            var index = worker
            while index < entries.count {
                results.set(index, load(entries[index]))
                index += 2
            }
        }
        return results.values.compactMap { $0 }
    }

    /// The options of the exhibition `name`: its pages under `/name/`, its own preview events.
    private func options(for name: String) -> SiteOptions {
        var options = options
        options.basePath = "/\(name)/"
        options.museumFront = "/"
        if serving.watch { options.preview = SiteOptions.Preview(generation: 1, eventsPath: "/\(name)" + PreviewEvents.path) }
        return options
    }

    private func load(_ entry: MuseumFolder.Entry) -> Loaded {
        let name = entry.name
        let options = options(for: name)
        let events = serving.watch ? PreviewEvents(generation: 1) : nil
        let media = MadeMedia()
        let stamps = Self.stamps(of: entry.url)
        let source = CatalogSource(path: entry.url.path)
        var watched: WatchedLoad?
        let result: Result<Catalog, CatalogError> = watchesFiles
            ? source.loadWatched().map { load in watched = load; return load.catalog }
            : source.load()
        var loaded = Loaded(exhibition: SiteResponder.Exhibition(name: name, site: nil, events: events), url: entry.url, options: options,
                            watched: nil, prepared: nil, media: media, stamps: stamps)
        switch result {
        case let .success(catalog):
            let prepared = serving.images.prepare(catalog, mediaLater: media)
            for diagnostic in prepared.catalog.diagnostics { printError("\(diagnostic.severity.rawValue): \(name)/\(diagnostic.description)") }
            do {
                loaded.exhibition.site = try SiteReloader.render(prepared.catalog, prepared.renditions, options: options, generation: 1)
                loaded.prepared = prepared
                loaded.watched = watched.map { ($0, prepared.renditions) }
            } catch {
                printError("expo1900: \(name) is not served: \(FileProblem.describe(error))")
            }
        case let .failure(error):
            for diagnostic in error.diagnostics where diagnostic.severity != .error {
                printError("\(diagnostic.severity.rawValue): \(name)/\(diagnostic.description)")
            }
            for line in error.description.split(separator: "\n") { printError("expo1900: \(name) is not served: \(line)") }
        }
        return loaded
    }

    /// Makes each exhibition's reloader, once the server exists.
    func bind(_ responder: SiteResponder, loaded: [Loaded]) {
        lock.lock()
        defer { lock.unlock() }
        self.responder = responder
        for exhibition in loaded { adopt(exhibition, responder: responder) }
        listForStudio()
    }

    private func adopt(_ loaded: Loaded, responder: SiteResponder) {
        let name = loaded.exhibition.name
        let reloader = SiteReloader(path: loaded.url.path, images: serving.images, options: loaded.options, responder: responder,
                                    events: loaded.exhibition.events, watched: loaded.watched, media: loaded.media,
                                    shownWarnings: loaded.prepared?.catalog.diagnostics ?? [], exhibition: name)
        if let prepared = loaded.prepared { reloader.makeMediaLater(prepared) }
        parts[name] = Part(url: loaded.url, reloader: reloader, stamps: loaded.stamps)
        if let (load, renditions) = loaded.watched {
            let guide = guides[name] ?? ServedGuide(first: load, renditions: renditions, options: loaded.options, cache: serving.images.cache,
                                                   exhibition: name, published: exportAfterPublish())
            guide.bind(reloader, responder)
            guides[name] = guide
        }
    }

    /// What the studio lists: every exhibition in the folder's order, with its guide while it
    /// is served.
    private func listForStudio() {
        let list = folder.entries.map { entry in
            StudioExhibition(name: entry.name, guide: guides[entry.name])
        }
        studioList.withLock { $0 = list }
    }

    /// Looks at the folder again: reloads the exhibitions whose files changed, adds the new
    /// ones, drops those removed, and reads `museum.json` again.
    func refresh(because reason: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let responder else { return }
        let next: MuseumFolder
        do throws(MuseumFolder.Failure) {
            next = try MuseumFolder.open(root)
        } catch {
            printError("expo1900: \(reason); the folder cannot be read, so every exhibition is served as it was: \(error)")
            return
        }
        let lines = next.diagnostics.map(\.line)
        for diagnostic in next.diagnostics where !shownFolderLines.contains(diagnostic.line) {
            printError("\(diagnostic.severity.rawValue): \(root.path)/\(diagnostic.description)")
        }
        shownFolderLines = Set(lines)
        if next.description != folder.description {
            change("museum.json") { () throws(SiteError) in try responder.replace(museum: next.description) }
            printError("expo1900: \(reason); read \(MuseumFolder.fileName) again")
        }
        let names = Set(next.entries.map(\.name))
        for name in parts.keys.sorted() where !names.contains(name) {
            parts[name] = nil
            guides[name] = nil
            change(name) { () throws(SiteError) in try responder.remove(exhibition: name) }
            printError("expo1900: \(reason); \(name) is no longer in the folder, and is no longer served")
        }
        for entry in next.entries {
            guard var part = parts[entry.name], part.url == entry.url else {
                let loaded = load(entry)
                change(entry.name) { () throws(SiteError) in
                    try responder.replace(exhibition: entry.name, with: loaded.exhibition.site, events: loaded.exhibition.events)
                }
                adopt(loaded, responder: responder)
                printError("expo1900: \(reason); \(entry.name) is new\(loaded.exhibition.site == nil ? ", and cannot be served" : ", served at /\(entry.name)/")")
                continue
            }
            let stamps = Self.stamps(of: entry.url)
            guard stamps != part.stamps else { continue }
            part.stamps = stamps
            parts[entry.name] = part
            // After a publish from the studio its reloader has read the files already.
            if part.reloader.reload(because: "\(reason) (\(entry.name))", unlessUpToDate: true) != nil, responder.site(of: entry.name) == nil {
                change(entry.name) { () throws(SiteError) in try responder.replace(exhibition: entry.name, with: nil) }
            }
        }
        folder = next
        listForStudio()
    }

    /// What a publish in any exhibition does: the museum's export, when there is one.
    private func exportAfterPublish() -> (@Sendable () -> Void)? {
        guard let export else { return nil }
        let source: @Sendable () -> MuseumExport.Source = { [self] in exportSource() }
        return { export.published(from: source) }
    }

    /// What the museum's export is made of now: every exhibition with the catalog it serves.
    private func exportSource() -> MuseumExport.Source {
        lock.lock()
        defer { lock.unlock() }
        return MuseumExport.Source(description: folder.description,
                                   exhibitions: folder.entries.map { entry in (entry.name, guides[entry.name]?.served()) })
    }

    /// The front page made again as it is: a new day may move an exhibition between its parts.
    func refreshFront() {
        lock.lock()
        defer { lock.unlock() }
        guard let responder else { return }
        change("the front page") { () throws(SiteError) in try responder.replace() }
    }

    private func change(_ what: String, _ body: () throws(SiteError) -> Void) {
        do { try body() } catch { printError("expo1900: \(what): the front page could not be made: \(error)") }
    }

    /// What a look compares: every file of a folder catalog, or the zip itself.
    static func stamps(of url: URL) -> [String: FileStamp] {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return [:] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [url.path: FileStamp(info)] }
        return CatalogWatcher.look(url)
    }
}

extension Museum: StudioExhibitions {
    func counts(of name: String) -> UsageStore? {
        counts?.store(for: name)
    }

    var keepsCounts: Bool { counts != nil }


    func importIIIF(from address: String, into folder: URL) async -> String? {
        var options = IIIFImport.Options()
        options.allowPrivate = importsPrivate
        do {
            let summary = try await IIIFImport(options: options) { line in printError("import (studio): \(line)") }
                .run(source: address, destination: folder)
            for warning in summary.warnings { printError("warning: import (studio): \(warning)") }
            return summary.exhibits == 0 ? "it holds no manifest that could be read" : nil
        } catch {
            // The importer names its own command's option; the studio's is another.
            return error.description.replacingOccurrences(of: "--allow-private", with: "--iiif-allow-private")
        }
    }

    func add(_ name: String, from staged: URL) -> String? {
        do {
            // Fails rather than replace a folder of that name made meanwhile.
            try FileManager.default.moveItem(at: staged, to: root.appendingPathComponent(name, isDirectory: true))
        } catch {
            try? FileManager.default.removeItem(at: staged)
            return FileProblem.describe(error)
        }
        refresh(because: "\(name) was added in the studio")
        lock.lock()
        defer { lock.unlock() }
        return responder?.site(of: name) == nil ? "its catalog could not be loaded; the server's log says why" : nil
    }

    func exhibitions() -> [StudioExhibition] {
        let list = studioList.withLock { $0 }
        // One that fails to load since is not edited until it loads again.
        return list.map { exhibition in
            exhibition.guide?.currentSite() == nil ? StudioExhibition(name: exhibition.name, guide: nil) : exhibition
        }
    }
}

/// Results filled in from several threads, each at its own index.
private final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Element) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Element] { lock.lock(); defer { lock.unlock() }; return storage.compactMap { $0 } }
}
