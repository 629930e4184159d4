import ExpoCatalog

/// `tours/<id>/`: one tour, its text, how long it takes, and its stops in walking order,
/// each a link to the exhibit as the tour's stop (`tours/<id>/<n>/`). A tour longer than
/// `stopLimit` lists and pins its first `stopLimit` stops and says how many there are; every
/// stop keeps its own page, each leading to the next.
struct TourScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var description: String
    var descriptionLang: String?
    /// "About 20 min", "3 stops", "Listening time: 7:40".
    var facts: [String]
    var startLabel: String
    var startHref: String
    var stopsLabel: String
    var rows: [ExhibitListScreen.Row]
    /// The tour's IIIF collection, when the site has IIIF.
    var collectionHref: String?
    var collectionLabel: String
    /// The walk drawn over each floor's plan that has its stops, each pin bearing its
    /// exhibit's stop number and leading to that stop of the tour.
    var routePlans: [FloorPlanFigure]
    var routeLabel: String
    var hasRoutePlans: Bool { !routePlans.isEmpty }
    /// Under a list cut at `stopLimit`: how many stops the tour has and how to reach the rest.
    var more: String?

    /// The map's cap on a floor's pins: a tour of all 100,000 exhibits was an 89 MB page of
    /// 100,000 pins, made in 19 s, and no one walks a plan of more than this.
    static let stopLimit = MapScreen.pinLimit

    /// `index` is the tour's place in the edition's list; `exhibitAt`, the edition's exhibit of an id.
    /// `positions`: each exhibit's place in the edition by id.
    init(edition: Edition, index: Int, exhibitAt: (String) -> Exhibit?, positions: [String: Int], catalog: Catalog, routes: Routes,
         assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        let language = edition.language
        let primary = catalog.primary.language
        let tour = edition.tours[index]
        let key = Tour.untranslatedKey(tour.id)
        collectionHref = routes.hasIIIF ? routes.link(routes.iiifTourCollection(tour.id)) : nil
        frame = PageFrame(
            language: language, title: "\(tour.title) · \(strings.tours.title)",
            description: tour.description.isEmpty ? tour.title : tour.description,
            screenClass: "screen-list screen-tour", pathIn: { routes.tour(tour.id, $0) },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: tour.stops[0], shareImageAlt: tour.title, iiifManifest: collectionHref)
        navigationBar = NavigationBar(title: tour.title, titleLang: edition.borrowedLanguage(key, "title", primary: primary),
                                      backLabel: strings.tours.title, backHref: routes.link(routes.tours(language)))
        description = tour.description
        descriptionLang = edition.borrowedLanguage(key, "description", primary: primary)
        let shown = tour.stops.prefix(Self.stopLimit)
        let exhibits = shown.compactMap(exhibitAt)
        // The whole tour's listening time, though the page lists only its first stops.
        let seconds = tour.stops.reduce(0.0) { total, id in
            total + (exhibitAt(id)?.audio.flatMap(assets.recording)?.duration ?? 0)
        }
        facts = Self.summary(tour, strings: strings) + (seconds > 0 ? [strings.tours.listening(AudioGuide.clock(seconds))] : [])
        startLabel = strings.tours.start
        startHref = routes.link(routes.tourStop(tour.id, 1, language))
        stopsLabel = strings.tours.stopsLabel
        rows = exhibits.enumerated().map { offset, exhibit in
            ExhibitListScreen.Row(
                id: exhibit.id, name: exhibit.displayName, shortDescription: exhibit.shortDescription,
                href: routes.link(routes.tourStop(tour.id, offset + 1, language)),
                thumbnail: ImageModel(assets.picture(exhibit.id), alt: exhibit.name, cssClass: "thumbnail",
                                      slot: "(min-width: 30em) 6rem, 20vw", lazy: offset >= ExhibitListScreen.eagerRows,
                                      decorative: true, placeholderText: strings.imageMissing),
                nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: primary),
                textLang: edition.borrowedLanguage(exhibit.id, "short_desc", primary: primary),
                stop: StopBadge(exhibit.stop, strings: strings))
        }
        collectionLabel = strings.tours.collection
        let stopNumber = Dictionary(shown.enumerated().map { ($1, $0 + 1) }) { first, _ in first }
        routePlans = edition.floors.compactMap { floor in
            FloorPlanFigure(floor: floor, route: Array(shown), edition: edition, positions: positions,
                            href: { routes.link(routes.tourStop(tour.id, stopNumber[$0.id] ?? 1, language)) },
                            slot: "(min-width: 48em) 46rem, 100vw", strings: strings, assets: assets)
        }.filter { !$0.pins.isEmpty }
        routeLabel = strings.map.floorPlan
        more = tour.stops.count > shown.count ? strings.tours.more(shown: shown.count, count: tour.stops.count) : nil
    }

    /// The tour's duration, when given, and its number of stops.
    static func summary(_ tour: Tour, strings: UIStrings) -> [String] {
        (tour.duration.map { [strings.tours.minutes($0)] } ?? []) + [strings.tours.stops(tour.stops.count)]
    }
}

extension TourScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("description", \.description),
        .field("descriptionLang", \.descriptionLang),
        .field("facts", \.facts),
        .field("startLabel", \.startLabel),
        .field("startHref", \.startHref),
        .field("stopsLabel", \.stopsLabel),
        .field("rows", \.rows),
        .field("collectionHref", \.collectionHref),
        .field("collectionLabel", \.collectionLabel),
        .field("routePlans", \.routePlans),
        .field("routeLabel", \.routeLabel),
        .field("hasRoutePlans", \.hasRoutePlans),
        .field("more", \.more),
    ]
}
