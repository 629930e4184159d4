import ExpoCatalog
import ExpoSite
import HTTPTypes
import Logging
import NIOCore

/// A `Site` turned into what the server sends: the files made with the site prepared at
/// once (their header lines; their bytes are the site's own, not a copy), the other pages
/// made on their first request and kept in a bounded cache, the 404 pages, and the language
/// homes the `/` redirect chooses between. A class, so that a request takes the current one
/// with a single retain; a reload swaps in a new one with its own caches, so a visitor
/// never gets a page of the old site from the new one.
final class ServedSite: Sendable {
    /// Bytes of pages made on request that are kept: about 16,000 exhibit pages, each
    /// held in its gzip form (4 KB with its header lines).
    static let cacheBudget = 64 * 1024 * 1024
    /// Bytes of plain bodies worked out for clients that do not take gzip: they are rare
    /// (curl without --compressed, some scripts), and one may ask for a search index.
    static let plainBudget = 32 * 1024 * 1024

    /// Shares its pages' bytes with `site`, which keeps them in one form.
    private let made: [String: ServedPage]
    let site: Site
    private let notFound: [Language: ServedPage]
    private let cache: PageCache<ServedPage>
    /// The plain bodies of pages held compressed, by their ETag, which names those bytes.
    private let plain: PageCache<ByteBuffer>
    /// Deep-zoom tiles read lately: a viewer asks for the same few again as it pans.
    private let tiles: PageCache<ServedPage>
    static let tileBudget = 32 * 1024 * 1024

    /// The caches of pages made on request, plain bodies and tiles, by byte budget. A museum's
    /// exhibitions share one set, so that twenty of them take the budget of one, not twenty.
    final class Caches: Sendable {
        let pages: PageCache<ServedPage>
        let plain: PageCache<ByteBuffer>
        let tiles: PageCache<ServedPage>

        init(budget: Int = ServedSite.cacheBudget) {
            pages = PageCache(budget: budget) { $0.byteCount }
            plain = PageCache(budget: ServedSite.plainBudget) { $0.capacity }
            tiles = PageCache(budget: ServedSite.tileBudget) { $0.byteCount }
        }
    }

    /// Put before each key in shared caches: one site's pages never answer for another's,
    /// nor a reloaded site's for the one before.
    private let keyPrefix: String

    /// `shared`: the caches of a museum's exhibitions, with this site's own `keyPrefix`;
    /// without them the site has caches of its own.
    init(_ site: Site, cacheBudget: Int = ServedSite.cacheBudget, shared: (caches: Caches, keyPrefix: String)? = nil) {
        self.site = site
        var made: [String: ServedPage] = [:]
        for (path, page) in site.madePages {
            made[path] = Self.served(page, at: path, site: site)
        }
        self.made = made
        var notFound: [Language: ServedPage] = [:]
        for language in site.languages {
            notFound[language] = ServedPage(site.notFoundPage(language))
        }
        self.notFound = notFound
        let caches = shared?.caches ?? Caches(budget: cacheBudget)
        keyPrefix = shared?.keyPrefix ?? ""
        cache = caches.pages
        plain = caches.plain
        tiles = caches.tiles
    }

    private static func served(_ page: Page, at path: String, site: Site) -> ServedPage {
        // The root varies with the visitor's languages: it may redirect them.
        // Only pages are counted: assets, images and recordings are never looked up as one.
        let isPage = page.contentType.hasPrefix("text/html")
        return ServedPage(page, varyBy: path == "/" ? ["Accept-Language", "Cookie"] : [],
                          counted: isPage ? site.countedPage(at: path) : nil,
                          leadsIn: isPage && site.counts ? site.entry(referrerPath: Substring(path), referrerQuery: nil, from: nil) : nil)
    }

    /// The route a counted view came in by (see `Site.entry`), for a referrer on this guide:
    /// the page it names already knows, when it is one the site holds; any other is worked out.
    func entry(referrerPath: Substring?, referrerQuery: Substring?, from: Substring?) -> UsageEntry {
        if from == nil, let key = referrerPath.map(String.init), let known = (made[key] ?? cache.value(at: keyPrefix + key))?.leadsIn {
            // The list's first page with a query is a search's results.
            guard known == .list, let referrerQuery else { return known }
            return Site.isSearch(referrerQuery) ? .search : .list
        }
        return site.entry(referrerPath: referrerPath, referrerQuery: referrerQuery, from: from)
    }

    /// The page at `path`, with or without the final slash of its folder; made now if it is
    /// one the site makes on request.
    func page(at path: Substring) throws(SiteError) -> ServedPage? {
        if let page = made[String(path)] { return page }
        if !path.hasSuffix("/"), let page = made[path + "/"] { return page }
        let path = String(path)
        let key = keyPrefix.isEmpty ? path : keyPrefix + path
        if let page = cache.value(at: key) { return page }
        guard site.isMadeOnRequest(path), let page = try site.page(at: path) else { return nil }
        let served = Self.served(page, at: path, site: site)
        cache.keep(served, at: key)
        return served
    }

    /// A deep-zoom tile of one of the site's large photos, read from disk once and kept a
    /// while; nil for any other address.
    func tile(at path: Substring) -> ServedPage? {
        let key = keyPrefix + path
        if let page = tiles.value(at: key) { return page }
        guard let page = site.tilePage(at: path) else { return nil }
        let served = ServedPage(page)
        tiles.keep(served, at: key)
        return served
    }

    /// The list's first page at `path` answering `query`, for a browser that runs no script;
    /// nil when `path` is not a list's first page. Made for each request, never kept.
    func searchPage(at path: Substring, query: String) throws(SiteError) -> ServedPage? {
        let folder = path.hasSuffix("/") ? String(path) : path + "/"
        return try site.searchPage(at: folder, query: query).map { ServedPage($0) }
    }

    /// The body of `page` for a client that does not take gzip: the one the page holds, or,
    /// for a page held compressed, its plain bytes worked out once and kept a while. Nil if
    /// they cannot be worked out, which zlib never fails at for bytes it wrote.
    func identityBody(of page: ServedPage) -> ByteBuffer? {
        guard page.gzip != nil else { return page.held }
        if let body = plain.value(at: page.etag) { return body }
        guard let body = Gzip.decompress(page.held, length: page.identityLength) else { return nil }
        plain.keep(body, at: page.etag)
        return body
    }

    /// What a stop's address leads to (see `Site.stopAnswer`); nil for any other address.
    func stopAnswer(at path: Substring, query: String?) throws(SiteError) -> StopAnswer? {
        try site.stopAnswer(at: String(path), query: query)
    }

    func notFoundPage(for path: Substring) -> ServedPage {
        let language = site.language(of: String(path))
        return notFound[language] ?? ServedPage(site.notFoundPage(language))
    }

    var languages: [Language] { site.languages }

    var primaryLanguage: Language { site.primaryLanguage }

    func homePath(_ language: Language) -> String { site.homePath(language) }
}
