import ExpoCatalog
import Foundation
import HTTPTypes
import Hummingbird

/// The routes that take photos and recordings into an exhibit's draft and arrange its gallery.
extension StudioRouter {
    /// The largest upload request: several photos at their largest, a spreadsheet, a zip.
    static let uploadLimit = 256 << 20
    /// The largest sending to an exhibit's files, which may be a video: written to disk as
    /// it arrives, never held in memory.
    static let mediaUploadLimit = 4 << 30

    func addPhotos(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.group("/exhibits/:id/files").add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] request, context in
            let id = try context.parameters.require("id")
            guard let form = context.upload else {
                return StudioPages.problem(.badRequest, context: context, key: "bad_form")
            }
            let words = StudioStrings.of(context.language)
            if let kind = form["kind"].flatMap(GuideEditing.VideoKind.init(rawValue:)) {
                return try await Self.takeVideo(id, kind: kind, form: form, context: context, editing: editing)
            }
            guard !form.files.isEmpty else {
                return try Self.exhibitPage(id, context: context, editing: editing, message: words["no_files"], status: .unprocessableContent)
            }
            let user = try context.user()
            let replacing = form["replace"].flatMap { $0.isEmpty ? nil : $0 }
            let language = form["language"]
            guard let outcomes = try await Self.offThread({
                try editing.upload(id, files: form.files, replacing: replacing, language: language, by: user.account.name)
            }) else {
                return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
            }
            let shown = outcomes.map { outcome in
                switch outcome.result {
                case let .success(name) where name.contains("."):
                    PhotosSection.Outcome(sentName: outcome.sentName, message: words["recording_taken", ["language": String(name.split(separator: ".").dropFirst().first ?? ""), "name": name]], isRefusal: false)
                case let .success(name): PhotosSection.Outcome(sentName: outcome.sentName, message: words["photo_taken", ["name": name]], isRefusal: false)
                case let .failure(refusal): PhotosSection.Outcome(sentName: outcome.sentName, message: refusal.message(words), isRefusal: true)
                }
            }
            let anyTaken = shown.contains { !$0.isRefusal }
            return try Self.exhibitPage(id, context: context, editing: editing, outcomes: shown, status: anyTaken ? .ok : .unprocessableContent)
        }
        signedIn.group("/exhibits/:id/gallery").add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] request, context in
            let id = try context.parameters.require("id")
            let form = try await StudioForm(request, context: context)
            let user = try context.user()
            guard let image = form["image"], let action = form["action"],
                  try editing.arrange(id, image: image, action: action, by: user.account.name) else {
                return StudioPages.problem(.badRequest, context: context, key: "bad_form")
            }
            return StudioPages.redirect(to: StudioPages.editPath(id) + "?done=arranged")
        }
    }

    /// The video form: a video, its captions and its poster, each said taken or not on the exhibit's page.
    private static func takeVideo(_ id: String, kind: GuideEditing.VideoKind, form: UploadForm, context: StudioContext,
                                  editing: GuideEditing) async throws -> Response {
        let words = StudioStrings.of(context.language)
        let sending = GuideEditing.VideoSending(video: form.files(in: "files").first, captions: form.files(in: "captions").first,
                                                poster: form["poster"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        guard sending.video != nil || sending.captions != nil || sending.poster != nil else {
            return try exhibitPage(id, context: context, editing: editing, message: words["no_files"], status: .unprocessableContent)
        }
        let user = try context.user()
        let language = form["language"]
        guard let outcomes = try await offThread({
            try editing.uploadVideo(id, kind: kind, language: language, sending: sending, by: user.account.name)
        }) else {
            return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
        }
        let kindWord = words[kind == .video ? "video_kind_video_short" : "video_kind_sign_short"]
        let shown = outcomes.map { outcome in
            switch outcome.result {
            case let .success(name):
                let key = switch outcome.part {
                case .captions?: "video_captions_taken"
                case .poster?: "video_poster_taken"
                case .video?, nil: "video_taken"
                }
                return PhotosSection.Outcome(sentName: outcome.sentName, message: words[key, [
                    "kind": kindWord, "language": language ?? "", "name": name, "poster": name,
                ]], isRefusal: false)
            case let .failure(refusal):
                return PhotosSection.Outcome(sentName: outcome.sentName, message: refusal.message(words), isRefusal: true)
            }
        }
        return try exhibitPage(id, context: context, editing: editing, outcomes: shown, status: shown.contains { !$0.isRefusal } ? .ok : .unprocessableContent)
    }
}
