import ExpoCatalog

/// Makes the screen of a browse page, with what every browse page shares: the edition,
/// its words, the crumbs back to the list, and where the language switch leads.
struct BrowsePages {
    let context: PageJob.Context

    init(_ context: PageJob.Context) {
        self.context = context
    }

    func screen(_ job: PageJob) throws(SiteError) -> (screen: any TemplateObject, template: String) {
        switch job {
        case let .browse(language):
            return (BrowseScreen(try page(language)), "browse")
        case let .facet(language, facet, page):
            let shared = try self.page(language)
            guard shared.index.facets.indices.contains(facet) else { throw .template(name: "facet", message: "no facet \(facet)") }
            return (FacetScreen(shared, facet: shared.index.facets[facet], page: page), "facet")
        case let .facetValue(language, facet, value, page):
            let shared = try self.page(language)
            guard shared.index.facets.indices.contains(facet), shared.index.facets[facet].values.indices.contains(value) else {
                throw .template(name: "facet-value", message: "no value \(value) of facet \(facet)")
            }
            let chosen = shared.index.facets[facet]
            return (FacetValueScreen(shared, facet: chosen, valueNumber: value, page: page), "facet-value")
        default:
            throw .template(name: "browse", message: "not a browse page")
        }
    }

    private func page(_ language: Language) throws(SiteError) -> BrowsePage {
        guard let index = context.browse.index(language) else {
            throw .template(name: "browse", message: "no browse index for \(language.code)")
        }
        return BrowsePage(context: context, language: language, index: index)
    }
}

/// What the screens of one browse page are made from.
struct BrowsePage {
    let context: PageJob.Context
    let language: Language
    let index: FacetIndex

    var edition: Edition { context.edition(language) }
    var routes: Routes { context.routes }
    var assets: SiteAssets { context.assets }
    var catalog: Catalog { context.catalog }
    var strings: UIStrings { context.assets.strings(language) }
    var plan: BrowsePlan { context.plan.browse }
    var mainTitle: String { context.expositionTitles[language]?.lines.first ?? edition.expositionName ?? strings.siteName }

    /// The list, then Browse, then `more`; the last one is the page itself.
    func breadcrumbs(_ more: [Breadcrumbs.Crumb]) -> Breadcrumbs {
        let trail = [Breadcrumbs.Crumb(label: strings.exhibitListTitle, href: routes.link(routes.exhibitList(language))),
                     Breadcrumbs.Crumb(label: strings.browse.title, href: routes.link(routes.browse(language)))] + more
        return Breadcrumbs(label: strings.browse.breadcrumbs, crumbs: trail.enumerated().map { place, crumb in
            var crumb = crumb
            if place == trail.count - 1 { crumb.href = nil }
            return crumb
        })
    }

    /// Links between the pages of a long list, as the exhibit list has them.
    func pagination(page: Int, count: Int, path: (Int) -> String) -> ExhibitListScreen.Pagination? {
        guard count > 1 else { return nil }
        return ExhibitListScreen.Pagination(
            label: strings.pagination, previousLabel: strings.previousPage,
            previousHref: page > 1 ? routes.link(path(page - 1)) : nil,
            nextLabel: strings.nextPage, nextHref: page < count ? routes.link(path(page + 1)) : nil,
            position: strings.pageOf(page, count))
    }

    /// " (Page 2 of 18)" in a title, or nothing on a list that fits one page.
    func position(_ page: Int, _ count: Int) -> String {
        count > 1 ? " (\(strings.pageOf(page, count)))" : ""
    }

    // The language switch: the same page in another language, as near as it has one.

    func browsePath(in other: Language) -> String {
        context.browse.hasBrowsing(other) ? routes.browse(other) : routes.exhibitList(other)
    }

    private func otherFacet(_ slug: String, in other: Language) -> Facet? {
        guard context.browse.hasBrowsing(other), let index = context.browse.index(other), let number = index.facet(slug) else { return nil }
        return index.facets[number]
    }

    func facetPath(_ facet: Facet, page: Int, in other: Language) -> String {
        guard let found = otherFacet(facet.slug, in: other) else { return browsePath(in: other) }
        return routes.facet(other, found.slug, page: page <= plan.valuePageCount(found) ? page : 1)
    }

    /// The value of the same name where the other language has it for the same exhibits,
    /// else the first exhibit's value there.
    func valuePath(_ facet: Facet, _ value: Facet.Value, page: Int, in other: Language) -> String {
        guard let found = otherFacet(facet.slug, in: other), let exhibit = value.exhibits.first else { return browsePath(in: other) }
        var number = found.valueBySlug[value.slug]
        if let same = number, found.values[same].exhibits.first != exhibit { number = nil }
        if number == nil, Int(exhibit) < found.firstValueOfExhibit.count, found.firstValueOfExhibit[Int(exhibit)] >= 0 {
            number = Int(found.firstValueOfExhibit[Int(exhibit)])
        }
        guard let number else { return routes.facet(other, found.slug) }
        let match = found.values[number]
        return routes.facetValue(other, found.slug, match.slug, page: page <= plan.exhibitPageCount(match) ? page : 1)
    }
}
