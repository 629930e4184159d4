import Foundation
import HTTPTypes
import Hummingbird

/// A request that changes anything (any method but GET and HEAD) must come from a studio
/// page: its `Origin` is the studio's own, and its form carries the session's token (the
/// login form, before any session, a token matched by a cookie of its own). Anything
/// else is 403 before a route sees it.
struct FormGuard: RouterMiddleware {
    typealias Context = StudioContext
    static let tokenField = "form_token"
    static let loginCookie = "studio_login"

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        guard let origin = request.headers[.origin], context.acceptedOrigins.contains(origin) else {
            return StudioPages.problem(.forbidden, context: context, key: "bad_form")
        }
        let expected = context.sessions.session?.formToken ?? request.cookies[Self.loginCookie]?.value
        // Files come as multipart/form-data, with the token among the fields; only a
        // signed-in person sends files. The server has gathered the body within its limit.
        if UploadForm.isMultipart(request) {
            // A large one was written to a file as it arrived, and is read there.
            let form = if let spooled = context.spooled {
                UploadForm(contentType: request.headers[.contentType], spooled: spooled)
            } else {
                UploadForm(contentType: request.headers[.contentType], body: try await request.body.collect(upTo: StudioRouter.uploadLimit))
            }
            guard context.sessions.session != nil, let expected, let form,
                  let sent = form[Self.tokenField], Self.same(sent, String(expected)) else {
                return StudioPages.problem(.forbidden, context: context, key: "bad_form")
            }
            var context = context
            context.upload = form
            return try await next(request, context)
        }
        // A body that is no form holds no token either.
        guard let form = try? await StudioForm(request, context: context) else {
            return StudioPages.problem(.forbidden, context: context, key: "bad_form")
        }
        guard let expected, let sent = form[Self.tokenField], Self.same(sent, String(expected)) else {
            return StudioPages.problem(.forbidden, context: context, key: "bad_form")
        }
        var request = request
        request.body = .init(buffer: form.buffer)
        return try await next(request, context)
    }

    /// Compares in a time that does not depend on where the texts differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count, !a.isEmpty else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// 256 random bits, as URL-safe text.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
