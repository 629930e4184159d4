import ExpoCatalog

/// The browse pages of a site: which there are, and which one a path names. A facet's
/// values are listed `valuesPerPage` at a time; a value's exhibits as many a page as the list.
struct BrowsePlan: Sendable {
    let indexes: BrowseIndexes
    let routes: Routes
    let languages: [Language]
    let exhibitsPerPage: Int

    /// Values are one line each: 200 make a page of about 50 KB.
    static let valuesPerPage = 200

    func valuePageCount(_ facet: Facet) -> Int { Self.pageCount(facet.values.count, Self.valuesPerPage) }

    func exhibitPageCount(_ value: Facet.Value) -> Int { Self.pageCount(value.exhibits.count, exhibitsPerPage) }

    private static func pageCount(_ count: Int, _ perPage: Int) -> Int { max(1, (count + perPage - 1) / perPage) }

    /// How many browse pages there are in every language; makes the indexes.
    var count: Int {
        languages.reduce(0) { total, language in
            guard indexes.hasBrowsing(language), let index = indexes.index(language) else { return total }
            return total + 1 + index.facets.reduce(0) { sum, facet in
                sum + valuePageCount(facet) + facet.values.reduce(0) { $0 + exhibitPageCount($1) }
            }
        }
    }

    /// Every browse page of `language`, the facets in order and each value after its facet's pages.
    func jobs(_ language: Language) -> [(path: String, job: PageJob)] {
        guard indexes.hasBrowsing(language), let index = indexes.index(language) else { return [] }
        var jobs: [(path: String, job: PageJob)] = [(routes.browse(language), .browse(language))]
        for (facetNumber, facet) in index.facets.enumerated() {
            for page in 1...valuePageCount(facet) {
                jobs.append((routes.facet(language, facet.slug, page: page), .facet(language, facet: facetNumber, page: page)))
            }
            for (valueNumber, value) in facet.values.enumerated() {
                for page in 1...exhibitPageCount(value) {
                    jobs.append((routes.facetValue(language, facet.slug, value.slug, page: page),
                                 .facetValue(language, facet: facetNumber, value: valueNumber, page: page)))
                }
            }
        }
        return jobs
    }

    /// The page at `rest`, the path after the language's `browse/`; nil when there is none.
    func job(_ language: Language, _ rest: Substring) -> PageJob? {
        guard indexes.hasBrowsing(language), let index = indexes.index(language) else { return nil }
        if rest.isEmpty { return .browse(language) }
        guard rest.hasSuffix("/") else { return nil }
        let parts = rest.dropLast().split(separator: "/", omittingEmptySubsequences: false)
        guard let facetNumber = index.facet(String(parts[0])) else { return nil }
        let facet = index.facets[facetNumber]
        switch parts.count {
        case 1:
            return .facet(language, facet: facetNumber, page: 1)
        case 3 where parts[1] == "page":
            guard let page = Self.page(parts[2], of: valuePageCount(facet)) else { return nil }
            return .facet(language, facet: facetNumber, page: page)
        case 2, 4:
            guard let valueNumber = facet.valueBySlug[String(parts[1])] else { return nil }
            guard parts.count == 4 else { return .facetValue(language, facet: facetNumber, value: valueNumber, page: 1) }
            guard parts[2] == "page", let page = Self.page(parts[3], of: exhibitPageCount(facet.values[valueNumber])) else { return nil }
            return .facetValue(language, facet: facetNumber, value: valueNumber, page: page)
        default:
            return nil
        }
    }

    /// Only the number as Routes writes it, from 2: `page/02/` and `page/1/` are no pages.
    private static func page(_ digits: Substring, of count: Int) -> Int? {
        guard let page = Int(digits), page >= 2, page <= count, String(page) == digits else { return nil }
        return page
    }
}
