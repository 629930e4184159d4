import ExpoCatalog
import Foundation
import Synchronization

/// One HTML page of the site, still to be rendered. Pages do not depend on each other, so
/// a large catalog renders on every core at once. A job names its page by language and
/// position only, so that planning 200,000 of them copies no exhibit.
enum PageJob: Sendable {
    case exposition(Language)
    case exhibitList(Language, page: Int)
    /// The exhibit at `index` of the edition's list.
    case exhibit(Language, index: Int)
    case notFound(Language)
    /// A file of a language's search index (`manifest.json`, `t3.json`, …).
    case searchFile(Language, String)
    case iiifManifest(String)
    /// The IIIF collection of every exhibit's manifest: made when asked for on a large
    /// site, where it took a third of a second at 69,202 exhibits before the first answer.
    case iiifCollection
    /// The browse pages: the facets, a facet's values (page from 1), a value's exhibits.
    case browse(Language)
    case facet(Language, facet: Int, page: Int)
    case facetValue(Language, facet: Int, value: Int, page: Int)
    /// The wall labels (page from 1) and the entrance poster, in the primary language.
    case labels(LabelPaper, page: Int, version: GuideVersion? = nil)
    case poster
    /// `stop/`, where the go-to-stop form goes.
    case stops(Language)
    /// `tours/`, a tour (by its place in the catalog's list) and a tour's stop (from 1).
    case tours(Language)
    case tour(Language, index: Int)
    case tourStop(Language, tour: Int, stop: Int)
    /// The IIIF collection of one tour's exhibits.
    case iiifTourCollection(tour: Int)
    /// `map/`: every floor's plan and its exhibits, when the catalog has floors.
    case map(Language)

    struct Context: Sendable {
        var catalog: Catalog
        var routes: Routes
        var assets: SiteAssets
        var resources: SiteResources
        /// Screen 1's and screen 3's buttons, by language.
        var actions: [Language: (exposition: HTML, exhibit: HTML)]
        /// Each edition's title, worked out once for all its pages.
        var expositionTitles: [Language: ExpositionTitle] = [:]
        /// Present when the site has IIIF manifests.
        var iiif: IIIF?
        var plan: SitePlan
        /// Whether a server answers the list's search form (it does under `serve`).
        var servesSearch = false
        /// The museum's front page, for an exhibition of several.
        var museumFront: String?
        var browse: BrowseIndexes

        func edition(_ language: Language) -> Edition { catalog.edition(language) }
    }

    func render(_ context: Context, compressor: Gzip) throws(SiteError) -> Page {
        let (catalog, routes, assets) = (context.catalog, context.routes, context.assets)
        let screen: any TemplateObject
        let template: String
        switch self {
        case let .exposition(language):
            let edition = context.edition(language)
            var exposition = ExpositionScreen(edition: edition, actions: context.actions[edition.language]?.exposition ?? HTML(""),
                                              title: context.expositionTitles[edition.language],
                                              catalog: catalog, routes: routes, assets: assets)
            exposition.frontLink = context.museumFront.map { ExpositionScreen.FrontLink(href: $0, label: assets.strings(language).front.back) }
            screen = exposition
            template = "exposition"
        case let .exhibitList(language, page):
            let edition = context.edition(language)
            let perPage = context.plan.perPage
            let exhibits = edition.exhibits.dropFirst((page - 1) * perPage).prefix(perPage)
            screen = ExhibitListScreen(edition: edition, exhibits: exhibits, page: page, pageCount: context.plan.listPageCount,
                                       expositionName: context.expositionTitles[edition.language]?.lines.first,
                                       served: context.servesSearch, hasBrowsing: context.browse.hasBrowsing(language),
                                       catalog: catalog, routes: routes, assets: assets)
            template = "exhibit-list"
        case let .exhibit(language, index):
            let edition = context.edition(language)
            let exhibits = edition.exhibits
            let exhibit = exhibits[index]
            screen = ExhibitScreen(exhibit: exhibit, edition: edition, listPage: index / context.plan.perPage + 1,
                                   previous: index > 0 ? exhibits.heading(at: index - 1) : nil,
                                   next: index + 1 < exhibits.count ? exhibits.heading(at: index + 1) : nil,
                                   actions: context.actions[edition.language]?.exhibit ?? HTML(""),
                                   expositionTitle: context.expositionTitles[edition.language]?.lines.first,
                                   neighbouringStops: context.plan.stops.neighbours(of: exhibit.stop),
                                   catalog: catalog, routes: routes, assets: assets)
            template = "exhibit"
        case let .notFound(language):
            screen = NotFoundScreen(language: language, catalog: catalog, routes: routes, assets: assets)
            template = "not-found"
        case let .searchFile(language, name):
            guard let page = context.plan.search.page(language, file: name) else {
                throw .template(name: "search index", message: "no file \(name) in the search index for \(language.code)")
            }
            return page
        case let .iiifManifest(id):
            return Page(contentType: IIIF.contentType, body: context.iiif?.manifest(id) ?? [], caching: .revalidate,
                        compressor: compressor, crossOrigin: true)
        case .iiifCollection:
            return Page(contentType: IIIF.contentType, body: context.iiif?.collection() ?? [], caching: .revalidate,
                        compressor: compressor, crossOrigin: true)
        case let .iiifTourCollection(tour):
            return Page(contentType: IIIF.contentType, body: context.iiif?.tourCollection(tour) ?? [], caching: .revalidate,
                        compressor: compressor, crossOrigin: true)
        case let .labels(paper, page, version):
            screen = LabelSheet(catalog: catalog, paper: paper, page: page, pageCount: context.plan.labelPageCount,
                                version: version, routes: routes, assets: assets)
            template = "labels"
        case .poster:
            screen = PosterScreen(catalog: catalog, title: context.expositionTitles[catalog.primary.language], routes: routes, assets: assets)
            template = "poster"
        case let .stops(language):
            screen = StopsScreen(language: language, directory: context.plan.stops, served: context.servesSearch,
                                 catalog: catalog, routes: routes, assets: assets)
            template = "stops"
        case let .map(language):
            screen = MapScreen(language: language, catalog: catalog, routes: routes, assets: assets)
            template = "map"
        case .browse, .facet, .facetValue:
            let made = try BrowsePages(context).screen(self)
            screen = made.screen
            template = made.template
        case .tours, .tour, .tourStop:
            let made = try TourPages(context).screen(self)
            screen = made.screen
            template = made.template
        }
        return Page(contentType: "text/html; charset=utf-8", body: try context.resources.render(screen, with: template),
                    caching: .revalidate, compressor: compressor)
    }

    /// Renders every job, spread over the machine's cores; path → page.
    static func renderAll(_ jobs: [(path: String, job: PageJob)], _ context: Context) throws(SiteError) -> [String: Page] {
        let pages = Mutex<[String: Page]>([:])
        let failure = Mutex<SiteError?>(nil)
        let chunkSize = max(16, jobs.count / (ProcessInfo.processInfo.activeProcessorCount * 8) + 1)
        let chunks = (jobs.count + chunkSize - 1) / chunkSize
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var rendered: [(String, Page)] = []
            let compressor = Gzip()
            for (path, job) in jobs[(chunk * chunkSize)..<min(jobs.count, (chunk + 1) * chunkSize)] {
                do throws(SiteError) {
                    rendered.append((path, try job.render(context, compressor: compressor)))
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
            pages.withLock { all in
                for (path, page) in rendered { all[path] = page }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return pages.withLock { $0 }
    }
}
