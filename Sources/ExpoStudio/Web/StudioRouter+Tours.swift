import ExpoCatalog
import Foundation
import HTTPTypes
import Hummingbird

/// A tour's stops and length, built from the guide's search.
extension StudioRouter {
    func addTourStops(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.get("/tour-stops/:tour") { [editing] request, context in
            let query = String((request.uri.queryParameters["q"].map(String.init) ?? "").prefix(200))
            let message = Self.done(request) == "saved" ? StudioStrings.of(context.language)["saved"] : nil
            return try Self.tourStopsPage(try context.parameters.require("tour"), query: query, context: context, editing: editing, message: message)
        }
        signedIn.group("/tour-stops/:tour").add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] request, context in
            let tour = try context.parameters.require("tour")
            let form = try await StudioForm(request, context: context)
            let user = try context.user()
            switch try editing.changeTour(tour, action: form["action"] ?? "", exhibit: form["exhibit"], minutes: form["minutes"], to: form["to"],
                                          revision: form["revision"].flatMap { Int64($0) }, by: user.account.name) {
            case nil: return StudioPages.problem(.notFound, context: context)
            case .saved?: return StudioPages.redirect(to: StudioPaths.here("tour-stops/\(Self.pathSegment(tour))?done=saved"))
            case let .refused(key)?:
                return try Self.tourStopsPage(tour, query: "", context: context, editing: editing,
                                              message: StudioStrings.of(context.language)[key], isAlert: true, status: .unprocessableContent)
            }
        }
    }

    /// At most this many exhibits found are listed: the search narrows them, never a list of all.
    static let tourSearchLimit = 20

    static func tourStopsPage(_ tour: String, query: String, context: StudioContext, editing: GuideEditing, message: String? = nil,
                              isAlert: Bool = false, status: HTTPResponse.Status = .ok) throws -> Response {
        guard let route = try editing.tourRoute(tour) else { return StudioPages.problem(.notFound, context: context) }
        let load = editing.guide.watchedLoad()
        // Names in the person's language where the catalog has it; every edition lists the same exhibits in order.
        let edition = edition(of: load.catalog, for: context)
        let exhibits = edition.exhibits
        let title = edition.tours.first { $0.id == route.tour.id }?.title ?? route.tour.title
        var names: [String: String] = [:]
        for id in route.stops { if let position = load.position(of: id) { names[id] = exhibits[position].name } }
        var found: [TourStopsPage.Found] = []
        if !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let positions = editing.guide.currentSite()?.exhibitPositions(matching: query, in: load.catalog.primary.language) ?? []
            found = positions.prefix(tourSearchLimit).filter { exhibits.indices.contains($0) }.map { position in
                TourStopsPage.Found(id: exhibits[position].id, name: exhibits[position].name, stop: exhibits[position].stop)
            }
        }
        return StudioPages.response(TourStopsPage.html(context: context, user: try context.user(), route: route, title: title, names: names, query: query,
                                                       found: found, suggestion: editing.suggestedMinutes(route.stops),
                                                       message: message, isAlert: isAlert), status: status)
    }
}
