import ExpoCatalog

/// Screen 3: one exhibit, its image large and its whole description.
struct ExhibitScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var image: ImageModel
    var paragraphs: [String]
    /// The read-aloud and share buttons, rendered once for the language.
    var actions: HTML
    var pager: ExhibitPager

    /// `listPage` is the page of the list the exhibit is on, where its back link returns;
    /// `previous` and `next` are its neighbours in the catalog. `expositionTitle`, the
    /// first line of the edition's title, is worked out here unless the caller has it.
    init(exhibit: Exhibit, edition: Edition, listPage: Int = 1, previous: Exhibit? = nil, next: Exhibit? = nil,
         actions: HTML = HTML(""), expositionTitle: String? = nil, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = UIStrings.forLanguage(edition.language)
        let name = exhibit.displayName
        let expositionTitle = expositionTitle ?? edition.expositionName ?? strings.siteName
        let paragraphs = Paragraphs.split(exhibit.description)
        frame = PageFrame(
            language: edition.language, title: "\(name) · \(strings.exhibitListTitle)",
            description: exhibit.shortDescription.isEmpty ? name : exhibit.shortDescription,
            screenClass: "screen-exhibit", pathIn: { routes.exhibit(exhibit.id, $0) },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: exhibit.id, shareImageAlt: name, type: "article",
            structuredData: { image in
                StructuredData.exhibit(exhibit, name: name, description: paragraphs.first, edition: edition,
                                       path: routes.exhibit(exhibit.id, edition.language),
                                       image: routes.absolute(link: image.link), expositionTitle: expositionTitle, routes: routes)
            })
        navigationBar = NavigationBar(title: name, backLabel: strings.exhibitListTitle,
                                      backHref: routes.link(routes.exhibitList(edition.language, page: listPage)))
        image = ImageModel(assets.picture(exhibit.id), alt: name,
                           cssClass: "exhibit-image", slot: "(min-width: 36em) 24rem, 100vw", priority: true, placeholderText: name)
        self.paragraphs = paragraphs
        self.actions = actions
        pager = ExhibitPager(previous: previous, next: next, language: edition.language, routes: routes, strings: strings)
    }
}
