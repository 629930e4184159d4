import Foundation
import HTTPTypes
import Hummingbird

/// A museum's own pages for an admin of every exhibition: adding an exhibition.
extension StudioRouter {
    func addNewExhibition(to signedIn: RouterGroup<StudioContext>) {
        guard let museum else { return }
        let adding = signedIn.group("/exhibitions/new").add(middleware: RequireCapability(capability: .addExhibition))
        adding.get { _, context in
            StudioPages.response(NewExhibitionPage.html(context: context, user: try context.user()))
        }
        adding.post { [state] _, context in
            guard let form = context.upload else { return StudioPages.problem(.badRequest, context: context, key: "bad_form") }
            let user = try context.user()
            let words = StudioStrings.of(context.language)
            let name = String((form["name"] ?? "").trimmingCharacters(in: .whitespaces).prefix(256))
            let chosen = form["source"] ?? "starter"
            let source: NewExhibition.Source
            switch chosen {
            case "zip":
                guard form.files.count == 1 else {
                    return Self.refused(words["exhibition_one_zip"], name: name, source: chosen, context: context, user: user)
                }
                source = .zip(form.files[0])
            case "sheets": source = .sheets(form.files)
            case "starter": source = .starter
            case "iiif": source = .iiif((form["iiif"] ?? "").trimmingCharacters(in: .whitespaces))
            default: return StudioPages.problem(.badRequest, context: context, key: "bad_form")
            }
            let taken = museum.exhibitions().map(\.name)
            let staged: URL
            do throws(NewExhibition.Refusal) {
                staged = try await NewExhibition.stage(name, from: source, in: museum.root, taken: taken) { address, folder in
                    await museum.importIIIF(from: address, into: folder)
                }
            } catch {
                return Self.refused(words[error.key, error.values], name: name, source: chosen, context: context, user: user)
            }
            // Loading it to serve takes as long as loading it to check.
            if let problem = try await Self.offThread({ museum.add(name, from: staged) }) {
                return Self.refused(words["exhibition_not_served", ["reason": problem]], name: name, source: chosen, context: context, user: user)
            }
            try state.record(.exhibitionAdded, account: name, detail: "from \(chosen)", actor: user.account.name)
            return StudioPages.redirect(to: StudioPaths.root + "?done=added")
        }
    }

    private static func refused(_ message: String, name: String, source: String, context: StudioContext, user: StudioUser) -> Response {
        StudioPages.response(NewExhibitionPage.html(context: context, user: user, name: name, source: source, message: message, isAlert: true),
                             status: .unprocessableContent)
    }
}
