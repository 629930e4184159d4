import ExpoCatalog

/// On an exhibit reached through a tour (`tours/<id>/3/`): the tour's title, where the
/// visitor is ("3 of 8") and links to the tour's previous and next stops, all plain
/// links, so that the tour is walked without the script.
struct TourNavigation: Sendable {
    var label: String
    var title: String
    var titleLang: String?
    var tourHref: String
    var position: String
    var previous: ExhibitPager.Neighbour?
    var next: ExhibitPager.Neighbour?
    /// Not shown: the tour and the stop, for the page's own addresses.
    let tourID: String
    let number: Int
    /// The neighbouring stops' links, for the lock screen's previous and next.
    var previousLink: String? { previous?.href }
    var nextLink: String? { next?.href }

    /// The `number`-th stop (from 1) of `tour`, the edition's translation of the catalog's tour.
    init?(tour: Tour, number: Int, edition: Edition, exhibitAt: (String) -> Exhibit?, primary: Language,
          routes: Routes, strings: UIStrings) {
        guard number >= 1, number <= tour.stops.count else { return nil }
        let language = edition.language
        label = strings.tours.navigation
        title = tour.title
        titleLang = edition.borrowedLanguage(Tour.untranslatedKey(tour.id), "title", primary: primary)
        tourHref = routes.link(routes.tour(tour.id, language))
        position = strings.tours.position(number, of: tour.stops.count)
        func neighbour(_ other: Int, _ label: String) -> ExhibitPager.Neighbour? {
            guard other >= 1, other <= tour.stops.count, let exhibit = exhibitAt(tour.stops[other - 1]) else { return nil }
            return ExhibitPager.Neighbour(label: label, name: exhibit.displayName,
                                          href: routes.link(routes.tourStop(tour.id, other, language)))
        }
        previous = neighbour(number - 1, strings.tours.previous)
        next = neighbour(number + 1, strings.tours.next)
        tourID = tour.id
        self.number = number
    }
}

extension TourNavigation: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("title", \.title),
        .field("titleLang", \.titleLang),
        .field("tourHref", \.tourHref),
        .field("position", \.position),
        .field("previous", \.previous),
        .field("next", \.next),
        // Not shown by the templates; answered so that the model's walk covers every property.
        .field("tourID", \.tourID),
        .field("number", \.number),
    ]
}
