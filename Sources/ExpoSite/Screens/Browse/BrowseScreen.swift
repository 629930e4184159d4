/// `/browse/`: the facts a visitor may browse by, each with how many values it has.
struct BrowseScreen: Sendable {
    struct FacetLink: Sendable {
        var label: String
        var detail: String
        var href: String
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var breadcrumbs: Breadcrumbs
    var facets: [FacetLink]

    init(_ page: BrowsePage) {
        let (strings, routes, language) = (page.strings, page.routes, page.language)
        facets = page.index.facets.map { facet in
            FacetLink(label: facet.label, detail: strings.browse.valueCount(facet.values.count),
                      href: routes.link(routes.facet(language, facet.slug)))
        }
        frame = PageFrame(
            language: language, title: "\(strings.browse.title) · \(page.mainTitle)",
            description: facets.map(\.label).joined(separator: ", "),
            screenClass: "screen-browse", pathIn: page.browsePath(in:),
            languages: page.catalog.languages, routes: routes, assets: page.assets)
        navigationBar = NavigationBar(title: strings.browse.title, backLabel: strings.exhibitListTitle,
                                      backHref: routes.link(routes.exhibitList(language)))
        breadcrumbs = page.breadcrumbs([])
    }
}

extension BrowseScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("breadcrumbs", \.breadcrumbs),
        .field("facets", \.facets),
    ]
}

extension BrowseScreen.FacetLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("detail", \.detail),
        .field("href", \.href),
    ]
}
