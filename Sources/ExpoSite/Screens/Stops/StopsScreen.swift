import ExpoCatalog

/// `/stop/`: where the go-to-stop form goes. A server never shows it for a number (it
/// answers `?n=12` with the exhibit); a static host serves it for every number, and its
/// script takes the visitor on: straight to the exhibit when the page lists the stops
/// (offline too), else to `stop/12/`. Without the script it lists every stop of a guide
/// with up to `listLimit` of them, and says how to type a number into the address.
struct StopsScreen: Sendable {
    struct Stop: Sendable {
        var badge: StopBadge
        var name: String
        var nameLang: String?
        var href: String
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var form: StopForm
    /// The message for a number the guide does not have; `{n}` is filled in by the script.
    var noStop: String
    var withoutScript: String?
    var stops: [Stop]
    var hasList: Bool
    /// The folder of the export's stop pages, which are in the main language only: the
    /// script finds this language's exhibit among each one's alternate links.
    var stopPages: String

    /// More stops than this are not listed: 500 rows are about 60 KB of page, and a guide
    /// of 100,000 would be megabytes.
    static let listLimit = 500

    init(language: Language, directory: StopDirectory, served: Bool, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(language)
        let edition = catalog.edition(language)
        let mainTitle = edition.expositionName ?? strings.siteName
        frame = PageFrame(
            language: language, title: "\(strings.stops.pageTitle) · \(mainTitle)", description: strings.stops.fieldLabel,
            screenClass: "screen-stops", pathIn: routes.stops, languages: catalog.languages, routes: routes, assets: assets)
        navigationBar = NavigationBar(title: strings.stops.pageTitle, backLabel: strings.exhibitListTitle,
                                      backHref: routes.link(routes.exhibitList(language)))
        form = StopForm(language: language, routes: routes, strings: strings)
        noStop = strings.stops.noStopTemplate
        hasList = directory.stops.count <= Self.listLimit
        let primary = catalog.primary.language
        stops = hasList ? directory.stops.map { stop, position in
            let exhibit = edition.exhibits[position]
            return Stop(badge: StopBadge(stop, strings: strings), name: exhibit.displayName,
                        nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: primary),
                        href: routes.link(routes.exhibit(exhibit.id, language)))
        } : []
        // A server looks numbers up itself; only a static copy needs the visitor to know this.
        let example = directory.stops.first?.stop ?? 1
        withoutScript = served ? nil : strings.stops.withoutScript(
            example: routes.absolute(link: routes.link(routes.stop(example, primary))), listed: hasList)
        stopPages = routes.link(routes.stops(primary))
    }
}

extension StopsScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("form", \.form),
        .field("noStop", \.noStop),
        .field("withoutScript", \.withoutScript),
        .field("stops", \.stops),
        .field("hasList", \.hasList),
        .field("stopPages", \.stopPages),
    ]
}

extension StopsScreen.Stop: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("badge", \.badge),
        .field("name", \.name),
        .field("nameLang", \.nameLang),
        .field("href", \.href),
    ]
}
