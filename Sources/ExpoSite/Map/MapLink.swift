import ExpoCatalog

/// Screen 1's link to the map, when the catalog has floors.
struct MapLink: Sendable {
    var label: String
    var href: String

    init?(_ edition: Edition, routes: Routes, strings: UIStrings) {
        guard !edition.floors.isEmpty else { return nil }
        label = strings.map.title
        href = routes.link(routes.map(edition.language))
    }
}

extension MapLink: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
    ]
}
