import ExpoCatalog
import ExpoSite
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Answers every request from the site in memory: no routing tables, no disk; a page a
/// large site makes on request is made once, then kept. The site can be swapped whole (on
/// reload) while requests run.
public final class SiteResponder: Sendable {
    private let current: Mutex<ServedSite>
    let logger: Logger
    /// The live preview's events, in watch mode only.
    let previewEvents: PreviewEvents?
    /// The studio's routes, when `studio` runs: requests under their prefix go there.
    let side: (any SideRoutes)?
    /// The counts of how the guide is used, when it counts (`--state`): page views are
    /// added as they are answered, and the events endpoint takes the pages' beacons.
    public let usage: UsageTally?
    /// The quick way to log each request, when the logger writes lines to standard error.
    private let accessLog: AccessLog?

    public init(site: Site, logger: Logger, previewEvents: PreviewEvents? = nil, side: (any SideRoutes)? = nil,
                usage: UsageTally? = nil) {
        current = Mutex(ServedSite(site))
        self.logger = logger
        accessLog = AccessLog(logger)
        self.previewEvents = previewEvents
        self.side = side
        self.usage = usage
    }

    /// The side routes when `request` is theirs.
    func sideRoutes(for request: HTTPRequestHead) -> (any SideRoutes)? {
        guard let side, side.owns(path: URI(request.uri).path) else { return nil }
        return side
    }

    /// The preview's event stream when `request` asks for it and the server is watching.
    func previewStream(_ request: HTTPRequestHead) -> PreviewEvents? {
        guard let previewEvents, request.method == .GET, URI(request.uri).path == PreviewEvents.path else { return nil }
        logger.info("\(Self.logged(request.method.rawValue, request.uri)) 200 (preview events)")
        return previewEvents
    }

    /// Serves `site` from the next request on; requests under way finish with the old one.
    public func replace(with site: Site) {
        let served = ServedSite(site)
        current.withLock { $0 = served }
    }

    /// The site served now.
    public var site: Site { current.withLock { $0.site } }

    /// The whole answer to a request, logged; the request's body, if any, plays no part.
    func answer(_ request: HTTPRequestHead) -> SiteAnswer {
        if let refused = refusal(request) { return refused }
        let answer = answerUnlogged(request)
        log(request, answer.status)
        return answer
    }

    /// The request's log line: its method, address and the status answered.
    func log(_ request: HTTPRequestHead, _ status: HTTPResponse.Status) {
        if let accessLog {
            accessLog.write(method: request.method.rawValue, uri: request.uri, status: status.code)
        } else {
            logger.info("\(Self.logged(request.method.rawValue, request.uri)) \(status.code)")
        }
    }

    /// The request as its log line quotes it: a method or address holding control characters
    /// (a line break, ESC) is written out, so that a client can neither forge a log line nor
    /// act on the terminal that shows the log.
    static func logged(_ method: String, _ uri: String) -> String {
        ControlCharacters.escaped("\(method) \(uri)")
    }

    /// The answer to a request that ends its connection, logged, as soon as its head is read:
    /// a method the guide does not serve (after CONNECT, NIO reads nothing more as HTTP), or
    /// a body whose end cannot be found. nil for every other request.
    func refusal(_ request: HTTPRequestHead) -> SiteAnswer? {
        let answer: SiteAnswer
        if let status = RequestFraming.refusal(request) {
            var headers = SecurityHeaders.all
            headers[.contentType] = "text/plain; charset=utf-8"
            let reason = status == .notImplemented ? "Transfer coding not implemented\n" : "Bad request: unreadable Transfer-Encoding\n"
            answer = SiteAnswer(status, headers: headers, body: Array(reason.utf8))
        } else if request.method != .GET && request.method != .HEAD {
            var headers = SecurityHeaders.all
            headers[.allow] = "GET, HEAD"
            headers[.contentType] = "text/plain; charset=utf-8"
            answer = SiteAnswer(.methodNotAllowed, headers: headers, body: Array("Method not allowed\n".utf8))
        } else {
            return nil
        }
        log(request, answer.status)
        return answer
    }

    private func answerUnlogged(_ request: HTTPRequestHead) -> SiteAnswer {
        let site = current.withLock { $0 }
        let uri = URI(request.uri)
        let path = Substring(uri.path)
        var setCookie: String?
        // Only the language switch's links and the search form carry a query; most requests
        // skip parsing one.
        let searched = uri.query.flatMap(Self.searchQuery)
        if uri.query != nil, let chosen = uri.queryParameters["lang"].map(String.init),
           let language = site.languages.first(where: { $0.code == chosen }) {
            // The language switch's links carry ?lang= so the choice outlives the visit.
            setCookie = "\(LanguageNegotiation.cookieName)=\(language.code); Path=/; Max-Age=31536000; SameSite=Lax"
        } else if path == "/", let language = redirectLanguage(request.headers, site) {
            var headers = SecurityHeaders.all
            headers[.location] = site.homePath(language)
            headers[.vary] = "Accept-Language, Cookie"
            headers[.cacheControl] = "no-cache"
            return SiteAnswer(.found, headers: headers)
        }
        let status: HTTPResponse.Status
        let page: ServedPage
        let found: ServedPage?
        do throws(SiteError) {
            if let searched, let answer = try site.searchPage(at: path, query: searched) {
                found = answer
            } else {
                // A tile is looked for only where a page is not (an info.json is one).
                found = try site.page(at: path) ?? (path.hasPrefix(TileService.prefix) ? site.tile(at: path) : nil)
            }
            if found == nil || uri.query != nil,
               let stop = try StopRedirects.answer(site, path: path, query: uri.query, head: request.method == .HEAD) {
                return stop
            }
        } catch {
            // Templates are checked when they are read, so this is a defect, not a catalog's fault.
            logger.error("\(path): the page could not be made: \(error)")
            var headers = SecurityHeaders.all
            headers[.contentType] = "text/plain; charset=utf-8"
            return SiteAnswer(.internalServerError, headers: headers, body: Array("The page could not be made.\n".utf8))
        }
        if let found {
            (status, page) = (.ok, found)
        } else {
            (status, page) = (.notFound, site.notFoundPage(for: path))
        }
        if let usage, status == .ok, let counters = page.counters, request.method == .GET {
            countView(counters, usage: usage, request: request, query: uri.query, site: site)
        }
        let acceptsGzip = request.headers.first(name: "accept-encoding").map(AcceptEncoding.takesGzip) ?? false
        let representation = acceptsGzip ? (page.gzip ?? page.identity) : page.identity
        if status == .ok, let tags = request.headers.first(name: "if-none-match"), Self.matches(tags, page.etags) {
            var headers = representation.headers
            headers[.contentLength] = nil
            if let setCookie { headers[.setCookie] = setCookie }
            return SiteAnswer(.notModified, headers: headers)
        }
        let body: ByteBuffer?
        if request.method == .HEAD {
            body = nil
        } else if acceptsGzip, page.gzip != nil {
            body = page.held
        } else if let plain = site.identityBody(of: page) {
            body = plain
        } else {
            logger.error("\(path): the page's plain bytes could not be worked out from its gzip form")
            var headers = SecurityHeaders.all
            headers[.contentType] = "text/plain; charset=utf-8"
            return SiteAnswer(.internalServerError, headers: headers, body: Array("The page could not be made.\n".utf8))
        }
        // Ranges of the plain bytes only: a gzip body is sent whole, as nginx's gzip_static
        // does, since a range of it means nothing to a client that cannot unzip it in parts.
        if status == .ok, !(acceptsGzip && page.gzip != nil), let range = request.headers.first(name: "range"),
           let partial = Self.partial(body, length: page.identityLength, range: range,
                                      ifRange: request.headers.first(name: "if-range"), representation) {
            return partial
        }
        if let setCookie {
            var headers = representation.headers
            headers[.setCookie] = setCookie
            return SiteAnswer(status, headers: headers, body: body)
        }
        return SiteAnswer(status, head: representation.head, body: body)
    }

    /// The answer to a `Range` request for a body of `length` bytes (nil for a HEAD, which
    /// gets the same headers): 206 with the part asked for (a slice of the held bytes, not a
    /// copy), or 416 for a part the body does not have; nil to send it whole (several ranges,
    /// a header not understood, or an `If-Range` naming other bytes).
    static func partial(_ body: ByteBuffer?, length: Int, range: String, ifRange: String?,
                        _ representation: ServedPage.Representation) -> SiteAnswer? {
        if let ifRange, ifRange.trimmingCharacters(in: .whitespaces) != representation.headers[.eTag] { return nil }
        switch ByteRange.of(range, length: length) {
        case let .satisfiable(lower, upper):
            var headers = representation.headers
            headers[.contentRange] = "bytes \(lower)-\(upper)/\(length)"
            headers[.contentLength] = String(upper - lower + 1)
            return SiteAnswer(.partialContent, headers: headers,
                              body: body.flatMap { $0.getSlice(at: $0.readerIndex + lower, length: upper - lower + 1) })
        case .unsatisfiable:
            var headers = SecurityHeaders.all
            headers[.contentRange] = "bytes */\(length)"
            return SiteAnswer(.rangeNotSatisfiable, headers: headers)
        case .whole:
            return nil
        }
    }

    /// The `q` of a query string as a form sends it (`q=ga+ya%EA%B8%88`); nil without one.
    static func searchQuery(_ query: String) -> String? {
        for item in query.split(separator: "&") where item.hasPrefix("q=") {
            return String(item.dropFirst(2)).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }

    /// Where `/` sends a visitor whose cookie or browser asks for another language than
    /// the primary one; nil keeps them on `/`.
    private func redirectLanguage(_ headers: HTTPHeaders, _ site: ServedSite) -> Language? {
        let chosen = LanguageNegotiation.cookieLanguage(headers.first(name: "cookie"), among: site.languages)
            ?? LanguageNegotiation.preferred(headers.first(name: "accept-language"), among: site.languages)
        guard let chosen, chosen != site.primaryLanguage else { return nil }
        return chosen
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
