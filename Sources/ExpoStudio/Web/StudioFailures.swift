import ExpoCatalog
import Foundation
import GRDB
import Hummingbird
import Logging

/// Turns an error no route answered for into a page: the disk being full into 507 with a
/// page that says nothing was saved, anything else into 500 with a page, never an empty
/// answer. It stands outside the session's middleware, so a session that cannot be saved is
/// answered too. Hummingbird's own errors (404, 401 …) pass through as they are.
struct StudioFailures: RouterMiddleware {
    typealias Context = StudioContext

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            context.logger.error("studio: \(request.method.rawValue) \(request.uri.path): \(error)")
            return Self.page(for: error, context: context)
        }
    }

    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

    static func page(for error: any Error, context: StudioContext) -> Response {
        isDiskFull(error)
            ? StudioPages.problem(Self.insufficientStorage, context: context, key: "disk_full")
            : StudioPages.problem(.internalServerError, context: context, key: "server_error")
    }

    /// Whether `error` is a write that found no room: SQLite's error 13, or a file's ENOSPC.
    static func isDiskFull(_ error: any Error) -> Bool {
        if case .diskFull = error as? StudioError { return true }
        if let database = error as? DatabaseError { return database.resultCode == .SQLITE_FULL }
        return FileProblem(error).kind == .diskFull
    }
}
