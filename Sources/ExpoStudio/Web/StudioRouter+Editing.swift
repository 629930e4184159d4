import ExpoCatalog
import ExpoSite
import Foundation
import HTTPTypes
import Hummingbird

/// The routes that edit the guide: the list, an exhibit's form, its history, publishing,
/// and the preview of the drafts. Each that changes anything asks for its capability.
extension StudioRouter {
    func addEditing(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        signedIn.get("/exhibits") { [editing] request, context in
            try Self.list(request, context: context, editing: editing)
        }
        // An exhibit's form and the exposition's have the same routes, under their own paths.
        let forms: [(path: String, key: @Sendable (StudioContext) throws -> String)] = [
            ("/exhibits/:id", { context in
                let id = try context.parameters.require("id")
                return CatalogDocument(rawValue: id) == nil ? id : ""
            }),
            ("/exposition", { _ in CatalogDocument.exposition.rawValue }),
            ("/tours", { _ in CatalogDocument.tours.rawValue }),
            ("/floors", { _ in CatalogDocument.floors.rawValue }),
        ]
        for (path, key) in forms {
            signedIn.get(RouterPath(path)) { [editing] request, context in
                let message = Self.done(request).map { StudioStrings.of(context.language)[$0] }
                return try Self.exhibitPage(try key(context), context: context, editing: editing, message: message)
            }
            signedIn.group(RouterPath(path)).add(middleware: RequireCapability(capability: .editDrafts)).post { [editing] request, context in
                try await Self.save(try key(context), request, context: context, editing: editing)
            }
            signedIn.group(RouterPath(path + "/submit")).add(middleware: RequireCapability(capability: .submitForReview)).post { [editing] _, context in
                let id = try key(context)
                guard try editing.sheet(id) != nil else { return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit") }
                try editing.state.submit(id, by: try context.user().account.name)
                return StudioPages.redirect(to: StudioPages.editPath(id) + "?done=submitted")
            }
            signedIn.get(RouterPath(path + "/history")) { [editing] request, context in
                try Self.historyPage(try key(context), context: context, editing: editing, reverted: Self.done(request) == "reverted")
            }
            signedIn.group(RouterPath(path + "/revert")).add(middleware: RequireCapability(capability: .revert)).post { [editing] request, context in
                let id = try key(context)
                let form = try await StudioForm(request, context: context)
                guard let number = Int64(form["publication"] ?? "") else { return StudioPages.problem(.badRequest, context: context, key: "bad_form") }
                // Only a publication this exhibit's history lists, as its page offers them.
                guard try editing.state.history(of: id).contains(where: { $0.publication.id == number }) else {
                    return StudioPages.problem(.notFound, context: context)
                }
                let user = try context.user()
                let result = try await Self.offThread { try editing.revert(id, to: number, by: user.account.name) }
                if case .published = result {
                    return StudioPages.redirect(to: StudioPages.editPath(id) + "/history?done=reverted")
                }
                return try Self.publishPage(context: context, editing: editing, result: result)
            }
        }
        addPhotos(to: signedIn)
        addPlace(to: signedIn)
        addTourStops(to: signedIn)
        addNewFloor(to: signedIn)
        signedIn.get("/translations") { [editing] _, context in
            let load = editing.guide.watchedLoad()
            let gaps = TranslationGaps(catalog: load.catalog, history: try editing.state.publishedTexts())
            var names: [String: String] = [:]
            let wanted = Set(gaps.languages.flatMap { $0.missing + $0.older }.map(\.sheet))
            for id in wanted { names[id] = Self.name(id, editing: editing, context: context) }
            return StudioPages.response(TranslationsPage.html(context: context, user: try context.user(), gaps: gaps, names: names))
        }
        signedIn.get("/publish") { [editing] _, context in
            try Self.publishPage(context: context, editing: editing, result: nil)
        }
        signedIn.group("/publish").add(middleware: RequireCapability(capability: .publish)).post { [editing] request, context in
            let form = try await StudioForm(request, context: context)
            let exhibit = form["exhibit"].flatMap { $0.isEmpty ? nil : $0 }
            let user = try context.user()
            let result = try await Self.offThread { try editing.publish(exhibit, by: user.account.name) }
            return try Self.publishPage(context: context, editing: editing, result: result)
        }
        signedIn.get("/preview") { [editing] request, context in try await Self.preview(request, context: context, editing: editing) }
        signedIn.get("/preview/**") { [editing] request, context in try await Self.preview(request, context: context, editing: editing) }
    }

    /// What the page after a redirect says was done: only the studio's own words.
    static func done(_ request: Request) -> String? {
        request.uri.queryParameters["done"].map(String.init).flatMap { ["saved", "submitted", "reverted", "arranged"].contains($0) ? $0 : nil }
    }

    /// An id as it stands in a studio address: ids are letters, digits, - and _ already,
    /// and anything else is written out, so a link never leaves the studio.
    /// `-` and `_` stay as they are: the router matches a segment as written, so
    /// `item%2D5` would find no exhibit `item-5` (a real collection's ids, `tate-a01003`, have them).
    static func pathSegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
    }

    private static let segmentCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))

    private static func list(_ request: Request, context: StudioContext, editing: GuideEditing) throws -> Response {
        let query = String((request.uri.queryParameters["q"].map(String.init) ?? "").prefix(200))
        let page = max(1, min(Int(request.uri.queryParameters["page"].map(String.init) ?? "") ?? 1, 1_000_000))
        let catalog = editing.guide.watchedLoad().catalog
        let exhibits = catalog.primary.exhibits
        let positions: [Int]? = query.trimmingCharacters(in: .whitespaces).isEmpty ? nil
            : editing.guide.currentSite()?.exhibitPositions(matching: query, in: catalog.primary.language) ?? []
        let found = positions?.count ?? exhibits.count
        let start = min((page - 1) * ExhibitListPage.perPage, found)
        let end = min(start + ExhibitListPage.perPage, found)
        let shown = positions.map { Array($0[start..<end]) } ?? Array(start..<end)
        let drafts = Dictionary(try editing.state.drafts().map { ($0.exhibit, $0) }) { first, _ in first }
        // Each row in the person's language where the catalog has it: every edition lists the same exhibits in order.
        let named = edition(of: catalog, for: context).exhibits
        let rows = shown.filter { named.indices.contains($0) }.map { ExhibitListPage.Row(exhibit: named[$0], draft: drafts[named[$0].id]) }
        return StudioPages.response(ExhibitListPage.html(context: context, user: try context.user(), query: query, rows: rows, found: found,
                                                         total: exhibits.count, page: page, editable: editing.editableLoad != nil))
    }

    /// What staff call an exhibit, the exposition, the tours or the floors: in the
    /// interface's language where the catalog has it, else in the catalog's main language.
    static func name(_ id: String, editing: GuideEditing, context: StudioContext) -> String {
        let load = editing.guide.watchedLoad()
        let edition = Self.edition(of: load.catalog, for: context)
        switch CatalogDocument(rawValue: id) {
        case .exposition:
            let title = edition.exposition.title.isEmpty ? load.catalog.primary.exposition.title : edition.exposition.title
            return title.isEmpty ? id : title
        case let document?: return StudioStrings.of(context.language)["\(document.rawValue.dropFirst())_heading"]
        case nil: break
        }
        return load.position(of: id).map { edition.exhibits[$0].name } ?? id
    }

    /// The catalog's edition in the person's interface language, or its main one.
    static func edition(of catalog: Catalog, for context: StudioContext) -> Edition {
        catalog.editions.first { $0.language.code == context.language.rawValue } ?? catalog.primary
    }

    static func exhibitPage(_ id: String, context: StudioContext, editing: GuideEditing, message: String? = nil,
                            outcomes: [PhotosSection.Outcome] = [], status: HTTPResponse.Status = .ok) throws -> Response {
        guard let sheet = try editing.sheet(id) else {
            if id == CatalogDocument.floors.rawValue, editing.takesFirstFloor {
                return StudioPages.response(FirstFloorPage.html(context: context, user: try context.user(), message: message), status: status)
            }
            return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
        }
        let photos = sheet.document == nil && editing.editableLoad?.takesFiles == true ? outcomes : nil
        var players: [String: String] = [:]
        if !sheet.transcriptFiles.isEmpty {
            // The draft's recording where it has one (from the preview), else the published one.
            let drafted = sheet.languages.contains { sheet.drafted[$0.code]?[EntryField.audio.name] != nil }
            let site = drafted ? try editing.previewSite() : editing.guide.currentSite()
            for language in sheet.transcriptFiles.keys {
                let file = sheet.current(.audio, language)
                if !file.isEmpty, let link = site?.recordingLink(of: file) { players[language.code] = link }
            }
        }
        return StudioPages.response(ExhibitPage.html(context: context, user: try context.user(), sheet: sheet, name: name(id, editing: editing, context: context),
                                                     message: message, problems: editing.problems(of: sheet), photos: photos,
                                                     placeLink: sheet.document == nil && !editing.guide.watchedLoad().catalog.primary.floors.isEmpty,
                                                     players: players, addsFloors: sheet.document == .floors && editing.editableLoad?.takesFiles == true),
                                   status: status)
    }

    private static func save(_ id: String, _ request: Request, context: StudioContext, editing: GuideEditing) async throws -> Response {
        let form = try await StudioForm(request, context: context)
        let user = try context.user()
        switch try editing.save(id, form: form, by: user.account.name) {
        case nil:
            return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit")
        case .saved:
            return StudioPages.redirect(to: StudioPages.editPath(id) + "?done=saved")
        case let .conflict(sheet, save, theirs, account):
            let conflict = ExhibitPage.Conflict(theirs: theirs, account: account, save: save)
            return StudioPages.response(ExhibitPage.html(context: context, user: user, sheet: sheet, name: name(id, editing: editing, context: context),
                                                         conflict: conflict), status: .conflict)
        }
    }

    private static func historyPage(_ id: String, context: StudioContext, editing: GuideEditing, reverted: Bool) throws -> Response {
        guard try editing.sheet(id) != nil else { return StudioPages.problem(.notFound, context: context, key: "no_such_exhibit") }
        let words = StudioStrings.of(context.language)
        let history = try editing.state.history(of: id)
        let message = reverted ? words["reverted", ["number": String(history.first?.publication.id ?? 0)]] : nil
        return StudioPages.response(HistoryPage.html(context: context, user: try context.user(), exhibit: id, name: name(id, editing: editing, context: context),
                                                     history: history, message: message))
    }

    private static func publishPage(context: StudioContext, editing: GuideEditing, result: GuideEditing.PublishResult?) throws -> Response {
        let words = StudioStrings.of(context.language)
        var message: String?
        var isAlert = false
        var conflicts: [PublishPlan.Conflict] = []
        var status = HTTPResponse.Status.ok
        switch result {
        case nil: break
        case let .published(number): message = words["published", ["number": String(number)]]
        case .nothingToPublish: message = words["nothing_to_publish"]
        // The errors are among the drafts' problems below, read again.
        case .blocked: (message, isAlert, status) = (words["blocked"], true, .unprocessableContent)
        case let .conflicts(found): (message, isAlert, conflicts, status) = (words["publish_conflicts"], true, found, .conflict)
        case let .failed(reason): (message, isAlert, status) = (words["failed", ["reason": reason]], true, .conflict)
        }
        let drafts = try editing.state.drafts()
        let problems = try editing.readiness()?.problems ?? []
        let listed = drafts.map { PublishPage.Listed(draft: $0, name: name($0.exhibit, editing: editing, context: context)) }
        return StudioPages.response(PublishPage.html(context: context, user: try context.user(), drafts: listed, problems: problems,
                                                     message: message, isAlert: isAlert, conflicts: conflicts), status: status)
    }

    /// The guide as the drafts make it, with a line that says so above each page.
    private static func preview(_ request: Request, context: StudioContext, editing: GuideEditing) async throws -> Response {
        var response = try sitePage(request, prefix: GuideEditing.previewRoute, site: try editing.previewSite(), context: context)
        guard response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        var collected = CollectedBody()
        try await response.body.write(collected.writer())
        let page = collected.buffer.withLockedValue { Array($0.readableBytesView) }
        let path = String(request.uri.path.dropFirst(GuideEditing.previewRoute.count - 1))
        let languages = editing.guide.watchedLoad().catalog.languages.map(\.code)
        response.body = .init(byteBuffer: ByteBuffer(bytes: PreviewBar.adding(to: page, path: path, languages: languages, context: context)))
        return response
    }
}
