/// Where a browse page sits (the list › Browse › Maker › the value), each step a link but
/// the last, which is the page itself.
struct Breadcrumbs: Sendable {
    struct Crumb: Sendable {
        var label: String
        var href: String?
        /// The primary language's code, on a name standing in for a translation.
        var lang: String? = nil
    }

    var label: String
    var crumbs: [Crumb]
}

extension Breadcrumbs: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("crumbs", \.crumbs),
    ]
}

extension Breadcrumbs.Crumb: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
        .field("lang", \.lang),
    ]
}
