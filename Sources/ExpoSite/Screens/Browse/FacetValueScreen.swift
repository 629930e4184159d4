import ExpoCatalog

/// `/browse/maker/<value>/`: the exhibits with one value, in catalog order, in the list's
/// rows and paged as the list is.
struct FacetValueScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var breadcrumbs: Breadcrumbs
    var summary: String
    var rows: [ExhibitListScreen.Row]
    var pagination: ExhibitListScreen.Pagination?

    init(_ page: BrowsePage, facet: Facet, valueNumber: Int, page number: Int) {
        let (strings, routes, language, edition) = (page.strings, page.routes, page.language, page.edition)
        let value = facet.values[valueNumber]
        let perPage = page.plan.exhibitsPerPage
        let pageCount = page.plan.exhibitPageCount(value)
        let primary = page.catalog.primary.language
        rows = value.exhibits.dropFirst((number - 1) * perPage).prefix(perPage).enumerated().map { place, position in
            ExhibitListScreen.Row(exhibit: edition.exhibits[Int(position)], place: place, edition: edition, primary: primary,
                                  routes: routes, assets: page.assets)
        }
        summary = strings.browse.exhibitCount(value.exhibits.count)
        frame = PageFrame(
            language: language,
            title: "\(value.name)\(page.position(number, pageCount)) · \(facet.label) · \(page.mainTitle)",
            description: rows.prefix(5).map(\.name).joined(separator: ", "),
            screenClass: "screen-list", pathIn: { page.valuePath(facet, value, page: number, in: $0) },
            languages: page.catalog.languages, routes: routes, assets: page.assets)
        // Back to the page of values this one is on.
        let facetPage = valueNumber / BrowsePlan.valuesPerPage + 1
        navigationBar = NavigationBar(title: value.name, titleLang: value.lang, backLabel: facet.label,
                                      backHref: routes.link(routes.facet(language, facet.slug, page: facetPage)))
        breadcrumbs = page.breadcrumbs([Breadcrumbs.Crumb(label: facet.label, href: routes.link(routes.facet(language, facet.slug, page: facetPage))),
                                        Breadcrumbs.Crumb(label: value.name, lang: value.lang)])
        pagination = page.pagination(page: number, count: pageCount) { routes.facetValue(language, facet.slug, value.slug, page: $0) }
    }
}

extension ExhibitListScreen.Row {
    /// The exhibit's row, as the list shows it; `place` is its place on the page, as rows
    /// out of the first screenful load their thumbnails lazily.
    init(exhibit: Exhibit, place: Int, edition: Edition, primary: Language, routes: Routes, assets: SiteAssets) {
        // The name is the link's text already, so the thumbnail is decorative.
        self.init(id: exhibit.id, name: exhibit.displayName, shortDescription: exhibit.shortDescription,
                  href: routes.link(routes.exhibit(exhibit.id, edition.language)),
                  thumbnail: ImageModel(assets.picture(exhibit.id), alt: exhibit.name,
                                        cssClass: "thumbnail", slot: "(min-width: 30em) 6rem, 20vw", lazy: place >= ExhibitListScreen.eagerRows,
                                        decorative: true, placeholderText: assets.strings(edition.language).imageMissing),
                  nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: primary),
                  textLang: edition.borrowedLanguage(exhibit.id, "short_desc", primary: primary),
                  stop: StopBadge(exhibit.stop, strings: assets.strings(edition.language)))
    }
}

extension FacetValueScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("breadcrumbs", \.breadcrumbs),
        .field("summary", \.summary),
        .field("rows", \.rows),
        .field("pagination", \.pagination),
    ]
}
