import ExpoCatalog
import ExpoSite
import HTTPTypes

/// A `Site` turned into what the server sends: every page prepared, the 404 pages, and
/// the language homes the `/` redirect chooses between. A class, so that a request takes
/// the current one with a single retain instead of copying every field.
final class ServedSite: Sendable {
    private let pages: [String: ServedPage]
    private let site: Site
    private let notFound: [Language: ServedPage]

    init(_ site: Site) {
        self.site = site
        var pages: [String: ServedPage] = [:]
        for (path, page) in site.pages {
            // The root varies with the visitor's languages: it may redirect them.
            pages[path] = ServedPage(page, varyBy: path == "/" ? ["Accept-Language", "Cookie"] : [])
        }
        self.pages = pages
        var notFound: [Language: ServedPage] = [:]
        for language in site.languages {
            notFound[language] = ServedPage(site.notFoundPage(language))
        }
        self.notFound = notFound
    }

    /// The page at `path`, with or without the final slash of its folder.
    func page(at path: Substring) -> ServedPage? {
        if let page = pages[String(path)] { return page }
        if !path.hasSuffix("/"), let page = pages[path + "/"] { return page }
        return nil
    }

    func notFoundPage(for path: Substring) -> ServedPage {
        let language = site.language(of: String(path))
        return notFound[language] ?? ServedPage(site.notFoundPage(language))
    }

    var languages: [Language] { site.languages }

    var primaryLanguage: Language { site.primaryLanguage }

    func homePath(_ language: Language) -> String { site.homePath(language) }
}
