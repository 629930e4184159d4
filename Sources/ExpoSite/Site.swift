import ExpoCatalog

/// The whole guide, rendered: every page of every language and every asset, by path. A
/// pure function of the catalog; the server answers from it and the export writes it.
public struct Site: Sendable {
    /// Path within the site (`/`, `/en/items/jikji/`, `/assets/style.1a2b3c4d5e.css`) → page.
    public let pages: [String: Page]
    public let languages: [Language]
    private let notFoundPages: [Language: Page]
    private let primaryNotFoundPage: Page
    private let routes: Routes

    public static func render(_ catalog: Catalog, options: SiteOptions = SiteOptions()) throws(SiteError) -> Site {
        let resources = try SiteResources.bundled()
        let routes = Routes(primary: catalog.primary.language, basePath: options.basePath)
        let assets = SiteAssets(catalog: catalog, resources: resources, routes: routes)
        var pages = assets.files
        var notFoundPages: [Language: Page] = [:]
        func html(_ screen: Any, _ template: String) throws(SiteError) -> Page {
            Page(contentType: "text/html; charset=utf-8", body: try resources.render(screen, with: template), caching: .revalidate)
        }
        for edition in catalog.editions {
            let language = edition.language
            pages[routes.home(language)] = try html(
                ExpositionScreen(edition: edition, catalog: catalog, routes: routes, assets: assets), "exposition")
            pages[routes.exhibitList(language)] = try html(
                ExhibitListScreen(edition: edition, catalog: catalog, routes: routes, assets: assets), "exhibit-list")
            for exhibit in edition.exhibits {
                pages[routes.exhibit(exhibit.id, language)] = try html(
                    ExhibitScreen(exhibit: exhibit, edition: edition, catalog: catalog, routes: routes, assets: assets), "exhibit")
            }
            notFoundPages[language] = try html(
                NotFoundScreen(language: language, catalog: catalog, routes: routes, assets: assets), "not-found")
        }
        let primaryNotFoundPage = try html(
            NotFoundScreen(language: routes.primary, catalog: catalog, routes: routes, assets: assets), "not-found")
        return Site(pages: pages, languages: catalog.languages, notFoundPages: notFoundPages,
                    primaryNotFoundPage: primaryNotFoundPage, routes: routes)
    }

    /// The page at `path`; a page's folder answers with or without its final slash.
    public func page(at path: String) -> Page? {
        pages[path] ?? (path.hasSuffix("/") ? nil : pages[path + "/"])
    }

    /// The 404 page in the language the path belongs to.
    public func notFoundPage(for path: String) -> Page {
        notFoundPage(language(of: path))
    }

    public func notFoundPage(_ language: Language) -> Page {
        notFoundPages[language] ?? primaryNotFoundPage
    }

    /// The language of a path: the one whose folder it is in (`/en/…`), else the primary.
    public func language(of path: String) -> Language {
        routes.language(of: path, among: languages)
    }

    public var primaryLanguage: Language { routes.primary }

    /// The path of the exposition screen in `language`.
    public func homePath(_ language: Language) -> String { routes.home(language) }
}
