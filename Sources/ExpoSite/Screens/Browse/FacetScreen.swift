/// `/browse/maker/`: a facet's values, most exhibits first (dates by time), each with its
/// count and a link to its exhibits; `BrowsePlan.valuesPerPage` a page.
struct FacetScreen: Sendable {
    struct ValueLink: Sendable {
        var name: String
        var lang: String?
        var count: String
        var href: String
        /// A decade, set under its century.
        var isDecade: Bool
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var breadcrumbs: Breadcrumbs
    var summary: String
    var values: [ValueLink]
    var pagination: ExhibitListScreen.Pagination?

    init(_ page: BrowsePage, facet: Facet, page number: Int) {
        let (strings, routes, language) = (page.strings, page.routes, page.language)
        let pageCount = page.plan.valuePageCount(facet)
        let perPage = BrowsePlan.valuesPerPage
        values = facet.values.dropFirst((number - 1) * perPage).prefix(perPage).map { value in
            ValueLink(name: value.name, lang: value.lang, count: strings.browse.exhibitCount(value.exhibits.count),
                      href: routes.link(routes.facetValue(language, facet.slug, value.slug)), isDecade: value.isDecade)
        }
        summary = strings.browse.valueCount(facet.values.count)
        frame = PageFrame(
            language: language,
            title: "\(facet.label)\(page.position(number, pageCount)) · \(strings.browse.title) · \(page.mainTitle)",
            description: values.prefix(5).map(\.name).joined(separator: ", "),
            screenClass: "screen-browse", pathIn: { page.facetPath(facet, page: number, in: $0) },
            languages: page.catalog.languages, routes: routes, assets: page.assets)
        navigationBar = NavigationBar(title: facet.label, backLabel: strings.browse.title, backHref: routes.link(routes.browse(language)))
        breadcrumbs = page.breadcrumbs([Breadcrumbs.Crumb(label: facet.label)])
        pagination = page.pagination(page: number, count: pageCount) { routes.facet(language, facet.slug, page: $0) }
    }
}

extension FacetScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("breadcrumbs", \.breadcrumbs),
        .field("summary", \.summary),
        .field("values", \.values),
        .field("pagination", \.pagination),
    ]
}

extension FacetScreen.ValueLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("name", \.name),
        .field("lang", \.lang),
        .field("count", \.count),
        .field("href", \.href),
        .field("isDecade", \.isDecade),
    ]
}
