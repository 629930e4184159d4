import ExpoCatalog

/// A floor's plan with numbered pins over it, and, when asked, the route through them in
/// order: the map screen's plans, an exhibit's "where to find it", a tour's route.
///
/// The pins are an SVG over the image, placed in percentages of the drawn plan (SVG
/// attributes, not inline styles, which the pages' Content-Security-Policy forbids), each a
/// circle of at least 44 CSS pixels. The plan keeps left-to-right in a right-to-left page: it
/// is a drawing of a place, not text.
struct FloorPlanFigure: Sendable {
    /// A place to mark: its number on the pin, the name a screen reader says, and the pin's
    /// link (none where the plan itself is a link).
    struct Mark: Sendable {
        var number: Int
        var name: String
        var position: ExhibitPosition
        var href: String?
    }

    struct Pin: Sendable {
        var number: String
        var label: String
        var x: String
        var y: String
        var href: String
        /// Always present, so that a pin without a link never takes its page's `href` (a
        /// template looks a name up through the sections around it).
        var isLink: Bool
    }

    /// One straight stretch of a route, between two pins, drawn in two halves so that an
    /// arrowhead at its middle shows which way the walk goes (SVG draws markers only at
    /// the ends of a line, and a pin covers each end).
    struct Leg: Sendable {
        var x1: String
        var y1: String
        var midX: String
        var midY: String
        var x2: String
        var y2: String
    }

    var image: ImageModel
    /// The plan's largest file, which the image viewer opens; nil where the plan is not zoomed.
    var zoomHref: String?
    var viewLarger: String
    var pins: [Pin]
    var route: [Leg]
    var hasRoute: Bool
    /// The route's arrowhead, one per plan: a page may show several floors' routes.
    var arrowID: String

    /// Nil when the floor has no plan image. `decorative`: the text around the plan says
    /// what it shows (a link's own words), so the image has no alt text of its own.
    init?(floor: Floor, marks: [Mark], drawRoute: Bool = false, zoomable: Bool, decorative: Bool = false, lazy: Bool = true,
          slot: String, strings: UIStrings, assets: SiteAssets) {
        guard !floor.plan.isEmpty, let picture = assets.picture(floor.plan), !picture.src.isEmpty else { return nil }
        let alt = floor.planAlt.isEmpty ? "\(strings.map.floorPlan): \(floor.name)" : floor.planAlt
        image = ImageModel(picture, alt: alt, cssClass: "plan-image", slot: slot, lazy: lazy, decorative: decorative,
                           placeholderText: floor.name)
        zoomHref = zoomable ? picture.largest : nil
        viewLarger = strings.exhibit.viewLarger
        let places = marks.filter { $0.position.floor == floor.id }
        pins = places.map { mark in
            Pin(number: String(mark.number), label: strings.map.pin(stop: strings.stops.stop(mark.number), name: mark.name),
                x: Self.percent(mark.position.x), y: Self.percent(mark.position.y), href: mark.href ?? "", isLink: mark.href != nil)
        }
        route = drawRoute ? zip(places.map(\.position), places.dropFirst().map(\.position)).map { from, to in
            Leg(x1: Self.percent(from.x), y1: Self.percent(from.y), midX: Self.percent((from.x + to.x) / 2),
                midY: Self.percent((from.y + to.y) / 2), x2: Self.percent(to.x), y2: Self.percent(to.y))
        } : []
        hasRoute = !route.isEmpty
        arrowID = "route-arrow-\(floor.id)"
    }

    /// A route over a floor's plan: the exhibits `ids` in walking order, each pin a link to
    /// its exhibit, joined by a line when `drawRoute`. A pin bears its exhibit's stop number,
    /// not its place on the route: the number on the wall label and in the tour's list beside
    /// the plan, so the guide never shows two numbers for one exhibit; the line and the pins'
    /// order give the walk. Ids without a position on this floor are passed over.
    /// `positions` finds an exhibit's place in the edition by id (`SitePlan.positions`), so
    /// no list is searched.
    init?(floor: Floor, route ids: [String], edition: Edition, positions: [String: Int], drawRoute: Bool = true,
          href: (Exhibit) -> String?, slot: String, strings: UIStrings, assets: SiteAssets) {
        var marks: [Mark] = []
        for id in ids {
            guard let index = positions[id], edition.exhibits.indices.contains(index),
                  let position = edition.exhibits[index].position, position.floor == floor.id else { continue }
            let exhibit = edition.exhibits[index]
            marks.append(Mark(number: exhibit.stop, name: exhibit.displayName, position: position, href: href(exhibit)))
        }
        self.init(floor: floor, marks: marks, drawRoute: drawRoute, zoomable: false, slot: slot, strings: strings, assets: assets)
    }

    /// `42.5%`: a coordinate as SVG takes it, to a thousandth of a percent.
    static func percent(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }
}

extension FloorPlanFigure: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("image", \.image),
        .field("zoomHref", \.zoomHref),
        .field("viewLarger", \.viewLarger),
        .field("pins", \.pins),
        .field("route", \.route),
        .field("hasRoute", \.hasRoute),
        .field("arrowID", \.arrowID),
    ]
}

extension FloorPlanFigure.Pin: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("number", \.number),
        .field("label", \.label),
        .field("x", \.x),
        .field("y", \.y),
        .field("href", \.href),
        .field("isLink", \.isLink),
    ]
}

extension FloorPlanFigure.Leg: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("x1", \.x1),
        .field("y1", \.y1),
        .field("midX", \.midX),
        .field("midY", \.midY),
        .field("x2", \.x2),
        .field("y2", \.y2),
    ]
}
