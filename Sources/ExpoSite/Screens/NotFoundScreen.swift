import ExpoCatalog

/// The page for an address the site does not have, in the style of the others.
struct NotFoundScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var message: String
    var linkLabel: String
    var linkHref: String
    /// The status shown large above the message.
    var code = "404"

    init(language: Language, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(language)
        frame = PageFrame(
            language: language, title: strings.notFoundTitle, description: strings.notFoundMessage,
            screenClass: "screen-not-found", pathIn: routes.home,
            languages: catalog.languages, routes: routes, assets: assets)
        navigationBar = NavigationBar(title: strings.notFoundTitle, backLabel: strings.backToMain,
                                      backHref: routes.link(routes.home(language)))
        message = strings.notFoundMessage
        linkLabel = strings.notFoundLink
        linkHref = routes.link(routes.home(language))
    }
}

extension NotFoundScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("message", \.message),
        .field("linkLabel", \.linkLabel),
        .field("linkHref", \.linkHref),
        .field("code", \.code),
    ]
}
