import ExpoCatalog

/// Screen 3: one exhibit, its image large and its whole description.
struct ExhibitScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var image: ImageModel
    var paragraphs: [String]

    /// `listPage` is the page of the list the exhibit is on, where its back link returns.
    init(exhibit: Exhibit, edition: Edition, listPage: Int = 1, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = UIStrings.forLanguage(edition.language)
        let name = exhibit.name.isEmpty ? exhibit.id : exhibit.name
        frame = PageFrame(
            language: edition.language, title: "\(name) · \(strings.exhibitListTitle)",
            description: exhibit.shortDescription.isEmpty ? name : exhibit.shortDescription,
            screenClass: "screen-exhibit", pathIn: { routes.exhibit(exhibit.id, $0) },
            languages: catalog.languages, routes: routes, assets: assets)
        navigationBar = NavigationBar(title: name, backLabel: strings.exhibitListTitle,
                                      backHref: routes.link(routes.exhibitList(edition.language, page: listPage)))
        image = ImageModel(catalog.images[exhibit.id], assets: assets, alt: name,
                           cssClass: "exhibit-image", slot: "(min-width: 36em) 24rem, 100vw", placeholderText: name)
        paragraphs = Paragraphs.split(exhibit.description)
    }
}
