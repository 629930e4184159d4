import ExpoCatalog

/// `tours/`: every tour, each a link to its page with its title, short text, duration,
/// number of stops and its first stop's picture.
struct TourListScreen: Sendable {
    struct Row: Sendable {
        var title: String
        var titleLang: String?
        var description: String
        var descriptionLang: String?
        var summary: String
        var href: String
        var thumbnail: ImageModel
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var rows: [Row]

    init(edition: Edition, expositionName: String?, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        let language = edition.language
        let primary = catalog.primary.language
        frame = PageFrame(
            language: language, title: "\(strings.tours.title) · \(expositionName ?? edition.expositionName ?? strings.siteName)",
            description: edition.tours.prefix(5).map(\.title).joined(separator: ", "),
            screenClass: "screen-list screen-tours", pathIn: routes.tours,
            languages: catalog.languages, routes: routes, assets: assets, shareImage: "poster", shareImageAlt: strings.posterAlt)
        navigationBar = NavigationBar(title: strings.tours.title, backLabel: strings.backToMain, backHref: routes.link(routes.home(language)))
        rows = edition.tours.enumerated().map { index, tour in
            let key = Tour.untranslatedKey(tour.id)
            // The title is the link's text already, so the picture is decorative.
            return Row(title: tour.title, titleLang: edition.borrowedLanguage(key, "title", primary: primary),
                       description: tour.description, descriptionLang: edition.borrowedLanguage(key, "description", primary: primary),
                       summary: TourScreen.summary(tour, strings: strings).joined(separator: " · "),
                       href: routes.link(routes.tour(tour.id, language)),
                       thumbnail: ImageModel(assets.picture(tour.stops[0]), alt: tour.title, cssClass: "thumbnail",
                                             slot: "(min-width: 30em) 6rem, 20vw", lazy: index >= ExhibitListScreen.eagerRows,
                                             decorative: true, placeholderText: strings.imageMissing))
        }
    }
}

extension TourListScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("rows", \.rows),
    ]
}

extension TourListScreen.Row: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("title", \.title),
        .field("titleLang", \.titleLang),
        .field("description", \.description),
        .field("descriptionLang", \.descriptionLang),
        .field("summary", \.summary),
        .field("href", \.href),
        .field("thumbnail", \.thumbnail),
    ]
}
