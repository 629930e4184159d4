import ExpoCatalog

/// `/map/`: a section per floor (`#floor-<id>`), its plan with a numbered pin per exhibit,
/// then the same exhibits as a list in stop order, the plan's accessible alternative. With
/// several floors, links to each floor's section come first. Made when asked for, never
/// at start; a floor with more than `pinLimit` exhibits shows the first `pinLimit` by stop.
struct MapScreen: Sendable {
    struct FloorLink: Sendable {
        var name: String
        var nameLang: String?
        var href: String
    }

    struct Stop: Sendable {
        var badge: StopBadge
        var name: String
        var nameLang: String?
        var href: String
    }

    struct FloorSection: Sendable {
        var anchor: String
        var name: String
        var nameLang: String?
        var plan: FloorPlanFigure?
        var listHeading: String
        var stops: [Stop]
        var hasStops: Bool
        var more: String?
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var floorLinks: [FloorLink]
    var hasFloorLinks: Bool
    var floorsLabel: String
    var floors: [FloorSection]
    /// The image viewer's texts, which viewer.js reads from the page.
    var viewer: ExhibitStrings

    /// 500 pins cover a large museum's floor; a plan of 100,000 would be megabytes and unreadable.
    static let pinLimit = 500

    /// A floor's section id, the map's address for it (`/map/#floor-1`).
    static func anchor(_ floorID: String) -> String { "floor-\(floorID)" }

    init(language: Language, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(language)
        let edition = catalog.edition(language)
        let primary = catalog.primary.language
        let mainTitle = edition.expositionName ?? strings.siteName
        frame = PageFrame(
            language: language, title: "\(strings.map.title) · \(mainTitle)", description: strings.map.floorPlan,
            screenClass: "screen-map", pathIn: routes.map, languages: catalog.languages, routes: routes, assets: assets)
        navigationBar = NavigationBar(title: strings.map.title, backLabel: strings.backToMain, backHref: routes.link(routes.home(language)))
        // Each floor's exhibits in stop order: one pass over the exhibits, reading only their positions.
        var byFloor: [String: [Int]] = [:]
        for index in edition.exhibits.indices {
            guard let floor = edition.exhibits[index].position?.floor else { continue }
            byFloor[floor, default: []].append(index)
        }
        // A floor whose name the translation lacks shows the main language's, marked as such.
        let primaryNames = Dictionary(catalog.primary.floors.map { ($0.id, $0.name) }) { first, _ in first }
        let nameLang = { (floor: Floor) in language != primary && primaryNames[floor.id] == floor.name ? primary.code : nil }
        floorLinks = edition.floors.map { floor in
            FloorLink(name: floor.name, nameLang: nameLang(floor), href: "#" + Self.anchor(floor.id))
        }
        hasFloorLinks = edition.floors.count > 1
        floorsLabel = strings.map.floors
        let firstFloor = edition.floors.first?.id
        floors = edition.floors.map { floor in
            let all = (byFloor[floor.id] ?? []).sorted { edition.exhibits.stop(at: $0) < edition.exhibits.stop(at: $1) }
            let shown = all.prefix(Self.pinLimit)
            let marks = shown.map { index in
                let exhibit = edition.exhibits[index]
                return FloorPlanFigure.Mark(number: exhibit.stop, name: exhibit.displayName, position: exhibit.position!,
                                            href: routes.link(routes.exhibit(exhibit.id, language)))
            }
            return FloorSection(
                anchor: Self.anchor(floor.id), name: floor.name, nameLang: nameLang(floor),
                plan: FloorPlanFigure(floor: floor, marks: marks, zoomable: true, lazy: floor.id != firstFloor,
                                      slot: "(min-width: 48em) 46rem, 100vw",
                                      strings: strings, assets: assets),
                listHeading: strings.map.exhibitsOnFloor,
                stops: shown.map { index in
                    let exhibit = edition.exhibits[index]
                    return Stop(badge: StopBadge(exhibit.stop, strings: strings), name: exhibit.displayName,
                                nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: primary),
                                href: routes.link(routes.exhibit(exhibit.id, language)))
                },
                hasStops: !shown.isEmpty,
                more: all.count > shown.count ? strings.map.more(shown: shown.count, count: all.count) : nil)
        }
        viewer = strings.exhibit
    }
}

extension MapScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("floorLinks", \.floorLinks),
        .field("hasFloorLinks", \.hasFloorLinks),
        .field("floorsLabel", \.floorsLabel),
        .field("floors", \.floors),
        .field("viewer", \.viewer),
    ]
}

extension MapScreen.FloorLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("name", \.name),
        .field("nameLang", \.nameLang),
        .field("href", \.href),
    ]
}

extension MapScreen.Stop: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("badge", \.badge),
        .field("name", \.name),
        .field("nameLang", \.nameLang),
        .field("href", \.href),
    ]
}

extension MapScreen.FloorSection: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("anchor", \.anchor),
        .field("name", \.name),
        .field("nameLang", \.nameLang),
        .field("plan", \.plan),
        .field("listHeading", \.listHeading),
        .field("stops", \.stops),
        .field("hasStops", \.hasStops),
        .field("more", \.more),
    ]
}
