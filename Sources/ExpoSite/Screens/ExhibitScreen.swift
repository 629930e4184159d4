import ExpoCatalog

/// Screen 3: one exhibit, its image large and its whole description.
struct ExhibitScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var image: ImageModel
    var paragraphs: [String]
    var speech: SpeechControls
    var share: ShareControl
    var pager: ExhibitPager

    /// `listPage` is the page of the list the exhibit is on, where its back link returns;
    /// `previous` and `next` are its neighbours in the catalog.
    init(exhibit: Exhibit, edition: Edition, listPage: Int = 1, previous: Exhibit? = nil, next: Exhibit? = nil,
         catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = UIStrings.forLanguage(edition.language)
        let name = exhibit.displayName
        let expositionTitle = ExpositionTitle(edition.exposition.title).lines.first ?? strings.siteName
        frame = PageFrame(
            language: edition.language, title: "\(name) · \(strings.exhibitListTitle)",
            description: exhibit.shortDescription.isEmpty ? name : exhibit.shortDescription,
            screenClass: "screen-exhibit", pathIn: { routes.exhibit(exhibit.id, $0) },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: catalog.images[exhibit.id], shareImageAlt: name, type: "article",
            structuredData: { image in
                StructuredData.exhibit(exhibit, name: name, edition: edition, path: routes.exhibit(exhibit.id, edition.language),
                                       image: routes.absolute(link: image.link), expositionTitle: expositionTitle, routes: routes)
            })
        navigationBar = NavigationBar(title: name, backLabel: strings.exhibitListTitle,
                                      backHref: routes.link(routes.exhibitList(edition.language, page: listPage)))
        image = ImageModel(catalog.images[exhibit.id], assets: assets, alt: name,
                           cssClass: "exhibit-image", slot: "(min-width: 36em) 24rem, 100vw", placeholderText: name)
        paragraphs = Paragraphs.split(exhibit.description)
        speech = SpeechControls(language: edition.language)
        share = ShareControl(language: edition.language, title: name, text: exhibit.shortDescription)
        pager = ExhibitPager(previous: previous, next: next, language: edition.language, routes: routes)
    }
}
