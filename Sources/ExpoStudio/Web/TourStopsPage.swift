import ExpoCatalog
import ExpoSite

/// A tour's stops in order, each with buttons to move it or take it out; a search of the
/// guide's exhibits, each found one with a button to add it; and the tour's length, with a
/// suggestion from its recordings. Every action is a plain form: it works without JavaScript.
struct TourStopsPage: TemplateObject {
    struct Found {
        let id: String
        let name: String
        let stop: Int
    }

    /// One button of a row: its slot stays when the button is not there (the first stop
    /// cannot move up), so that every row's buttons stand in the same columns.
    struct Slot: TemplateObject {
        let action: String
        let label: String?
        let named: String
        static let templateFields: TemplateFields<Self> = [.field("action", \.action), .field("label", \.label), .field("named", \.named)]
    }

    struct Row: TemplateObject {
        let number: String
        let id: String
        let name: String
        let inTour: Bool
        let slots: [Slot]
        static let templateFields: TemplateFields<Self> = [
            .field("number", \.number), .field("id", \.id), .field("name", \.name), .field("inTour", \.inTour), .field("slots", \.slots),
        ]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let path: String
    let preview: String
    let revision: String
    let stopsHeading: String
    let stops: [Row]
    let query: String
    let searched: Bool
    let found: [Row]
    let suggestion: String
    let minutes: String

    static func html(context: StudioContext, user: StudioUser, route: GuideEditing.TourRoute, title: String, names: [String: String], query: String,
                     found: [Found], suggestion: (minutes: Int, seconds: Double, recorded: Int), message: String?, isAlert: Bool) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let path = StudioPaths.here("tour-stops/") + StudioRouter.pathSegment(route.tour.id)
        func slot(_ action: String, _ label: String, named: String, shown: Bool) -> Slot {
            Slot(action: action, label: shown ? label : nil, named: words["tour_\(action)_named", ["name": named]])
        }
        let count = route.stops.count
        let stops = route.stops.enumerated().map { place, id in
            let name = names[id] ?? id
            return Row(number: "\(place + 1).", id: id, name: name, inTour: true, slots: [
                slot("up", words["photo_up"], named: name, shown: place > 0),
                slot("down", words["photo_down"], named: name, shown: place + 1 < count),
                slot("remove", words["photo_remove"], named: name, shown: count > 1),
            ])
        }
        let results = found.map { exhibit in
            let inTour = route.stops.contains(exhibit.id)
            return Row(number: "\(exhibit.stop).", id: exhibit.id, name: exhibit.name, inTour: inTour,
                       slots: inTour ? [] : [slot("add", words["tour_add"], named: exhibit.name, shown: true)])
        }
        let seconds = Int(suggestion.seconds.rounded())
        let heading = words["tour_heading", ["title": title]]
        let page = TourStopsPage(
            frame: StudioFrame(title: heading, context: context, user: user), t: words, notice: Notice(message, isAlert: isAlert), path: path,
            preview: GuideEditing.previewPath + "tours/" + StudioRouter.pathSegment(route.tour.id) + "/", revision: String(route.sheet.revision),
            stopsHeading: words["tour_stops", ["count": String(count)]], stops: stops, query: StudioText.shown(query), searched: !query.isEmpty,
            found: results,
            suggestion: words["tour_suggestion", ["minutes": String(seconds / 60), "seconds": String(seconds % 60), "recorded": String(suggestion.recorded),
                                                  "stops": String(count), "suggested": String(suggestion.minutes)]],
            minutes: route.duration.isEmpty ? String(suggestion.minutes) : route.duration)
        return StudioTemplates.render(page, "tour-stops")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("path", \.path), .field("preview", \.preview),
        .field("revision", \.revision), .field("stopsHeading", \.stopsHeading), .field("stops", \.stops), .field("query", \.query),
        .field("searched", \.searched), .field("found", \.found), .field("hasFound", { !$0.found.isEmpty }),
        .field("suggestion", \.suggestion), .field("minutes", \.minutes),
    ]
}
