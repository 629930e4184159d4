import ExpoCatalog

/// The site's files other than pages: the stylesheet, the script and every image variant,
/// each under a name that carries its content hash so it can be cached for a year.
struct SiteAssets: Sendable {
    private(set) var files: [String: Page] = [:]
    private(set) var stylesheetURL = ""
    private(set) var scriptURL = ""
    /// The browser tab's icon: the catalog's flag, when it has one.
    private(set) var iconURL: String?
    private var imageURLs: [String: String] = [:]
    private(set) var icons = Icons()
    private var searchIndexURLs: [Language: String] = [:]
    private var headLinks: [Language: String] = [:]

    /// The app icons' links, for the manifest and the apple-touch-icon.
    struct Icons: Sendable {
        var icon192 = ""
        var icon512 = ""
        var maskable512 = ""
        var appleTouch = ""
    }

    init(catalog: Catalog, resources: SiteResources, routes: Routes) {
        stylesheetURL = add("/assets/style", "css", "text/css; charset=utf-8", resources.stylesheet, routes)
        scriptURL = add("/assets/app", "js", "text/javascript; charset=utf-8", resources.script, routes)
        for (name, image) in catalog.images.sorted(by: { $0.key < $1.key }) {
            for variant in image.variants {
                let suffix = variant.scale == 1 ? "" : "@\(variant.scale)x"
                imageURLs[Self.key(image.name, variant.scale)] = add(
                    "/images/\(name)\(suffix)", variant.format.fileExtension, variant.format.mediaType,
                    [UInt8](variant.data), routes)
            }
        }
        func icon(_ name: String) -> String {
            add("/icons/\(name)", "png", "image/png", resources.icons[name] ?? [], routes)
        }
        icons = Icons(icon192: icon("icon-192"), icon512: icon("icon-512"),
                      maskable512: icon("icon-maskable-512"), appleTouch: icon("apple-touch-icon"))
        for edition in catalog.editions {
            searchIndexURLs[edition.language] = add("/assets/search-\(edition.language.code)", "json", "application/json",
                                                    SearchIndex(edition: edition, routes: routes).bytes(), routes)
        }
        if let flag = catalog.images["flag"], let first = flag.variants.first {
            iconURL = url(of: first, in: flag)
        }
        for language in catalog.languages {
            headLinks[language] = links(language, routes: routes)
        }
    }

    /// The lines of `<head>` that are the same on every page of a language: the links to
    /// the stylesheet, script, icons and manifest, and the home-screen app's settings.
    /// Written once per language, not once per page: rendering them in each page's
    /// template was a tenth of rendering a large catalog.
    func headLinks(_ language: Language) -> String { headLinks[language] ?? "" }

    private func links(_ language: Language, routes: Routes) -> String {
        let escape = HTMLEscaping.escape
        var lines: [String] = []
        if let iconURL { lines.append("<link rel=\"icon\" href=\"\(escape(iconURL))\">") }
        lines += [
            "<link rel=\"manifest\" href=\"\(escape(routes.link(routes.manifest(language))))\">",
            "<link rel=\"apple-touch-icon\" href=\"\(escape(icons.appleTouch))\">",
            "<meta name=\"apple-mobile-web-app-capable\" content=\"yes\">",
            "<meta name=\"mobile-web-app-capable\" content=\"yes\">",
            "<meta name=\"apple-mobile-web-app-title\" content=\"\(escape(UIStrings.forLanguage(language).siteName))\">",
            "<meta name=\"apple-mobile-web-app-status-bar-style\" content=\"default\">",
            "<link rel=\"stylesheet\" href=\"\(escape(stylesheetURL))\">",
            "<script src=\"\(escape(scriptURL))\" data-service-worker=\"\(escape(routes.link(Routes.serviceWorker)))\" "
                + "data-scope=\"\(escape(routes.basePath))\" defer></script>",
        ]
        return lines.joined(separator: "\n")
    }

    /// The list screen's search data in `language`.
    func searchIndexURL(_ language: Language) -> String { searchIndexURLs[language] ?? "" }

    /// The picture a shared link shows. Link previews do not draw SVG, so a drawing
    /// without a raster version is shown by the app icon instead.
    struct ShareImage: Sendable {
        var link: String
        var width: Int?
        var height: Int?
        var isIcon: Bool
    }

    func shareImage(_ image: CatalogImage?) -> ShareImage {
        let raster = image?.variants.filter { $0.format != .svg }.max { ($0.pixelSize?.width ?? 0) < ($1.pixelSize?.width ?? 0) }
        if let image, let raster, let link = url(of: raster, in: image) {
            return ShareImage(link: link, width: raster.pixelSize?.width, height: raster.pixelSize?.height, isIcon: false)
        }
        return ShareImage(link: icons.icon512, width: 512, height: 512, isIcon: true)
    }

    /// The link to an image variant, or nil when the catalog has no such image.
    func url(of variant: ImageVariant, in image: CatalogImage) -> String? {
        imageURLs[Self.key(image.name, variant.scale)]
    }

    private static func key(_ name: String, _ scale: Int) -> String { "\(name)@\(scale)" }

    private mutating func add(_ stem: String, _ ext: String, _ type: String, _ bytes: [UInt8], _ routes: Routes) -> String {
        let path = "\(stem).\(ContentHash.hex(bytes).prefix(10)).\(ext)"
        files[path] = Page(contentType: type, body: bytes, caching: .immutable)
        return routes.link(path)
    }
}
