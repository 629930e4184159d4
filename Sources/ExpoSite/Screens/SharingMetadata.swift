import ExpoCatalog

/// What a link to the page shows when it is shared (Open Graph and Twitter card tags),
/// and the page's canonical address. Links are absolute when the site's origin is known.
/// The tags are written here rather than in the layout template: some twenty lookups per
/// page made rendering a large catalog a quarter slower.
struct SharingMetadata: Sendable {
    /// The `<link rel="canonical">` and `<meta>` elements, escaped, one per line.
    var tags: HTML
    var url: String?

    /// `canonicalPath`: the page this one shows again, named whether or not the origin is known.
    init(title: String, description: String, type: String, path: String, image: SiteAssets.ShareImage,
         imageAlt: String, language: Language, languages: [Language], routes: Routes, assets: SiteAssets,
         canonicalPath: String? = nil) {
        let strings = assets.strings(language)
        url = canonicalPath.map { routes.absolute(link: routes.link($0)) } ?? routes.origin.map { _ in routes.absolute(link: routes.link(path)) }
        let imageURL = routes.absolute(link: image.link)
        var lines: [String] = []
        func meta(_ attribute: String, _ name: String, _ content: String) {
            lines.append("<meta \(attribute)=\"\(name)\" content=\"\(HTMLEscaping.escape(content))\">")
        }
        if let url { lines.append("<link rel=\"canonical\" href=\"\(HTMLEscaping.escape(url))\">") }
        meta("property", "og:type", type)
        meta("property", "og:site_name", strings.siteName)
        meta("property", "og:title", title)
        meta("property", "og:description", description)
        if let url { meta("property", "og:url", url) }
        meta("property", "og:locale", strings.openGraphLocale)
        for other in languages where other != language {
            meta("property", "og:locale:alternate", assets.strings(other).openGraphLocale)
        }
        meta("property", "og:image", imageURL)
        if let width = image.width, let height = image.height {
            meta("property", "og:image:width", String(width))
            meta("property", "og:image:height", String(height))
        }
        meta("property", "og:image:alt", imageAlt)
        // A large image card when there is a photo or drawing to show, else the small one.
        meta("name", "twitter:card", image.isIcon ? "summary" : "summary_large_image")
        meta("name", "twitter:title", title)
        meta("name", "twitter:description", description)
        meta("name", "twitter:image", imageURL)
        meta("name", "twitter:image:alt", imageAlt)
        tags = HTML(lines.joined(separator: "\n"))
    }
}

extension SharingMetadata: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("tags", \.tags),
        .field("url", \.url),
    ]
}
