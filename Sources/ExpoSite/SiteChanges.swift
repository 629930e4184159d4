import ExpoCatalog

/// Which files of a site can differ from those of the site before it, when the two differ
/// only in some exhibits' own words and facts: what lets an export into an earlier one make
/// and write a few hundred files rather than every page.
///
/// It is a list of what a page shows, kept beside the templates that show it: an exhibit is
/// on its own pages, its neighbours' (the list's previous and next, the stops' previous and
/// next), its list page, its stop page, the browse pages of its values, its wall-label
/// sheets, its IIIF manifest and the collections, the tours and the map; and every site-wide
/// file (the search index, the assets, the service worker) is made again and compared. Any
/// other change (the exposition, tours, floors, pictures, recordings, videos, the browse
/// values, the stops, the order) gives nil, and the export is made whole.
/// `SiteChangesTests` holds the result to a whole export's, byte for byte.
enum SiteChanges {
    static func paths(from before: Site, to site: Site) -> [String]? {
        let (old, new) = (before.context.catalog, site.context.catalog)
        let (oldPlan, plan) = (before.plan, site.plan)
        guard old.images == new.images, old.recordings == new.recordings,
              old.videos == new.videos, old.webVTTFiles == new.webVTTFiles, old.interface == new.interface,
              old.primaryLanguageChoice == new.primaryLanguageChoice, old.browsableFields == new.browsableFields,
              oldPlan.perPage == plan.perPage, oldPlan.hasIIIF == plan.hasIIIF,
              oldPlan.labelVersions == plan.labelVersions, oldPlan.hasMap == plan.hasMap,
              oldPlan.stops.stops.elementsEqual(plan.stops.stops, by: { $0.stop == $1.stop && $0.position == $1.position }),
              media(before) == media(site), Set(before.tileServices.map(\.path)) == Set(site.tileServices.map(\.path)),
              zip(old.editions, new.editions).allSatisfy({ $0.exposition == $1.exposition && $0.tours == $1.tours && $0.floors == $1.floors }),
              let changed = changedExhibits(old, oldPlan, new, plan)
        else { return nil }
        guard sameBrowsing(changed, old, new) else { return nil }
        site.context.browse.adopt(before.context.browse)
        return pages(showing: changed.sorted(), site)
    }

    /// The places in the list of the exhibits that differ in any language between two
    /// catalogs that list the same exhibits in the same order in the same languages; nil
    /// when they do not. An exhibit whose text became translated or untranslated differs.
    static func changedExhibits(_ old: Catalog, _ oldPlan: SitePlan, _ new: Catalog, _ plan: SitePlan) -> Set<Int>? {
        guard old.languages == new.languages, oldPlan.exhibitIDs == plan.exhibitIDs else { return nil }
        var changed: Set<Int> = []
        for (oldEdition, edition) in zip(old.editions, new.editions) {
            guard oldEdition.language == edition.language, oldEdition.exhibits.count == edition.exhibits.count else { return nil }
            changed.formUnion(edition.exhibits.differingPositions(from: oldEdition.exhibits))
            for id in oldEdition.untranslated.symmetricDifference(edition.untranslated) {
                guard let index = plan.positions[id] else { return nil }
                changed.insert(index)
            }
        }
        return changed
    }

    /// The indexes of `site` made from those of `before` where they can be, when the two
    /// list the same exhibits: the search indexes from theirs with only the changed
    /// exhibits' words filed again, and the browse indexes taken as they are when no value
    /// changed. At 100,000 exhibits making them whole took seconds of both cores after a
    /// publish of one word.
    static func deriveIndexes(of catalog: Catalog, _ plan: SitePlan, browse: BrowseIndexes, from before: Site) {
        let old = before.context.catalog
        guard let changed = changedExhibits(old, before.plan, catalog, plan) else { return }
        plan.search.derive(from: before.plan.search, changed: changed.sorted())
        if old.interface == catalog.interface, old.primaryLanguageChoice == catalog.primaryLanguageChoice,
           old.browsableFields == catalog.browsableFields, sameBrowsing(changed, old, catalog) {
            browse.adopt(before.context.browse)
        }
    }

    /// The pictures, recordings and videos made for the site, each named by its bytes: the
    /// same names mean the same renditions (a recording made after a first export joins the
    /// site later, and changes every page that plays it).
    private static func media(_ site: Site) -> Set<String> {
        Set(site.madePages.keys.filter { path in
            !path.hasPrefix("/assets/") && !path.hasSuffix("/") && !path.hasSuffix(".html") && !path.hasSuffix(".webmanifest")
                && !path.hasSuffix("/search.json") && path != Routes.serviceWorker
        })
    }

    /// Whether the browse pages list the same values with the same exhibits: so when each
    /// changed exhibit has the same values and field labels as before in every edition (the
    /// facets are made of nothing else), without making the earlier site's browse indexes.
    private static func sameBrowsing(_ changed: Set<Int>, _ old: Catalog, _ new: Catalog) -> Bool {
        for (oldEdition, edition) in zip(old.editions, new.editions) {
            let oldReader = FacetReader(edition: oldEdition, primary: old.primary, browsable: old.browsableFields)
            let reader = FacetReader(edition: edition, primary: new.primary, browsable: new.browsableFields)
            for index in changed {
                let (oldFacts, facts) = (oldReader.facts(index), reader.facts(index))
                guard oldEdition.exhibits[index].facts.fields.map(\.label) == edition.exhibits[index].facts.fields.map(\.label),
                      old.primary.exhibits[index].facts.fields.map(\.label) == new.primary.exhibits[index].facts.fields.map(\.label),
                      reader.kinds.allSatisfy({ oldReader.values($0.kind, oldFacts) == reader.values($0.kind, facts) })
                else { return false }
            }
        }
        return true
    }

    /// The pages of `site` that show any of the exhibits at `indices`, and the few pages of
    /// every language that sum the whole catalog up.
    private static func pages(showing indices: [Int], _ site: Site) -> [String] {
        let (plan, routes, catalog) = (site.plan, site.context.routes, site.context.catalog)
        var paths: Set<String> = [Routes.iiifCollection, routes.poster]
        var exhibitPages: Set<Int> = []
        for index in indices {
            exhibitPages.formUnion([index - 1, index, index + 1])
            let stop = catalog.primary.exhibits.stop(at: index)
            exhibitPages.formUnion(stopNeighbours(of: stop, plan.stops))
            paths.insert(routes.stop(stop, routes.primary))
            if plan.hasIIIF { paths.insert(routes.iiifManifest(plan.exhibitIDs[index])) }
            let sheet = index / LabelSheet.perPage + 1
            for version in [nil] + plan.labelVersions.map(Optional.some) {
                for paper in LabelPaper.allCases { paths.insert(routes.labels(paper, page: sheet, version: version)) }
            }
        }
        exhibitPages = exhibitPages.filter { plan.exhibitIDs.indices.contains($0) }
        for language in plan.languages {
            paths.formUnion([routes.home(language), routes.notFound(language), routes.stops(language)])
            if plan.hasMap { paths.insert(routes.map(language)) }
            for index in exhibitPages { paths.insert(routes.exhibit(plan.exhibitIDs[index], language)) }
            for index in indices { paths.insert(routes.exhibitList(language, page: index / plan.perPage + 1)) }
            paths.formUnion(plan.tours.jobs(language, routes: routes).map(\.path))
            paths.formUnion(browsePages(showing: indices, language, site))
            if let index = plan.search.index(language) {
                paths.formUnion(index.files.keys.compactMap { plan.search.path(language, file: $0) })
            }
        }
        if plan.hasIIIF { paths.formUnion(plan.tours.iiifJobs(routes: routes).map(\.path)) }
        paths.formUnion(site.madePages.keys)
        return paths.sorted()
    }

    /// The places in the list of the exhibits whose pages name the stop `number` as their
    /// previous or next: those at the stops just before and just after it.
    private static func stopNeighbours(of number: Int, _ stops: StopDirectory) -> [Int] {
        let before = stops.stops.last { $0.stop < number }?.stop
        let after = stops.stops.first { $0.stop > number }?.stop
        return stops.stops.filter { $0.stop == before || $0.stop == after }.map(\.position)
    }

    /// The browse root and each value's page that lists one of the exhibits at `indices`.
    private static func browsePages(showing indices: [Int], _ language: Language, _ site: Site) -> [String] {
        let (browse, routes) = (site.plan.browse, site.context.routes)
        guard browse.indexes.hasBrowsing(language), let index = browse.indexes.index(language) else { return [] }
        var paths = [routes.browse(language)]
        let wanted = Set(indices.map(Int32.init))
        for facet in index.facets {
            for value in facet.values {
                for (place, exhibit) in value.exhibits.enumerated() where wanted.contains(exhibit) {
                    paths.append(routes.facetValue(language, facet.slug, value.slug, page: place / browse.exhibitsPerPage + 1))
                }
            }
        }
        return paths
    }
}
