import ExpoSite
import HTTPTypes
import Hummingbird

/// Every studio answer: the guide's security headers (its CSP is the studio's too), never
/// kept by a cache, and each cookie `Secure` when the request came over HTTPS.
struct StudioHeaders: RouterMiddleware {
    typealias Context = StudioContext

    static let fields: HTTPFields = {
        var fields = HTTPFields(SecurityPolicy.headers.map { HTTPField(name: HTTPField.Name($0.name)!, value: $0.value) })
        fields[.cacheControl] = "no-store"
        return fields
    }()

    func handle(_ request: Request, context: StudioContext, next: (Request, StudioContext) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            response = StudioPages.problem(error.status, context: context)
        }
        for field in Self.fields { response.headers[field.name] = field.value }
        if context.isSecure {
            response.headers[values: .setCookie] = response.headers[values: .setCookie].map { $0.contains("; Secure") ? $0 : $0 + "; Secure" }
        }
        return response
    }
}
