import ExpoCatalog

/// Makes the screen of a tours page: `tours/`, a tour, or an exhibit as a tour's stop.
struct TourPages {
    let context: PageJob.Context

    init(_ context: PageJob.Context) {
        self.context = context
    }

    func screen(_ job: PageJob) throws(SiteError) -> (screen: any TemplateObject, template: String) {
        let (catalog, routes, assets) = (context.catalog, context.routes, context.assets)
        switch job {
        case let .tours(language):
            let edition = context.edition(language)
            return (TourListScreen(edition: edition, expositionName: context.expositionTitles[edition.language]?.lines.first,
                                   catalog: catalog, routes: routes, assets: assets), "tours")
        case let .tour(language, index):
            let edition = context.edition(language)
            guard edition.tours.indices.contains(index) else { throw .template(name: "tour", message: "no tour \(index)") }
            return (TourScreen(edition: edition, index: index, exhibitAt: exhibitAt(edition), positions: context.plan.positions,
                               catalog: catalog, routes: routes, assets: assets), "tour")
        case let .tourStop(language, index, number):
            let edition = context.edition(language)
            guard edition.tours.indices.contains(index) else { throw .template(name: "tour", message: "no tour \(index)") }
            let tour = edition.tours[index]
            guard let navigation = TourNavigation(tour: tour, number: number, edition: edition, exhibitAt: exhibitAt(edition),
                                                  primary: catalog.primary.language, routes: routes, strings: assets.strings(edition.language)),
                  let position = context.plan.positions[tour.stops[number - 1]], edition.exhibits.indices.contains(position) else {
                throw .template(name: "tour", message: "no stop \(number) on the tour \(tour.id)")
            }
            let screen = ExhibitScreen(exhibit: edition.exhibits[position], edition: edition, listPage: position / context.plan.perPage + 1,
                                       actions: context.actions[edition.language]?.exhibit ?? HTML(""),
                                       expositionTitle: context.expositionTitles[edition.language]?.lines.first,
                                       tour: navigation, catalog: catalog, routes: routes, assets: assets)
            return (screen, "exhibit")
        default:
            throw .template(name: "tour", message: "not a tours page")
        }
    }

    /// The edition's exhibit of an id, looked up by its place, not searched for.
    private func exhibitAt(_ edition: Edition) -> (String) -> Exhibit? {
        let positions = context.plan.positions
        return { id in positions[id].flatMap { edition.exhibits.indices.contains($0) ? edition.exhibits[$0] : nil } }
    }
}
