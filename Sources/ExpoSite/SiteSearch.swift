import ExpoCatalog

extension Site {
    /// The list's first page in the language of `path`, showing what `query` finds: the
    /// server's answer to the search form when the browser runs no script. Nil when `path`
    /// is not a list's first page. Made for each request and not kept: queries are endless.
    public func searchPage(at path: String, query: String) throws(SiteError) -> Page? {
        guard case let .exhibitList(language, page)? = plan.job(at: path), page == 1,
              let index = plan.search.index(language) else { return nil }
        let edition = context.edition(language)
        let found = SearchQuery(table: index.table).results(query) ?? []
        let shown = found.prefix(plan.perPage).map { edition.exhibits[$0] }
        let screen = ExhibitListScreen(edition: edition, exhibits: shown[...],
                                       expositionName: context.expositionTitles[language]?.lines.first,
                                       answer: .init(query: query, count: found.count), served: true,
                                       hasBrowsing: context.browse.hasBrowsing(language),
                                       catalog: context.catalog, routes: context.routes, assets: context.assets)
        return Page(contentType: "text/html; charset=utf-8", body: try context.resources.render(screen, with: "exhibit-list"),
                    caching: .revalidate, compressor: Gzip())
    }
}

extension Site {
    /// The places in `language`'s list of the exhibits `query` finds, best first: the
    /// guide's own search, for the studio's list. Nil when the site has no search index.
    public func exhibitPositions(matching query: String, in language: Language) -> [Int]? {
        guard let index = plan.search.index(language) else { return nil }
        return SearchQuery(table: index.table).results(query)
    }
}

extension Site {
    /// Where the site's service worker is, within the site.
    public static let serviceWorkerPath = Routes.serviceWorker
}
