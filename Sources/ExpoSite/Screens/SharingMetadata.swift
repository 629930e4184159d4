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
        var tags = HTMLTags()
        func property(_ name: String, _ content: String) { tags.tag("meta", ["property": name, "content": content]) }
        func named(_ name: String, _ content: String) { tags.tag("meta", ["name": name, "content": content]) }
        if let url { tags.tag("link", ["rel": "canonical", "href": url]) }
        property("og:type", type)
        property("og:site_name", strings.siteName)
        property("og:title", title)
        property("og:description", description)
        if let url { property("og:url", url) }
        property("og:locale", strings.openGraphLocale)
        for other in languages where other != language {
            property("og:locale:alternate", assets.strings(other).openGraphLocale)
        }
        property("og:image", imageURL)
        if let width = image.width, let height = image.height {
            property("og:image:width", String(width))
            property("og:image:height", String(height))
        }
        property("og:image:alt", imageAlt)
        // A large image card when there is a photo or drawing to show, else the small one.
        named("twitter:card", image.isIcon ? "summary" : "summary_large_image")
        named("twitter:title", title)
        named("twitter:description", description)
        named("twitter:image", imageURL)
        named("twitter:image:alt", imageAlt)
        self.tags = tags.html
    }
}

extension SharingMetadata: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("tags", \.tags),
        .field("url", \.url),
    ]
}
