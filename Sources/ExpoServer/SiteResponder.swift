import ExpoCatalog
import ExpoSite
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Answers every request from the rendered site in memory: no routing tables, no disk,
/// no rendering. The site can be swapped whole (on reload) while requests run.
public final class SiteResponder: HTTPResponder, Sendable {
    public typealias Context = BasicRequestContext

    private let current: Mutex<ServedSite>
    private let logger: Logger

    public init(site: Site, logger: Logger) {
        current = Mutex(ServedSite(site))
        self.logger = logger
    }

    /// Serves `site` from the next request on; requests under way finish with the old one.
    public func replace(with site: Site) {
        let served = ServedSite(site)
        current.withLock { $0 = served }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        let response = answer(request)
        logger.info("\(request.method) \(request.uri.path) \(response.status.code)")
        return response
    }

    private func answer(_ request: Request) -> Response {
        let site = current.withLock { $0 }
        guard request.method == .get || request.method == .head else {
            var headers = SecurityHeaders.all
            headers[.allow] = "GET, HEAD"
            headers[.contentType] = "text/plain; charset=utf-8"
            return Response(status: .methodNotAllowed, headers: headers,
                             body: ResponseBody(byteBuffer: ByteBuffer(string: "Method not allowed\n")))
        }
        let path = Substring(request.uri.path)
        var setCookie: String?
        // Only the language switch's links carry a query; most requests skip parsing one.
        if request.uri.query != nil, let chosen = request.uri.queryParameters.get("lang"),
           let language = site.languages.first(where: { $0.code == chosen }) {
            // The language switch's links carry ?lang= so the choice outlives the visit.
            setCookie = "\(LanguageNegotiation.cookieName)=\(language.code); Path=/; Max-Age=31536000; SameSite=Lax"
        } else if path == "/", let language = redirectLanguage(request, site) {
            var headers = SecurityHeaders.all
            headers[.location] = site.homePath(language)
            headers[.vary] = "Accept-Language, Cookie"
            headers[.cacheControl] = "no-cache"
            return Response(status: .found, headers: headers)
        }
        let status: HTTPResponse.Status
        let page: ServedPage
        if let found = site.page(at: path) {
            (status, page) = (.ok, found)
        } else {
            (status, page) = (.notFound, site.notFoundPage(for: path))
        }
        let acceptsGzip = request.headers[.acceptEncoding].map(Self.acceptsGzip) ?? false
        let representation = acceptsGzip ? (page.gzip ?? page.identity) : page.identity
        var headers = representation.headers
        if let setCookie { headers[.setCookie] = setCookie }
        if status == .ok, let tags = request.headers[.ifNoneMatch], Self.matches(tags, page.etags) {
            return Response(status: .notModified, headers: headers)
        }
        if request.method == .head {
            headers[.contentLength] = String(representation.body.readableBytes)
            return Response(status: status, headers: headers)
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: representation.body))
    }

    /// Where `/` sends a visitor whose cookie or browser asks for another language than
    /// the primary one; nil keeps them on `/`.
    private func redirectLanguage(_ request: Request, _ site: ServedSite) -> Language? {
        let chosen = LanguageNegotiation.cookieLanguage(request.headers[.cookie], among: site.languages)
            ?? LanguageNegotiation.preferred(request.headers[.acceptLanguage], among: site.languages)
        guard let chosen, chosen != site.primaryLanguage else { return nil }
        return chosen
    }

    static func acceptsGzip(_ header: String) -> Bool {
        // Browsers send "gzip, deflate, br" and the like: no weights, no parsing needed.
        if !header.utf8.contains(UInt8(ascii: "q")) {
            return header.contains("gzip") || header.contains("*")
        }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first?.lowercased() == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
        }
    }

    static func matches(_ ifNoneMatch: String, _ etags: Set<Substring>) -> Bool {
        if ifNoneMatch.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = Substring(candidate.trimmingCharacters(in: .whitespaces))
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return etags.contains(tag)
        }
    }
}
