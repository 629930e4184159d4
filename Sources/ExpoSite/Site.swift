import ExpoCatalog
import ExpoImages

/// The whole guide: every page of every language and every asset, by path. A pure function
/// of the catalog. The files every visit needs (assets, manifests, the service worker, each
/// language's home, first list page and 404 page) are made at once; the other pages are
/// planned, and made when asked for (`page(at:)`), so that a site of 100,000 exhibits
/// answers within seconds and never holds every page. A small site is made whole at once,
/// as the service worker then keeps all of it.
public struct Site: Sendable {
    /// Path within the site (`/`, `/en/items/jikji/`, `/assets/style.1a2b3c4d5e.css`) → file
    /// made when the site was, held in one form (gzip when that is smaller).
    public let madePages: [String: Page]
    /// Every page, made or still to make; those not in `madePages` are made when asked for.
    let plan: SitePlan
    /// Whether every page was made with the site.
    private let madeWhole: Bool
    let context: PageJob.Context
    public let languages: [Language]
    /// A fingerprint of everything the pages are made from (the catalog's data, its images'
    /// renditions, the templates, the interface's words, the options): it changes when
    /// anything in the site does, and names the service worker's cache.
    public let version: String
    private let notFoundPages: [Language: Page]
    private let primaryNotFoundPage: Page
    private let routes: Routes

    /// Up to this many pages, a site is made whole when it is rendered: the default
    /// catalog has 35, a catalog of 200 exhibits in two languages about 400.
    public static let madeWholeLimit = 600

    /// The site with images made in memory, without a disk cache: for small catalogs and tests.
    public static func render(_ catalog: Catalog, options: SiteOptions = SiteOptions(), after before: Site? = nil) throws(SiteError) -> Site {
        try render(catalog, renditions: ImageWork.renditions(for: catalog, cache: nil), options: options, after: before)
    }

    /// `after`: the site this one replaces (a reload, a publish), whose search and browse
    /// indexes this one's are made from when the two list the same exhibits
    /// (`SiteChanges.deriveIndexes`). The pages are the same either way.
    public static func render(_ catalog: Catalog, renditions: Renditions, options: SiteOptions = SiteOptions(),
                              after before: Site? = nil) throws(SiteError) -> Site {
        let resources = try SiteResources.bundled()
        let routes = Routes(primary: catalog.primary.language, basePath: options.basePath, origin: options.origin,
                            hasIIIF: options.iiifOrigin != nil)
        let searchIndexes = SearchIndexes(catalog, routes: routes, shardLimit: options.searchShardBytes)
        let assets = SiteAssets(catalog: catalog, renditions: renditions, resources: resources, routes: routes,
                                searchIndexPaths: searchIndexes.paths, preview: options.preview,
                                // A preview (a draft, or `--watch`) is the curator's, not a visit.
                                counting: options.preview == nil ? options.counting : nil)
        let browse = BrowseIndexes(catalog, strings: Dictionary(uniqueKeysWithValues: catalog.languages.map { ($0, assets.strings($0).browse) }))
        let plan = SitePlan(catalog, routes: routes, options: options, search: searchIndexes, browse: browse,
                            labelVersions: assets.offeredVersions(catalog.primary.language))
        if let before {
            SiteChanges.deriveIndexes(of: catalog, plan, browse: browse, from: before)
        }
        let actions = try PageActions.rendered(catalog.languages, resources: resources, assets: assets)
        var titles: [Language: ExpositionTitle] = [:]
        for edition in catalog.editions { titles[edition.language] = edition.expositionTitle }
        let iiif = options.iiifOrigin.map { IIIF(catalog: catalog, routes: routes, assets: assets, origin: $0, positions: plan.positions) }
        let context = PageJob.Context(catalog: catalog, routes: routes, assets: assets, resources: resources,
                                      actions: actions, expositionTitles: titles, iiif: iiif, plan: plan,
                                      servesSearch: options.servesSearch, museumFront: options.museumFront, browse: browse)
        let madeWhole = plan.count(atMost: madeWholeLimit)
        var pages = try PageJob.renderAll(madeWhole ? plan.jobs : plan.madeFirst, context)
        pages.merge(assets.files) { page, _ in page }
        var notFoundPages: [Language: Page] = [:]
        for edition in catalog.editions {
            let language = edition.language
            notFoundPages[language] = pages[routes.notFound(language)]
            let title = titles[language]?.lines.first ?? ""
            let manifest = WebManifest(strings: assets.strings(language), title: title, basePath: routes.basePath,
                                       startURL: routes.link(routes.home(language)), icons: assets.icons)
            pages[routes.manifest(language)] = Page(contentType: "application/manifest+json", body: manifest.bytes(), caching: .revalidate)
        }
        let version = SiteVersion.of(catalog, resources: resources, options: options, madePages: pages)
        let notFoundEntries = catalog.languages.map {
            ServiceWorker.NotFoundEntry(folder: routes.link(routes.home($0)), page: routes.link(routes.notFound($0)))
        }
        // The service worker keeps every page of a site made whole (when it is small enough
        // to fetch at once), or only the shell of a larger one.
        pages[Routes.serviceWorker] = Page(
            contentType: "text/javascript; charset=utf-8",
            body: ServiceWorker.script(template: resources.serviceWorker, version: version,
                                       precache: ServiceWorker.precache(pages, complete: madeWhole, routes: routes, languages: catalog.languages,
                                                                          images: (all: assets.imagePaths, offline: assets.offlineImagePaths),
                                                                          madeLater: madeWhole ? [] : Array(searchIndexes.paths.values)).map(routes.link),
                                       primary: routes.primary,
                                       notFound: notFoundEntries, serverPaths: options.serverPaths),
            caching: .revalidate)
        // Every catalog has its primary edition, and its 404 page is among those made first.
        guard let primaryNotFoundPage = notFoundPages[routes.primary] else {
            throw .template(name: "not-found", message: "no page for the primary language")
        }
        // Started last, so that the indexes' threads do not share the two cores of a small
        // server with the pages every visit needs. A live preview is made again at every
        // save: making its indexes after each one kept a core busy for seconds at 100,000
        // exhibits while the curator edits, and slowed the next reload. There they are made
        // when first asked for.
        if !madeWhole, options.preview == nil, options.makesIndexesAtOnce {
            searchIndexes.prepareInBackground()
            browse.prepareInBackground()
        }
        // Kept in one form each: the search indexes alone are 15 MB a language at 100,000 exhibits.
        return Site(madePages: pages.mapValues(\.kept), plan: plan, madeWhole: madeWhole, context: context, languages: catalog.languages,
                    version: version, notFoundPages: notFoundPages.mapValues(\.kept), primaryNotFoundPage: primaryNotFoundPage.kept, routes: routes)
    }

    /// Every path of the site, in no particular order.
    public var paths: [String] {
        Array(madePages.keys) + (madeWhole ? [] : plan.jobs.lazy.map(\.path).filter { madePages[$0] == nil })
    }

    /// How many pages the site has, counting each language's search index as one file:
    /// its files are known only once it is made, and counting them would make it at start.
    /// For a large site, this makes the browse pages' indexes.
    public var pageCount: Int { madePages.count + (madeWhole ? 0 : plan.count - plan.madeFirst.count) }

    /// How many pages the site has, the browse pages of a large site left out: known at
    /// once, where `pageCount` would first make the browse indexes.
    public var pageCountBesidesBrowsing: Int { madePages.count + (madeWhole ? 0 : plan.countBesidesBrowsing - plan.madeFirst.count) }

    /// The page at `path`, made now if it was not made with the site; a page's folder
    /// answers with or without its final slash. Nil when the site has no such page.
    public func page(at path: String) throws(SiteError) -> Page? {
        try page(at: path, compressor: nil)
    }

    func page(at path: String, compressor: Gzip?) throws(SiteError) -> Page? {
        if let page = madePages[path] { return page }
        if !madeWhole, let job = plan.job(at: path) { return try job.render(context, compressor: compressor ?? Gzip()) }
        guard !path.hasSuffix("/") else { return nil }
        return try page(at: path + "/", compressor: compressor)
    }

    /// Whether `path` is a page made when asked for, rather than with the site.
    public func isMadeOnRequest(_ path: String) -> Bool {
        guard !madeWhole else { return false }
        let folder = path.hasSuffix("/") ? path : path + "/"
        return madePages[path] == nil && (plan.job(at: path) != nil || (madePages[folder] == nil && plan.job(at: folder) != nil))
    }

    /// The 404 page in the language the path belongs to.
    public func notFoundPage(for path: String) -> Page {
        notFoundPage(language(of: path))
    }

    public func notFoundPage(_ language: Language) -> Page {
        notFoundPages[language] ?? primaryNotFoundPage
    }

    /// The language of a path: the one whose folder it is in (`/en/…`), else the primary.
    public func language(of path: String) -> Language {
        routes.language(of: path, among: languages)
    }

    public var primaryLanguage: Language { routes.primary }

    /// Where the site serves the recording made of the catalog's file `file`, or nil.
    public func recordingLink(of file: String) -> String? { context.assets.recording(file)?.link }

    /// Makes the search and browse indexes of every language now, unless they are made: for
    /// a site kept to make the next one's from (`render(after:)`).
    public func makeIndexes() {
        for language in languages {
            _ = plan.search.index(language)
            if context.browse.hasBrowsing(language) { _ = context.browse.index(language) }
        }
    }

    /// The path of the exposition screen in `language`.
    public func homePath(_ language: Language) -> String { routes.home(language) }
}
