import ExpoCatalog
import ExpoImages
import Foundation

/// The museum's front page and its files (`serve --catalogs`, `export --catalogs`): a page
/// per language listing the exhibitions, its 404 pages, and the stylesheet, script and icons
/// they link. It is made from the exhibitions' sites as they are now, and made again when one
/// of them is loaded, reloaded or fails; it is small, so it is made whole each time.
public struct FrontSite: Sendable {
    /// One exhibition as the front page lists it.
    public struct Exhibition: Sendable {
        /// Its folder's name: the exhibition is at `/name/`.
        public var name: String
        /// Its site; nil when its catalog cannot be loaded now.
        public var site: Site?

        public init(name: String, site: Site?) {
            self.name = name
            self.site = site
        }
    }

    /// Path within the front (`/`, `/en/`, `/assets/style.….css`) → file.
    public let pages: [String: Page]
    public let languages: [Language]
    public let primary: Language
    private let notFound: [Language: Page]
    private let unavailable: [Language: Page]
    private let routes: Routes

    /// When an exhibition is now, to come or over: its first edition's duration, when it is
    /// two numeric dates, read against `today`. An exhibition without such dates (a
    /// permanent collection) is always now.
    enum Period: Int, CaseIterable { case current, upcoming, past }

    public static func render(_ museum: MuseumDescription, exhibitions: [Exhibition], today: Date = Date(),
                              basePath: String = "/", origin: String? = nil) throws(SiteError) -> FrontSite {
        let resources = try SiteResources.bundled()
        let loaded = exhibitions.compactMap(\.site)
        let primary = museum.language ?? loaded.first?.context.catalog.primary.language ?? museum.name.keys.sorted().first ?? .english
        var languages = [primary]
        for language in loaded.flatMap(\.languages) + museum.name.keys.sorted() where !languages.contains(language) {
            languages.append(language)
        }
        let routes = Routes(primary: primary, basePath: SiteOptions(basePath: basePath).basePath, origin: origin)
        let catalog = frontCatalog(museum, languages: languages)
        let assets = SiteAssets(catalog: catalog, renditions: Renditions(), resources: resources, routes: routes,
                                // The front page registers no service worker: each exhibition keeps its own, in its own scope.
                                preview: SiteOptions.Preview(generation: 0, eventsPath: ""))
        let day = CalendarDate(today)
        let ordered = order(exhibitions, museum: museum, today: day)
        var pages = assets.files
        var notFound: [Language: Page] = [:]
        var unavailable: [Language: Page] = [:]
        for language in languages {
            let strings = assets.strings(language)
            let title = museum.name[language] ?? museum.name[primary] ?? strings.front.title
            let titleLang = museum.name[language] == nil && museum.name[primary] != nil && language != primary ? primary.code : nil
            let words = museum.text[language] ?? museum.text[primary]
            let paragraphs = words.map(Paragraphs.split) ?? []
            var screen = FrontScreen(
                frame: PageFrame(language: language, title: title, description: paragraphs.first ?? title, screenClass: "screen-front",
                                 pathIn: routes.home, languages: languages, routes: routes, assets: assets),
                title: title, titleLang: titleLang,
                text: paragraphs.isEmpty ? nil : FrontScreen.Text(paragraphs: paragraphs, lang: museum.text[language] == nil && language != primary ? primary.code : nil),
                sections: [], noExhibitions: (catalog.interface[language] ?? InterfaceText.english)["front_none"])
            var index = 0
            for period in Period.allCases {
                let entries = ordered.filter { $0.period == period }.map { exhibition in
                    defer { index += 1 }
                    return entry(exhibition.exhibition, language: language, strings: strings, lazy: index >= 6)
                }
                guard !entries.isEmpty else { continue }
                screen.sections.append(FrontScreen.Section(id: "front-\(period)", heading: heading(period, strings), entries: entries))
            }
            let failed = exhibitions.filter { $0.site == nil }.map { exhibition in
                FrontScreen.Entry(name: exhibition.name, href: routes.link("/\(exhibition.name)/"), title: exhibition.name,
                                  titleLang: nil, dates: nil, note: strings.front.unavailableMessage, poster: nil)
            }
            if !failed.isEmpty {
                screen.sections.append(FrontScreen.Section(id: "front-unavailable", heading: strings.front.unavailable, entries: failed))
            }
            pages[routes.home(language)] = Page(contentType: "text/html; charset=utf-8", body: try resources.render(screen, with: "front"),
                                                caching: .revalidate)
            var missing = NotFoundScreen(language: language, catalog: catalog, routes: routes, assets: assets)
            missing.linkLabel = strings.front.back
            missing.navigationBar.backLabel = strings.front.back
            let notFoundPage = Page(contentType: "text/html; charset=utf-8", body: try resources.render(missing, with: "not-found"), caching: .revalidate)
            notFound[language] = notFoundPage
            pages[routes.notFound(language)] = notFoundPage
            var closed = missing
            closed.code = "503"
            closed.frame.documentTitle = strings.front.unavailable
            closed.navigationBar.title = strings.front.unavailable
            closed.message = strings.front.unavailableMessage
            unavailable[language] = Page(contentType: "text/html; charset=utf-8", body: try resources.render(closed, with: "not-found"), caching: .revalidate)
            let manifest = WebManifest(strings: strings, title: title, basePath: routes.basePath,
                                       startURL: routes.link(routes.home(language)), icons: assets.icons)
            pages[routes.manifest(language)] = Page(contentType: "application/manifest+json", body: manifest.bytes(), caching: .revalidate)
        }
        return FrontSite(pages: pages.mapValues(\.kept), languages: languages, primary: primary, notFound: notFound.mapValues(\.kept),
                         unavailable: unavailable.mapValues(\.kept), routes: routes)
    }

    /// The front page's address in `language`, within the front (`/`, `/en/`).
    public func homePath(_ language: Language) -> String { routes.home(language) }

    /// The language an address of the front belongs to, for its 404 page.
    public func language(of path: String) -> Language { routes.language(of: path, among: languages) }

    public func notFoundPage(_ language: Language) -> Page { notFound[language] ?? notFound[primary]! }

    /// What an exhibition whose catalog cannot be loaded answers, at every address under it.
    public func unavailablePage(_ language: Language) -> Page { unavailable[language] ?? unavailable[primary]! }

    /// The front's own catalog: no exhibits, the museum's name as the interface's site name.
    private static func frontCatalog(_ museum: MuseumDescription, languages: [Language]) -> Catalog {
        let editions = languages.map { language in
            Edition(language: language, exposition: Exposition(title: museum.name[language] ?? "", visitors: 0, location: "", duration: "",
                                                               description: museum.text[language] ?? ""), exhibits: [])
        }
        var catalog = Catalog(primary: editions[0], translations: Array(editions.dropFirst()), images: [:], diagnostics: [])
        for language in languages {
            var text = InterfaceText.shipped(for: language) ?? InterfaceText.english
            if let name = museum.name[language] ?? museum.name[languages[0]] {
                text.texts["site_name"] = name
                text.texts["app_description"] = name
            } else {
                text.texts["site_name"] = text["front_title"]
            }
            catalog.interface[language] = text
        }
        return catalog
    }

    private static func heading(_ period: Period, _ strings: UIStrings) -> String {
        switch period {
        case .current: strings.front.current
        case .upcoming: strings.front.upcoming
        case .past: strings.front.past
        }
    }

    /// The exhibition's row in `language`: its edition in that language, else its first.
    private static func entry(_ exhibition: Exhibition, language: Language, strings: UIStrings, lazy: Bool) -> FrontScreen.Entry {
        let site = exhibition.site!
        let catalog = site.context.catalog
        let edition = catalog.editions.first { $0.language == language } ?? catalog.primary
        let borrowed = { (key: String) in
            edition.language != language ? edition.language.code : edition.borrowedLanguage(nil, key, primary: catalog.primary.language)
        }
        let title = edition.expositionName ?? exhibition.name
        let duration = edition.exposition.duration
        let dates: FrontScreen.Line? = if let range = CalendarDate.range(duration) {
            FrontScreen.Line(text: strings.dateRange(range.start, range.end), lang: nil)
        } else if !duration.trimmingCharacters(in: .whitespaces).isEmpty {
            FrontScreen.Line(text: duration, lang: borrowed("duration"))
        } else {
            nil
        }
        let routes = site.context.routes
        // The title beside it says what it shows.
        let poster = ImageModel(site.context.assets.picture("poster"), alt: "", cssClass: "thumbnail",
                                slot: "(min-width: 30em) 6rem, 20vw", lazy: lazy, decorative: true, placeholderText: "")
        return FrontScreen.Entry(name: exhibition.name, href: routes.link(routes.home(edition.language)), title: title,
                                 titleLang: borrowed("title"), dates: dates, note: nil, poster: poster)
    }

    /// The loaded exhibitions with their period, in the order the front page lists them: the
    /// museum's order first, then current and past ones newest first, upcoming soonest first.
    private static func order(_ exhibitions: [Exhibition], museum: MuseumDescription, today: CalendarDate)
        -> [(exhibition: Exhibition, period: Period)] {
        let dated = exhibitions.compactMap { exhibition -> (Exhibition, Period, CalendarDate?)? in
            guard let site = exhibition.site else { return nil }
            guard let range = CalendarDate.range(site.context.catalog.primary.exposition.duration) else { return (exhibition, .current, nil) }
            let period: Period = today < range.start ? .upcoming : range.end < today ? .past : .current
            return (exhibition, period, range.start)
        }
        let rank = Dictionary(museum.order.enumerated().map { ($1, $0) }) { first, _ in first }
        return dated.sorted { a, b in
            if a.1 != b.1 { return a.1.rawValue < b.1.rawValue }
            let (ra, rb) = (rank[a.0.name] ?? Int.max, rank[b.0.name] ?? Int.max)
            if ra != rb { return ra < rb }
            if let sa = a.2, let sb = b.2, sa != sb { return a.1 == .upcoming ? sa < sb : sb < sa }
            if (a.2 == nil) != (b.2 == nil) { return b.2 == nil }
            return a.0.name < b.0.name
        }.map { ($0.0, $0.1) }
    }
}

extension CalendarDate: Comparable {
    static func < (a: CalendarDate, b: CalendarDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// The day `date` falls on where the server is.
    init(_ date: Date) {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        (year, month, day) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
