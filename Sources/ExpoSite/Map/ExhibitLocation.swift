import ExpoCatalog

/// "Where to find it" on an exhibit's screen: its floor's plan with only its pin, the whole
/// of it a link to that floor on the map (`/map/#floor-1`). Nil for an exhibit without a
/// position. The plan is decorative here: the link's words say where it leads.
struct ExhibitLocation: Sendable {
    var heading: String
    var href: String
    var floorName: String
    var floorLang: String?
    var showOnMap: String
    var plan: FloorPlanFigure?

    init?(_ exhibit: Exhibit, edition: Edition, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        guard let position = exhibit.position, let floor = edition.floors.first(where: { $0.id == position.floor }) else { return nil }
        let strings = assets.strings(edition.language)
        let primary = catalog.primary.language
        heading = strings.map.whereToFind
        href = routes.link(routes.map(edition.language)) + "#" + MapScreen.anchor(floor.id)
        floorName = floor.name
        floorLang = edition.language != primary && catalog.primary.floors.first(where: { $0.id == floor.id })?.name == floor.name
            ? primary.code : nil
        showOnMap = strings.map.showOnMap
        plan = FloorPlanFigure(floor: floor, marks: [.init(number: exhibit.stop, name: exhibit.displayName, position: position, href: nil)],
                               zoomable: false, decorative: true, slot: "(min-width: 36em) 20rem, 80vw", strings: strings, assets: assets)
    }
}

extension ExhibitLocation: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("href", \.href),
        .field("floorName", \.floorName),
        .field("floorLang", \.floorLang),
        .field("showOnMap", \.showOnMap),
        .field("plan", \.plan),
    ]
}
