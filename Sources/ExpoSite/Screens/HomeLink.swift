import ExpoCatalog

/// One of screen 1's links below its main button, to a part of the guide a catalog may
/// have: its tours, its map.
struct HomeLink: Sendable {
    var label: String
    var href: String
    /// The paragraph's class, naming the part the link leads to.
    var cssClass: String

    /// Screen 1's links for `edition`: the tours when it has tours, then the map when it has floors.
    static func all(_ edition: Edition, routes: Routes, strings: UIStrings) -> [HomeLink] {
        (edition.tours.isEmpty ? [] : [HomeLink(label: strings.tours.link, href: routes.link(routes.tours(edition.language)),
                                                cssClass: "home-tours")])
            + (edition.floors.isEmpty ? [] : [HomeLink(label: strings.map.title, href: routes.link(routes.map(edition.language)),
                                                       cssClass: "home-map-link")])
    }
}

extension HomeLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
        .field("cssClass", \.cssClass),
    ]
}
