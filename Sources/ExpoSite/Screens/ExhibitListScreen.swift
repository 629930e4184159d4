import ExpoCatalog

/// Screen 2: one row per exhibit, each row a single link to its detail.
struct ExhibitListScreen: Sendable {
    struct Row: Sendable {
        var name: String
        var shortDescription: String
        var href: String
        var thumbnail: ImageModel
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var rows: [Row]

    /// Rows below this many are out of the first screenful and load lazily.
    static let eagerRows = 6

    init(edition: Edition, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = UIStrings.forLanguage(edition.language)
        let mainTitle = ExpositionTitle(edition.exposition.title).lines.first ?? strings.siteName
        frame = PageFrame(
            language: edition.language, title: "\(strings.exhibitListTitle) · \(mainTitle)",
            description: edition.exhibits.prefix(5).map(\.name).joined(separator: ", "),
            screenClass: "screen-list", pathIn: routes.exhibitList,
            languages: catalog.languages, routes: routes, assets: assets)
        navigationBar = NavigationBar(title: strings.exhibitListTitle, backLabel: strings.backToMain,
                                      backHref: routes.link(routes.home(edition.language)))
        rows = edition.exhibits.enumerated().map { index, exhibit in
            // The name is the link's text already, so the thumbnail is decorative.
            Row(name: exhibit.name.isEmpty ? exhibit.id : exhibit.name,
                shortDescription: exhibit.shortDescription,
                href: routes.link(routes.exhibit(exhibit.id, edition.language)),
                thumbnail: ImageModel(catalog.images[exhibit.id], assets: assets, alt: exhibit.name,
                                      cssClass: "thumbnail", slot: "(min-width: 30em) 6rem, 20vw", lazy: index >= Self.eagerRows,
                                      decorative: true, placeholderText: strings.imageMissing))
        }
    }
}
