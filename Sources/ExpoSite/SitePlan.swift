import ExpoCatalog

/// Every page of a site, before any is made: the exposition, each list page, each exhibit,
/// the 404 page, the `stop/` page and the browse pages of every language, each language's
/// search index files, the IIIF collection and each exhibit's manifest, and the wall labels and entrance poster.
///
/// A page is found from its path (`job(at:)`) rather than kept in a table of every path:
/// at 100,000 exhibits a table of 200,000 paths, each with its exhibits copied into its
/// job, took a second to build and a hundred megabytes to hold. Only the exhibits'
/// positions by id are kept; every edition has the same exhibits in the same order.
struct SitePlan: Sendable {
    let routes: Routes
    let languages: [Language]
    let perPage: Int
    /// How many pages the list has in every language (at least one, even when empty).
    let listPageCount: Int
    /// How many pages of wall labels each paper has (at least one).
    let labelPageCount: Int
    /// The versions whose wall labels have their own sheets (`/labels/sign/`): those the main language offers.
    let labelVersions: [GuideVersion]
    /// Each exhibit's place in every edition's list, by id.
    let positions: [String: Int]
    let exhibitIDs: [String]
    let hasIIIF: Bool
    /// Each language's search index, whose files are known once it is made.
    let search: SearchIndexes

    /// The browse pages, known once their indexes are made.
    let browse: BrowsePlan
    /// The exhibit each stop number leads to.
    let stops: StopDirectory
    /// The tours' pages, when the catalog has tours.
    let tours: TourPlan
    /// Whether the catalog has floors, and so a `map/` page in every language.
    let hasMap: Bool

    init(_ catalog: Catalog, routes: Routes, options: SiteOptions, search: SearchIndexes, browse: BrowseIndexes,
         labelVersions: [GuideVersion] = []) {
        self.routes = routes
        self.labelVersions = labelVersions
        languages = catalog.languages
        perPage = options.exhibitsPerPage
        exhibitIDs = catalog.primary.exhibits.ids
        listPageCount = max(1, (exhibitIDs.count + perPage - 1) / perPage)
        labelPageCount = LabelSheet.pageCount(exhibits: exhibitIDs.count)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(exhibitIDs.count)
        for (index, id) in exhibitIDs.enumerated() { positions[id] = positions[id] ?? index }
        self.positions = positions
        hasIIIF = options.iiifOrigin != nil
        self.search = search
        self.browse = BrowsePlan(indexes: browse, routes: routes, languages: languages, exhibitsPerPage: perPage)
        stops = StopDirectory(catalog.primary.exhibits)
        tours = TourPlan(catalog.primary.tours)
        hasMap = !catalog.primary.floors.isEmpty
    }

    /// How many pages the plan has but the browse pages, counting each search index as
    /// one: neither's files are known before their indexes are made.
    var countBesidesBrowsing: Int {
        languages.count * (exhibitIDs.count + listPageCount + 4 + tours.pageCount + (hasMap ? 1 : 0))
            + (hasIIIF ? exhibitIDs.count + 1 + tours.ids.count : 0)
            + (1 + labelVersions.count) * LabelPaper.allCases.count * labelPageCount + 1
    }

    /// How many pages the plan has; makes the browse indexes.
    var count: Int { countBesidesBrowsing + browse.count }

    /// Whether the site has at most `limit` pages, without making the browse indexes of a larger one.
    func count(atMost limit: Int) -> Bool { countBesidesBrowsing <= limit && count <= limit }

    /// The pages every visit starts from, made with the site however large it is: each
    /// language's home, first list page and 404 page.
    var madeFirst: [(path: String, job: PageJob)] {
        languages.flatMap { language in
            [(routes.home(language), PageJob.exposition(language)),
             (routes.exhibitList(language, page: 1), .exhibitList(language, page: 1)),
             (routes.notFound(language), .notFound(language))]
        }
    }

    /// Every page, language by language in list order, then the IIIF collection and manifests, the wall
    /// labels and the poster.
    var jobs: [(path: String, job: PageJob)] {
        var jobs: [(path: String, job: PageJob)] = []
        jobs.reserveCapacity(count)
        for language in languages {
            jobs.append((routes.home(language), .exposition(language)))
            for page in 1...listPageCount {
                jobs.append((routes.exhibitList(language, page: page), .exhibitList(language, page: page)))
                let first = (page - 1) * perPage
                for index in first..<min(exhibitIDs.count, first + perPage) {
                    jobs.append((routes.exhibit(exhibitIDs[index], language), .exhibit(language, index: index)))
                }
            }
            jobs.append((routes.notFound(language), .notFound(language)))
            jobs.append((routes.stops(language), .stops(language)))
            if hasMap { jobs.append((routes.map(language), .map(language))) }
            jobs += browse.jobs(language)
            jobs += tours.jobs(language, routes: routes)
        }
        for language in languages {
            guard let index = search.index(language) else { continue }
            for name in index.files.keys.sorted() {
                if let path = search.path(language, file: name) { jobs.append((path, .searchFile(language, name))) }
            }
        }
        if hasIIIF {
            jobs.append((Routes.iiifCollection, .iiifCollection))
            for id in exhibitIDs { jobs.append((routes.iiifManifest(id), .iiifManifest(id))) }
            jobs += tours.iiifJobs(routes: routes)
        }
        for version in [nil] + labelVersions.map(Optional.some) {
            for paper in LabelPaper.allCases {
                for page in 1...labelPageCount {
                    jobs.append((routes.labels(paper, page: page, version: version), .labels(paper, page: page, version: version)))
                }
            }
        }
        jobs.append((routes.poster, .poster))
        return jobs
    }

    /// The page at `path`, read back from the way `Routes` makes paths; nil when the site
    /// has no such page.
    func job(at path: String) -> PageJob? {
        if let (language, name) = search.file(at: path) {
            return search.page(language, file: name) == nil ? nil : .searchFile(language, name)
        }
        if hasIIIF, path == Routes.iiifCollection { return .iiifCollection }
        if hasIIIF, let job = tours.iiifJob(path) { return job }
        if hasIIIF, path.hasPrefix("/iiif/"), path.hasSuffix("/manifest.json") {
            let id = String(path.dropFirst("/iiif/".count).dropLast("/manifest.json".count))
            return positions[id] == nil ? nil : .iiifManifest(id)
        }
        if path.hasPrefix("/labels/") {
            return routes.labelsJob(path.dropFirst("/labels/".count), pageCount: labelPageCount, versions: labelVersions)
        }
        let language = routes.language(of: path, among: languages)
        let home = routes.home(language)
        guard path.hasPrefix(home) else { return nil }
        let rest = path.dropFirst(home.count)
        switch rest {
        case "": return .exposition(language)
        case "404.html": return .notFound(language)
        case "items/": return .exhibitList(language, page: 1)
        case "stop/": return .stops(language)
        case "map/": return hasMap ? .map(language) : nil
        default: break
        }
        if rest.hasPrefix("browse/") { return browse.job(language, rest.dropFirst("browse/".count)) }
        if rest.hasPrefix("tours/") { return tours.job(language, rest.dropFirst("tours/".count)) }
        guard rest.hasPrefix("items/"), rest.hasSuffix("/") else { return nil }
        let inner = rest.dropFirst("items/".count).dropLast()
        if inner.hasPrefix("page/") {
            let digits = inner.dropFirst("page/".count)
            // Only the number as Routes writes it: `page/02/` is not page 2.
            if let page = Int(digits), page >= 2, page <= listPageCount, String(page) == digits {
                return .exhibitList(language, page: page)
            }
        }
        guard !inner.contains("/"), let index = positions[String(inner)] else { return nil }
        return .exhibit(language, index: index)
    }
}
