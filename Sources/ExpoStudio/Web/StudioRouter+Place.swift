import ExpoCatalog
import Foundation
import HTTPTypes
import Hummingbird

/// An exhibit's place on the plans, and the plans' images for the studio's page.
extension StudioRouter {
    func addPlace(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.get("/exhibits/:id/place") { [editing] request, context in
            let id = try context.parameters.require("id")
            let words = StudioStrings.of(context.language)
            return try Self.placePage(id, context: context, editing: editing, message: Self.done(request) == "saved" ? words["place_saved"] : nil)
        }
        signedIn.group("/exhibits/:id/place").add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] request, context in
            let id = try context.parameters.require("id")
            let form = try await StudioForm(request, context: context)
            let user = try context.user()
            switch try editing.place(id, floor: form["floor"] ?? "", x: form["x"] ?? "", y: form["y"] ?? "",
                                     revision: form["revision"].flatMap { Int64($0) }, by: user.account.name) {
            case nil: return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
            case .saved?: return StudioPages.redirect(to: StudioPages.editPath(id) + "/place?done=saved")
            case let .refused(key)?:
                return try Self.placePage(id, context: context, editing: editing, message: StudioStrings.of(context.language)[key],
                                          isAlert: true, status: .unprocessableContent)
            }
        }
        signedIn.get("/plans/:floor") { [editing] _, context in
            let id = try context.parameters.require("floor")
            let catalog = editing.guide.watchedLoad().catalog
            guard let floor = catalog.primary.floors.first(where: { $0.id == id }), let image = catalog.images[floor.plan],
                  let variant = image.variants.last, let type = Self.shownType(variant.format) else {
                return StudioPages.problem(.notFound, context: context)
            }
            var headers = HTTPFields()
            headers[.contentType] = type
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: variant.data)))
        }
    }

    /// The type a browser shows an image of `format` as; nil for those it may not (HEIC, TIFF).
    static func shownType(_ format: ImageFormat) -> String? {
        switch format {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .avif: "image/avif"
        case .heic, .tiff: nil
        }
    }

    static func placePage(_ id: String, context: StudioContext, editing: GuideEditing, message: String? = nil, isAlert: Bool = false,
                          status: HTTPResponse.Status = .ok) throws -> Response {
        guard let sheet = try editing.sheet(id), sheet.document == nil else {
            return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
        }
        let catalog = editing.guide.watchedLoad().catalog
        // The floors' names in the person's language where the catalog has it; the plans are the same in every edition.
        let plans = edition(of: catalog, for: context).floors.map { floor in
            PlacePage.Plan(floor: floor, imagePath: catalog.images[floor.plan]?.variants.last.flatMap { shownType($0.format) }
                .map { _ in StudioPaths.here("plans/") + pathSegment(floor.id) })
        }
        let problems = editing.problems(of: sheet).filter { problem in problem.field.map { PositionKeys.all.contains($0.name) } ?? false }
        let name = name(id, editing: editing, context: context)
        return StudioPages.response(PlacePage.html(context: context, user: try context.user(), sheet: sheet, name: name, plans: plans,
                                                   message: message, isAlert: isAlert, problems: problems), status: status)
    }
}
