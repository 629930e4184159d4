import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import Foundation
import HTTPTypes
import Hummingbird

/// Whole catalogs in and out, for editors: spreadsheets sent, read and shown before they
/// are taken, and the catalog's folder as a zip.
extension StudioRouter {
    func addImport(to signedIn: RouterGroup<StudioContext>) {
        guard let editing else { return }
        let importing = signedIn.group("/import").add(middleware: RequireCapability(capability: .importCatalog))
        importing.get { [editing] _, context in
            let staged = try await Self.offThread { editing.stagedImport() }
            return Self.importPage(context: context, editing: editing, staged: staged)
        }
        importing.post { [editing] _, context in
            guard let form = context.upload else { return StudioPages.problem(.badRequest, context: context, key: "bad_form") }
            let user = try context.user()
            let words = StudioStrings.of(context.language)
            let result = try await Self.offThread { try editing.stageImport(form.files, by: user.account.name) }
            switch result {
            case nil: return StudioPages.problem(.notFound, context: context, key: "not_editable")
            case let .failure(.refused(key, file))?:
                let staged = try await Self.offThread { editing.stagedImport() }
                return Self.importPage(context: context, editing: editing, staged: staged,
                                       message: words[key, ["name": file]], isAlert: true, status: .unprocessableContent)
            case let .success(staged)?:
                return Self.importPage(context: context, editing: editing, staged: staged,
                                       message: words["import_read", GuideEditing.counts(staged.result)], isAlert: false)
            }
        }
        importing.post("/take") { [editing] _, context in
            let user = try context.user()
            let words = StudioStrings.of(context.language)
            let result = try await Self.offThread { try editing.takeImport(by: user.account.name) }
            let (message, isAlert, status): (String, Bool, HTTPResponse.Status) = switch result {
            case let .taken(counts): (words["import_taken", counts], false, .ok)
            case .nothingWaiting: (words["import_nothing"], true, .conflict)
            case .blocked: (words["import_blocked_take"], true, .unprocessableContent)
            case let .failed(reason): (words["failed", ["reason": reason]], true, .conflict)
            }
            let staged = try await Self.offThread { editing.stagedImport() }
            return Self.importPage(context: context, editing: editing, staged: staged, message: message, isAlert: isAlert, status: status)
        }
        importing.post("/drop") { [editing] _, context in
            try editing.dropImport(by: try context.user().account.name)
            return Self.importPage(context: context, editing: editing, staged: nil,
                                   message: StudioStrings.of(context.language)["import_dropped"], isAlert: false)
        }
        // The preview's front page (`/studio/import/preview/`, which the import page links
        // to) and every page under it, as the drafts' preview answers.
        let preview: @Sendable (Request, StudioContext) async throws -> Response = { [editing] request, context in
            guard let site = try await Self.offThread({ try editing.importPreviewSite() }) else {
                return StudioPages.problem(.notFound, context: context, key: "import_preview_none")
            }
            return try Self.sitePage(request, prefix: GuideEditing.importPreviewRoute, site: site, context: context)
        }
        importing.get("/preview", use: preview)
        importing.get("/preview/**", use: preview)
        signedIn.group("/catalog.zip").add(middleware: RequireCapability(capability: .downloadCatalog)).get { [editing] _, context in
            let folder = editing.guide.watchedLoad().folderURL
            let temporary = editing.state.folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let zip = temporary.appendingPathComponent("catalog-\(UInt64.random(in: 0...UInt64.max)).zip")
            let written = try await Self.offThread { Result { () throws(CatalogZip.Failure) in try CatalogZip.write(folder: folder, to: zip) } }
            guard case .success = written else {
                if case let .failure(failure) = written { context.logger.error("studio: the catalog's zip: \(failure.message)") }
                return StudioPages.problem(.internalServerError, context: context, key: "zip_failed")
            }
            let user = try context.user()
            try? editing.state.record(.downloaded, account: user.account.name, detail: "the catalog as a zip", actor: user.account.name)
            var headers = HTTPFields()
            headers[.contentType] = "application/zip"
            headers[.contentDisposition] = "attachment; filename=\"\(Self.zipName(folder))\""
            headers[StudioRoutes.fileHeader] = zip.path
            return Response(status: .ok, headers: headers)
        }
    }

    /// `guide-2026-11-27.zip`, from the folder's name in letters, digits and dashes only.
    static func zipName(_ folder: URL) -> String {
        let name = String(folder.lastPathComponent.unicodeScalars.map { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") ? Character($0) : "-" })
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return "\(name.isEmpty ? "catalog" : String(name.prefix(64)))-\(formatter.string(from: Date())).zip"
    }

    static func importPage(context: StudioContext, editing: GuideEditing, staged: StagedImport?, message: String? = nil,
                           isAlert: Bool = false, status: HTTPResponse.Status = .ok) -> Response {
        guard let user = try? context.user() else { return StudioPages.problem(.unauthorized, context: context) }
        return StudioPages.response(ImportPage.html(context: context, user: user, staged: staged, message: message, isAlert: isAlert), status: status)
    }

    /// A page of a site made for the studio (a preview), by its path under `prefix`.
    static func sitePage(_ request: Request, prefix: String, site: Site?, context: StudioContext) throws -> Response {
        let path = String(request.uri.path.dropFirst(prefix.count - 1))
        // A preview keeps no service worker: one would outlive the draft it showed.
        guard path != Site.serviceWorkerPath, let site else { return StudioPages.problem(.notFound, context: context) }
        let found = try site.page(at: path.isEmpty ? "/" : path)
        let page = found ?? site.notFoundPage(for: path)
        var headers = HTTPFields()
        headers[.contentType] = page.contentType
        if let file = page.file { return mediaFile(file, etag: page.etag, request: request, headers: headers) }
        return Response(status: found != nil ? .ok : .notFound, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: page.body)))
    }

    /// A made recording or video of the preview, whole or the range asked for, sent by the
    /// server from its file as the guide's own are (a player seeks by ranges).
    static func mediaFile(_ file: MediaFile, etag: String, request: Request, headers: HTTPFields) -> Response {
        var headers = headers
        headers[.acceptRanges] = "bytes"
        headers[.eTag] = etag
        var status = HTTPResponse.Status.ok
        var part = (offset: 0, count: file.size)
        if let range = request.headers[.range], request.headers[.ifRange].map({ $0.trimmingCharacters(in: .whitespaces) == etag }) ?? true {
            switch ByteRange.of(range, length: file.size) {
            case let .satisfiable(lower, upper):
                status = .partialContent
                part = (lower, upper - lower + 1)
                headers[.contentRange] = "bytes \(lower)-\(upper)/\(file.size)"
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(file.size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            case .whole:
                break
            }
        }
        headers[StudioRoutes.mediaHeader] = "\(part.offset) \(part.count) \(file.url.path)"
        return Response(status: status, headers: headers)
    }
}
