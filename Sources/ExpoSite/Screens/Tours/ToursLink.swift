import ExpoCatalog

/// Screen 1's link to `tours/`, when the catalog has tours.
struct ToursLink: Sendable {
    var label: String
    var href: String

    init?(_ edition: Edition, routes: Routes, strings: UIStrings) {
        guard !edition.tours.isEmpty else { return nil }
        label = strings.tours.link
        href = routes.link(routes.tours(edition.language))
    }
}

extension ToursLink: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
    ]
}
