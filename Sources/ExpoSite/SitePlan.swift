import ExpoCatalog

/// Every page of a site, by path, before any is made: the exposition, each list page, each
/// exhibit and the 404 page of every language, and each exhibit's IIIF manifest. Made in
/// one pass over the exhibits, with each exhibit's neighbours by index, so the plan costs
/// the same for every exhibit however many there are.
struct SitePlan {
    var jobs: [(path: String, job: PageJob)] = []
    /// The pages every visit starts from, made with the site however large it is: each
    /// language's home, first list page and 404 page.
    var madeFirst: Set<String> = []

    init(_ catalog: Catalog, routes: Routes, options: SiteOptions) {
        let perPage = options.exhibitsPerPage
        let exhibitCount = catalog.primary.exhibits.count
        jobs.reserveCapacity(catalog.editions.count * (exhibitCount + exhibitCount / perPage + 3) + exhibitCount)
        for edition in catalog.editions {
            let language = edition.language
            jobs.append((routes.home(language), .exposition(edition)))
            let exhibits = edition.exhibits
            let pageCount = max(1, (exhibits.count + perPage - 1) / perPage)
            for page in 1...pageCount {
                let slice = exhibits.dropFirst((page - 1) * perPage).prefix(perPage)
                jobs.append((routes.exhibitList(language, page: page), .exhibitList(edition, slice, page: page, pageCount: pageCount)))
                for index in slice.indices {
                    let (previous, next) = (index > 0 ? exhibits[index - 1] : nil, index + 1 < exhibits.count ? exhibits[index + 1] : nil)
                    jobs.append((routes.exhibit(exhibits[index].id, language),
                                 .exhibit(exhibits[index], edition, listPage: page, previous: previous, next: next)))
                }
            }
            jobs.append((routes.notFound(language), .notFound(language)))
            madeFirst.formUnion([routes.home(language), routes.exhibitList(language, page: 1), routes.notFound(language)])
        }
        if options.iiifOrigin != nil {
            for exhibit in catalog.primary.exhibits {
                jobs.append((routes.iiifManifest(exhibit.id), .iiifManifest(exhibit.id)))
            }
        }
    }
}
