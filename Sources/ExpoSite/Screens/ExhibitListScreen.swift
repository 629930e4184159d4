import ExpoCatalog

/// Screen 2: one row per exhibit, each row a single link to its detail.
struct ExhibitListScreen: Sendable {
    struct Row: Sendable {
        var id: String
        var name: String
        var shortDescription: String
        var href: String
        var thumbnail: ImageModel
        /// The primary language, on a name or short text that stands in for a translation.
        var nameLang: String? = nil
        var textLang: String? = nil
    }

    /// Links between the pages of a long list; absent when it fits on one.
    struct Pagination: Sendable {
        var label: String
        var previousLabel: String
        var previousHref: String?
        var nextLabel: String
        var nextHref: String?
        var position: String
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var rows: [Row]
    var pagination: Pagination?
    var search: SearchBox

    /// Rows below this many are out of the first screenful and load lazily.
    static let eagerRows = 6

    /// Page `page` (from 1) of `pageCount`, showing `exhibits`.
    /// `expositionName` is the title's first line, when the caller has worked it out already.
    init(edition: Edition, exhibits: ArraySlice<Exhibit>, page: Int = 1, pageCount: Int = 1, expositionName: String? = nil,
         catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        let mainTitle = expositionName ?? edition.expositionName ?? strings.siteName
        let position = pageCount > 1 ? " (\(strings.pageOf(page, pageCount)))" : ""
        frame = PageFrame(
            language: edition.language, title: "\(strings.exhibitListTitle)\(position) · \(mainTitle)",
            description: exhibits.prefix(5).map(\.name).joined(separator: ", "),
            screenClass: "screen-list", pathIn: { routes.exhibitList($0, page: page) },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: "poster", shareImageAlt: strings.posterAlt)
        if pageCount > 1 {
            let language = edition.language
            pagination = Pagination(
                label: strings.pagination,
                previousLabel: strings.previousPage,
                previousHref: page > 1 ? routes.link(routes.exhibitList(language, page: page - 1)) : nil,
                nextLabel: strings.nextPage,
                nextHref: page < pageCount ? routes.link(routes.exhibitList(language, page: page + 1)) : nil,
                position: strings.pageOf(page, pageCount))
        }
        search = SearchBox(strings: strings, index: assets.searchIndexURL(edition.language))
        navigationBar = NavigationBar(title: strings.exhibitListTitle, backLabel: strings.backToMain,
                                      backHref: routes.link(routes.home(edition.language)))
        rows = exhibits.enumerated().map { index, exhibit in
            // The name is the link's text already, so the thumbnail is decorative.
            Row(id: exhibit.id, name: exhibit.displayName,
                shortDescription: exhibit.shortDescription,
                href: routes.link(routes.exhibit(exhibit.id, edition.language)),
                thumbnail: ImageModel(assets.picture(exhibit.id), alt: exhibit.name,
                                      cssClass: "thumbnail", slot: "(min-width: 30em) 6rem, 20vw", lazy: index >= Self.eagerRows,
                                      decorative: true, placeholderText: strings.imageMissing),
                nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: catalog.primary.language),
                textLang: edition.borrowedLanguage(exhibit.id, "short_desc", primary: catalog.primary.language))
        }
    }

    /// The whole list on one page.
    init(edition: Edition, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        self.init(edition: edition, exhibits: edition.exhibits[...], catalog: catalog, routes: routes, assets: assets)
    }
}

extension ExhibitListScreen: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("rows", \.rows),
        .field("pagination", \.pagination),
        .field("search", \.search),
    ]
}

extension ExhibitListScreen.Row: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("id", \.id),
        .field("name", \.name),
        .field("shortDescription", \.shortDescription),
        .field("nameLang", \.nameLang),
        .field("textLang", \.textLang),
        .field("href", \.href),
        .field("thumbnail", \.thumbnail),
    ]
}

extension ExhibitListScreen.Pagination: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("previousLabel", \.previousLabel),
        .field("previousHref", \.previousHref),
        .field("nextLabel", \.nextLabel),
        .field("nextHref", \.nextHref),
        .field("position", \.position),
    ]
}
