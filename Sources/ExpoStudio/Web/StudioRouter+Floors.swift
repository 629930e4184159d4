import Foundation
import HTTPTypes
import Hummingbird

/// A new floor, added by sending its plan from the floors' page.
extension StudioRouter {
    func addNewFloor(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.group("/floors/new").add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] _, context in
            guard let form = context.upload else { return StudioPages.problem(.badRequest, context: context, key: "bad_form") }
            let user = try context.user()
            let words = StudioStrings.of(context.language)
            let result = try await Self.offThread {
                try editing.addFloor(name: form["name"] ?? "", planAlt: form["plan_alt"] ?? "", file: form.files.first, by: user.account.name)
            }
            switch result {
            case nil: return StudioPages.problem(.notFound, context: context)
            case let .added(id)?:
                return try Self.exhibitPage("@floors", context: context, editing: editing, message: words["floor_added", ["id": id]])
            case let .refused(key)?:
                return try Self.exhibitPage("@floors", context: context, editing: editing, message: words[key], status: .unprocessableContent)
            }
        }
    }
}
