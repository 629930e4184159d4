import ExpoCatalog
import ExpoImages

/// The whole guide, rendered: every page of every language and every asset, by path. A
/// pure function of the catalog; the server answers from it and the export writes it.
public struct Site: Sendable {
    /// Path within the site (`/`, `/en/items/jikji/`, `/assets/style.1a2b3c4d5e.css`) → page.
    public let pages: [String: Page]
    public let languages: [Language]
    /// A fingerprint of every page but the service worker: it changes when anything in the
    /// site does, and names the service worker's cache.
    public let version: String
    private let notFoundPages: [Language: Page]
    private let primaryNotFoundPage: Page
    private let routes: Routes

    /// The site with images made in memory, without a disk cache: for small catalogs and tests.
    public static func render(_ catalog: Catalog, options: SiteOptions = SiteOptions()) throws(SiteError) -> Site {
        try render(catalog, renditions: ImageWork.renditions(for: catalog, cache: nil), options: options)
    }

    public static func render(_ catalog: Catalog, renditions: Renditions, options: SiteOptions = SiteOptions()) throws(SiteError) -> Site {
        let resources = try SiteResources.bundled()
        let routes = Routes(primary: catalog.primary.language, basePath: options.basePath, origin: options.origin,
                            hasIIIF: options.iiifOrigin != nil)
        let assets = SiteAssets(catalog: catalog, renditions: renditions, resources: resources, routes: routes, preview: options.preview)
        var jobs: [(path: String, job: PageJob)] = []
        for edition in catalog.editions {
            let language = edition.language
            jobs.append((routes.home(language), .exposition(edition)))
            let perPage = options.exhibitsPerPage
            let pageCount = max(1, (edition.exhibits.count + perPage - 1) / perPage)
            for page in 1...pageCount {
                let slice = edition.exhibits.dropFirst((page - 1) * perPage).prefix(perPage)
                jobs.append((routes.exhibitList(language, page: page), .exhibitList(edition, slice, page: page, pageCount: pageCount)))
                let exhibits = edition.exhibits
                for index in slice.indices {
                    let (previous, next) = (index > 0 ? exhibits[index - 1] : nil, index + 1 < exhibits.count ? exhibits[index + 1] : nil)
                    jobs.append((routes.exhibit(exhibits[index].id, language),
                                 .exhibit(exhibits[index], edition, listPage: page, previous: previous, next: next)))
                }
            }
            jobs.append((routes.notFound(language), .notFound(language)))
        }
        let actions = try PageActions.rendered(catalog.languages, resources: resources, assets: assets)
        var titles: [Language: ExpositionTitle] = [:]
        for edition in catalog.editions { titles[edition.language] = edition.expositionTitle }
        var pages = try PageJob.renderAll(jobs, PageJob.Context(catalog: catalog, routes: routes, assets: assets, resources: resources,
                                                                actions: actions, expositionTitles: titles))
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
        if let origin = options.iiifOrigin {
            let iiif = IIIF(catalog: catalog, routes: routes, assets: assets, origin: origin)
            for exhibit in catalog.primary.exhibits {
                pages[routes.iiifManifest(exhibit.id)] = Page(contentType: IIIF.contentType, body: iiif.manifest(exhibit.id),
                                                              caching: .revalidate, crossOrigin: true)
            }
            pages[Routes.iiifCollection] = Page(contentType: IIIF.contentType, body: iiif.collection(), caching: .revalidate, crossOrigin: true)
        }
        // The service worker's cache is named after everything else, so any change to the
        // site replaces it; it precaches every page and asset, or only the shell of a large site.
        let version = ContentHash.hex(pages.sorted { $0.key < $1.key }.flatMap { Array("\($0.key) \($0.value.etag)\n".utf8) })
        let notFoundEntries = catalog.languages.map {
            ServiceWorker.NotFoundEntry(folder: routes.link(routes.home($0)), page: routes.link(routes.notFound($0)))
        }
        pages[Routes.serviceWorker] = Page(
            contentType: "text/javascript; charset=utf-8",
            body: ServiceWorker.script(template: resources.serviceWorker, version: version,
                                       precache: ServiceWorker.precache(pages, routes: routes, languages: catalog.languages,
                                                                          images: (all: assets.imagePaths, offline: assets.offlineImagePaths)).map(routes.link),
                                       primary: routes.primary,
                                       notFound: notFoundEntries),
            caching: .revalidate)
        // Every catalog has its primary edition, so this page was rendered in the loop above.
        guard let primaryNotFoundPage = notFoundPages[routes.primary] else {
            throw .template(name: "not-found", message: "no page for the primary language")
        }
        return Site(pages: pages, languages: catalog.languages, version: version, notFoundPages: notFoundPages,
                    primaryNotFoundPage: primaryNotFoundPage, routes: routes)
    }

    /// The page at `path`; a page's folder answers with or without its final slash.
    public func page(at path: String) -> Page? {
        pages[path] ?? (path.hasSuffix("/") ? nil : pages[path + "/"])
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

    /// The path of the exposition screen in `language`.
    public func homePath(_ language: Language) -> String { routes.home(language) }
}
