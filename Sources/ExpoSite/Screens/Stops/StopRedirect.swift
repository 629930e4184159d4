import ExpoCatalog

/// `stop/12/` in a static export: a static host cannot redirect, so a small page sends the
/// visitor on at once (`<meta http-equiv="refresh">`, no script needed), with a link for a
/// browser that does not follow it and a canonical link that tells search engines the
/// exhibit's page is the one to keep. A server answers the same address with a redirect.
struct StopRedirect: Sendable {
    /// The exhibit's page in each of the guide's languages, which the go-to-stop script of
    /// another language's `stop/` page reads to stay in that language.
    struct Alternate: Sendable {
        var hreflang: String
        var href: String
    }

    var lang: String
    var dir: String
    /// The page's own copy of the security policy, as every page has, for hosts that send no headers.
    var contentSecurityPolicy = SecurityPolicy.pagePolicy
    var title: String
    var href: String
    var canonical: String
    var alternates: [Alternate]

    init(stop: Int, exhibit: Exhibit, language: Language, routes: Routes, strings: UIStrings, alternates: [Alternate] = []) {
        self.alternates = alternates
        lang = language.code
        dir = strings.direction
        title = "\(strings.stops.stop(stop)) · \(exhibit.displayName)"
        href = routes.link(routes.exhibit(exhibit.id, language))
        canonical = routes.absolute(link: href)
    }
}

extension StopRedirect: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("lang", \.lang),
        .field("dir", \.dir),
        .field("contentSecurityPolicy", \.contentSecurityPolicy),
        .field("title", \.title),
        .field("href", \.href),
        .field("canonical", \.canonical),
        .field("alternates", \.alternates),
    ]
}

extension StopRedirect.Alternate: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("hreflang", \.hreflang),
        .field("href", \.href),
    ]
}
