import ExpoCatalog
import ExpoSite
import HTTPTypes
import Logging

/// A `Site` turned into what the server sends: the files made with the site prepared at
/// once, the other pages made on their first request and kept in a bounded cache, the 404
/// pages, and the language homes the `/` redirect chooses between. A class, so that a
/// request takes the current one with a single retain; a reload swaps in a new one with its
/// own cache, so a visitor never gets a page of the old site from the new one.
final class ServedSite: Sendable {
    /// Bytes of pages made on request that are kept: about 5,000 exhibit pages.
    static let cacheBudget = 64 * 1024 * 1024

    private let made: [String: ServedPage]
    private let site: Site
    private let notFound: [Language: ServedPage]
    private let cache: PageCache

    init(_ site: Site, cacheBudget: Int = ServedSite.cacheBudget) {
        self.site = site
        var made: [String: ServedPage] = [:]
        for (path, page) in site.madePages {
            made[path] = Self.served(page, at: path)
        }
        self.made = made
        var notFound: [Language: ServedPage] = [:]
        for language in site.languages {
            notFound[language] = ServedPage(site.notFoundPage(language))
        }
        self.notFound = notFound
        cache = PageCache(budget: cacheBudget)
    }

    private static func served(_ page: Page, at path: String) -> ServedPage {
        // The root varies with the visitor's languages: it may redirect them.
        ServedPage(page, varyBy: path == "/" ? ["Accept-Language", "Cookie"] : [])
    }

    /// The page at `path`, with or without the final slash of its folder; made now if it is
    /// one the site makes on request.
    func page(at path: Substring) throws(SiteError) -> ServedPage? {
        if let page = made[String(path)] { return page }
        if !path.hasSuffix("/"), let page = made[path + "/"] { return page }
        let key = String(path)
        if let page = cache.page(at: key) { return page }
        guard site.isMadeOnRequest(key), let page = try site.page(at: key) else { return nil }
        let served = Self.served(page, at: key)
        cache.keep(served, at: key)
        return served
    }

    func notFoundPage(for path: Substring) -> ServedPage {
        let language = site.language(of: String(path))
        return notFound[language] ?? ServedPage(site.notFoundPage(language))
    }

    var languages: [Language] { site.languages }

    var primaryLanguage: Language { site.primaryLanguage }

    func homePath(_ language: Language) -> String { site.homePath(language) }
}
