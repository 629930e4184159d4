import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import Foundation
import Synchronization

/// Loads the catalog again and swaps the new guide in whole (on SIGHUP, or a change seen by
/// `--watch`). A catalog that no longer loads is reported, in the terminal and, in watch
/// mode, on open pages, and the guide from before keeps serving.
final class SiteReloader: Sendable {
    let path: String?
    let images: ImageOptions
    let options: SiteOptions
    let responder: SiteResponder
    let events: PreviewEvents?
    /// The museum's exhibition this reloads (`serve --catalogs`); nil for a lone guide.
    let exhibition: String?
    /// One reload at a time, so that an older one never lands after a newer one.
    private let lock = NSLock()
    private let generation: Mutex<Int>
    /// In watch mode, the last load, entry by entry, and its images' renditions.
    private let watched: Mutex<(load: WatchedLoad, renditions: Renditions)?>
    /// The recordings and videos made while the guide runs, and those that cannot be made.
    let media: MadeMedia
    /// Whether recordings and videos are being made now: one batch at a time, each followed
    /// by a reload that starts the next batch if the catalog has new ones.
    private let makingMedia = Mutex(false)
    /// The warnings printed last, so that the reload adding recordings prints only new ones.
    private let shownWarnings: Mutex<Set<String>>

    init(path: String?, images: ImageOptions, options: SiteOptions, responder: SiteResponder, events: PreviewEvents?,
         watched: (WatchedLoad, Renditions)? = nil, media: MadeMedia = MadeMedia(), shownWarnings: [Diagnostic] = [],
         exhibition: String? = nil) {
        self.exhibition = exhibition
        self.media = media
        self.shownWarnings = Mutex(Set(shownWarnings.map(\.line)))
        self.path = path
        self.images = images
        self.options = options
        self.responder = responder
        self.events = events
        generation = Mutex(options.preview?.generation ?? 1)
        self.watched = Mutex(watched.map { (load: $0.0, renditions: $0.1) })
    }

    /// The site for `catalog` in generation `number`: a preview's pages carry their generation.
    /// `after`: the site served now, whose indexes the new one's are made from where they can be.
    static func render(_ catalog: Catalog, _ renditions: Renditions, options: SiteOptions, generation: Int,
                       after before: Site? = nil) throws -> Site {
        var options = options
        options.preview?.generation = generation
        return try Site.render(catalog, renditions: renditions, options: options, after: before)
    }

    /// The catalog as last loaded entry by entry, and its images' renditions; nil unless watching.
    var watchedLoad: (load: WatchedLoad, renditions: Renditions)? { watched.withLock { $0 } }

    /// `newWarningsOnly`: print only the warnings not printed before (a reload that adds
    /// recordings changes nothing else); a reload the curator asked for prints them all.
    /// Returns nil when the new guide is served, else why it is not.
    @discardableResult
    /// `unlessUpToDate`: do nothing when the files are as last loaded (the watcher's look
    /// that follows a studio publish, which already read them).
    func reload(because reason: String, newWarningsOnly: Bool = false, unlessUpToDate: Bool = false) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if unlessUpToDate, let last = watched.withLock({ $0 }), last.load.isUpToDate { return nil }
        let clock = ContinuousClock()
        let started = clock.now
        let number = generation.withLock { $0 += 1; return $0 }
        if let last = watched.withLock({ $0 }), let next = last.load.reloaded() {
            // Only a few exhibits' texts changed: their entries were read on their own, and
            // the images are the ones already made.
            var catalog = next.catalog
            catalog.diagnostics += last.renditions.diagnostics
            do {
                try serve(Self.render(catalog, last.renditions, options: options, generation: number, after: served))
                watched.withLock { $0 = (next, last.renditions) }
                Self.returnFreedMemory()
                events?.published(generation: number)
                printError("expo1900: \(reason); read the changed exhibits of \(what) again (\(catalog.exhibitCount) exhibits) in \(Serve.seconds(clock.now - started)) s")
                return nil
            } catch {
                return failed([FileProblem.describe(error)])
            }
        }
        let source = CatalogSource(path: path)
        let result = watched.withLock({ $0 }) == nil ? source.load() : source.loadWatched().map { load in
            watched.withLock { $0 = (load, Renditions()) }
            return load.catalog
        }
        switch result {
        case let .success(loaded):
            // A preview shows a new photo at once as a draft, and its real sizes once made.
            let prepared = images.prepare(loaded, drafts: events != nil, mediaLater: media)
            let (catalog, renditions) = (prepared.catalog, prepared.renditions)
            watched.withLock { last in last = last.map { ($0.load, renditions) } }
            do {
                try serve(Self.render(catalog, renditions, options: options, generation: number))
                events?.published(generation: number)
                let lines = catalog.diagnostics.map(\.line)
                let shown = shownWarnings.withLock { shown in
                    defer { shown = Set(lines) }
                    return shown
                }
                for line in lines where !newWarningsOnly || !shown.contains(line) { printError(line) }
                printError("expo1900: \(reason); reloaded \(what) (\(catalog.exhibitCount) exhibits) in \(Serve.seconds(clock.now - started)) s")
                if !renditions.drafts.isEmpty { finishDrafts(loaded, renditions.drafts) }
                makeMediaLater(prepared)
                return nil
            } catch {
                return failed([FileProblem.describe(error)])
            }
        case let .failure(error):
            let warnings = error.diagnostics.filter { $0.severity != .error }.map(\.line)
            for line in warnings { printError(line) }
            return failed(error.description.split(separator: "\n").map(String.init))
        }
    }

    private func serve(_ site: Site) throws(SiteError) {
        if let exhibition {
            try responder.replace(exhibition: exhibition, with: site)
        } else {
            responder.replace(with: site)
        }
    }

    /// The site served now.
    private var served: Site? { exhibition.map(responder.site(of:)) ?? responder.site }

    /// What the messages call what is reloaded: "the catalog", or "korea-1900".
    private var what: String { exhibition ?? "the catalog" }

    /// Makes the real renditions of the photos shown as drafts, away from the reload, then
    /// reloads again to show them; only when they were all made, so a photo whose full
    /// renditions fail is not tried again and again.
    private func finishDrafts(_ catalog: Catalog, _ drafts: Set<String>) {
        let names = drafts.sorted().joined(separator: ", ")
        printError("expo1900: showing quick drafts of \(names) while their full sizes are made")
        DispatchQueue.global(qos: .utility).async { [self] in
            var draftsOnly = catalog
            draftsOnly.images = catalog.images.filter { drafts.contains($0.key) }
            let made = ImageWork.renditions(for: draftsOnly, cache: images.cache, tiles: images.tileSettings)
            guard Set(made.images.keys) == drafts else { return }
            reload(because: "the full sizes of \(names) are ready")
        }
    }

    /// Makes the recordings and videos that are not in the cache yet away from the answers,
    /// so that the guide answers at once; they join it with the reload that follows. One
    /// that cannot be made is a warning then, and is not tried again.
    func makeMediaLater(_ prepared: ImageOptions.Prepared) {
        guard prepared.isMissingMedia, makingMedia.withLock({ busy in
            defer { busy = true }
            return !busy
        }) else { return }
        let names = prepared.missingRecordings.map(\.file) + prepared.missingVideos.map(\.file)
        let listed = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
        let what = Self.counted(prepared.missingRecordings.count, "recording", prepared.missingVideos.count, "video")
        printError("expo1900: making \(what) (\(listed)); the guide answers meanwhile, and \(names.count == 1 ? "it joins" : "they join") it when made")
        DispatchQueue.global(qos: .utility).async { [self] in
            let made = images.makeMedia(prepared, memory: media)
            makingMedia.withLock { $0 = false }
            guard !ChildProcesses.shared.isStopping else { return }
            watched.withLock { last in
                last?.renditions.recordings.merge(made.recordings.recordings) { $1 }
                last?.renditions.videos.merge(made.videos.videos) { $1 }
            }
            let done = "\(made.recordings.recordings.count + made.videos.videos.count) of \(what) made"
            reload(because: done, newWarningsOnly: true)
        }
    }

    /// "2 recordings and 1 video", leaving out a kind there are none of.
    static func counted(_ recordings: Int, _ recording: String, _ videos: Int, _ video: String) -> String {
        let parts = [(recordings, recording), (videos, video)].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return parts.joined(separator: " and ")
    }

    @discardableResult
    /// Gives the memory of the guide just replaced back to the system: freed by the threads
    /// that made its indexes, it would otherwise stay with them while the new guide makes
    /// its own on others, and each reload would hold both.
    static func returnFreedMemory() {
        FreedMemory.giveBack()
    }

    private func failed(_ given: [String]) -> String {
        // A page's error may quote what the catalog holds; it reaches the terminal and the
        // open pages one plain line at a time.
        let lines = given.flatMap { $0.split(whereSeparator: \.isNewline) }.map { ControlCharacters.escaped(String($0)) }
        let before = exhibition.map { responder.site(of: $0) != nil ? "still serving \($0) as it was" : "\($0) is not served" }
            ?? "still serving the guide from before"
        for line in lines { printError("expo1900: reload failed; \(before): \(line)") }
        events?.failed(lines.joined(separator: "\n"))
        return lines.joined(separator: "; ")
    }
}
