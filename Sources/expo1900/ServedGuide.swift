import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import ExpoStudio
import Synchronization

/// The guide `studio` serves, as the studio sees it: its catalog entry by entry, the site
/// visitors get, a site made of a draft with the same rendering, and a reload after a publish.
/// Made before the server and bound to its reloader once that exists.
final class ServedGuide: StudioGuide {
    private let parts = Mutex<(reloader: SiteReloader, responder: SiteResponder)?>(nil)
    /// The catalog as first loaded and its images' renditions, until the reloader is bound.
    private let first: WatchedLoad
    private let firstRenditions: Renditions
    private let options: SiteOptions
    /// Where each publish is exported too (`studio --export DIR`).
    let export: StudioExport?

    let renditionCache: RenditionCache?
    /// The museum's exhibition it is (`studio --catalogs`); nil for the one catalog.
    private let exhibition: String?
    /// Told after each publish has reloaded the guide: a museum's export (`studio --catalogs --export`).
    private let published: (@Sendable () -> Void)?

    init(first: WatchedLoad, renditions: Renditions, options: SiteOptions, cache: RenditionCache?, export: StudioExport? = nil,
         exhibition: String? = nil, published: (@Sendable () -> Void)? = nil) {
        self.first = first
        self.exhibition = exhibition
        self.published = published
        renditionCache = cache
        firstRenditions = renditions
        self.options = options
        self.export = export
        export?.prepare(Self.exported(first, renditions), renditions: renditions)
    }

    func bind(_ reloader: SiteReloader, _ responder: SiteResponder) {
        parts.withLock { $0 = (reloader, responder) }
    }

    func watchedLoad() -> WatchedLoad {
        parts.withLock { $0 }?.reloader.watchedLoad?.load ?? first
    }

    func currentSite() -> Site? {
        guard let responder = parts.withLock({ $0 })?.responder else { return nil }
        return exhibition.map(responder.site(of:)) ?? responder.site
    }

    func site(of catalog: Catalog, basePath: String, uploads: [String: CatalogImage], recordings: [String: AudioRendition],
              videos: [String: VideoRendition], after earlier: Site?) throws -> Site {
        var options = options
        options.basePath = basePath
        // Pages that register no service worker and listen for no events.
        options.preview = SiteOptions.Preview(generation: 0, eventsPath: "")
        options.servesSearch = false
        var renditions = parts.withLock { $0 }?.reloader.watchedLoad?.renditions ?? firstRenditions
        if !uploads.isEmpty {
            var only = catalog
            only.images = uploads
            let made = ImageWork.renditions(for: only, cache: renditionCache, drafts: true)
            renditions.images.merge(made.images) { _, new in new }
        }
        renditions.recordings.merge(recordings) { _, new in new }
        renditions.videos.merge(videos) { _, new in new }
        return try Site.render(catalog, renditions: renditions, options: options, after: earlier)
    }

    func recordingDuration(of file: String) -> Double? {
        (parts.withLock { $0 }?.reloader.watchedLoad?.renditions ?? firstRenditions).recordings[file]?.duration
    }

    func reload(because reason: String) -> String? {
        guard let reloader = parts.withLock({ $0 })?.reloader else { return "the guide is not serving yet" }
        let before = reloader.watchedLoad
        // The watcher may have read the written files first: then there is nothing left to read.
        if let problem = reloader.reload(because: reason, unlessUpToDate: true) { return problem }
        if let export, let (load, renditions) = reloader.watchedLoad {
            export.export(Self.exported(load, renditions), renditions: renditions,
                          before: before.map { (Self.exported($0.load, $0.renditions), $0.renditions) })
        }
        published?()
        return nil
    }

    /// The catalog as an export renders it: with its renditions' warnings.
    private static func exported(_ load: WatchedLoad, _ renditions: Renditions) -> Catalog {
        var catalog = load.catalog
        catalog.diagnostics += renditions.diagnostics
        return catalog
    }

    /// The catalog served now and its renditions, for an export; nil while it cannot be served.
    func served() -> (catalog: Catalog, renditions: Renditions)? {
        guard currentSite() != nil, let (load, renditions) = parts.withLock({ $0 })?.reloader.watchedLoad else { return nil }
        return (load.catalog, renditions)
    }
}
