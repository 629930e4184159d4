import ExpoCatalog
import ExpoImages
import ExpoSite
import Foundation
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
    /// What is served now: one site at `/`, or a museum's exhibitions.
    enum Served: Sendable {
        case site(ServedSite)
        case museum(ServedMuseum)
    }

    private let current: Mutex<Served>
    /// One change to a museum at a time, each made from the one before.
    private let changes = Mutex(())
    /// The pages a museum's exhibitions make on request, kept within one budget for all.
    private let sharedCaches: ServedSite.Caches
    let logger: Logger
    /// The live preview's events, in watch mode only.
    let previewEvents: PreviewEvents?
    /// Whether a museum's exhibitions have live-preview events (`serve --catalogs --watch`):
    /// without them, no request's address is read for the events' path.
    private let museumWatches: Bool
    /// The studio's routes, when `studio` runs: requests under their prefix go there.
    let side: (any SideRoutes)?
    /// The counts of how the guide is used, when it counts (`--state`): page views are
    /// added as they are answered, and the events endpoint takes the pages' beacons.
    public let usage: UsageTally?
    /// A museum's counts, one tally an exhibition, kept by name across its reloads; nil when
    /// the museum does not count.
    private let museumUsage: (@Sendable (String) -> UsageTally?)?
    /// The quick way to log each request, when the logger writes lines to standard error.
    private let accessLog: AccessLog?

    public init(site: Site, logger: Logger, previewEvents: PreviewEvents? = nil, side: (any SideRoutes)? = nil,
                usage: UsageTally? = nil) {
        current = Mutex(.site(ServedSite(site)))
        sharedCaches = ServedSite.Caches(budget: 0)
        museumWatches = false
        self.logger = logger
        accessLog = AccessLog(logger)
        self.previewEvents = previewEvents
        self.side = side
        self.usage = usage
        museumUsage = nil
    }

    /// The side routes when `request` is theirs.
    func sideRoutes(for request: HTTPRequestHead) -> (any SideRoutes)? {
        side == nil ? nil : sideRoutes(at: RequestTarget(request.uri).path)
    }

    /// The same, for a request whose path was cut already.
    func sideRoutes(at path: String) -> (any SideRoutes)? {
        guard let side, side.owns(path: path) else { return nil }
        return side
    }

    /// The preview's event stream when `request` asks for it and the server is watching.
    func previewStream(_ request: HTTPRequestHead) -> PreviewEvents? {
        // Asked of every request: most return here, before the address is parsed.
        guard previewEvents != nil || museumWatches, request.method == .GET else { return nil }
        let path = RequestTarget(request.uri).path
        let events: PreviewEvents?
        if let previewEvents {
            events = path == PreviewEvents.path ? previewEvents : nil
        } else if path.hasSuffix(PreviewEvents.path), case let .museum(museum) = current.withLock({ $0 }),
                  let (exhibition, rest) = museum.exhibition(at: Substring(path)), rest == PreviewEvents.path {
            // Each exhibition's pages hear only its own reloads.
            events = exhibition.events
        } else {
            events = nil
        }
        guard let events else { return nil }
        logger.info("\(Self.logged(request.method.rawValue, request.uri)) 200 (preview events)")
        return events
    }

    /// Whether `request` (at `path`) may ask for the preview's events, which `previewStream`
    /// then tells for sure; false at once where the server does not watch.
    func mayStream(_ request: HTTPRequestHead, path: String) -> Bool {
        guard previewEvents != nil || museumWatches, request.method == .GET else { return false }
        return path.hasSuffix(PreviewEvents.path)
    }

    /// One exhibition of a museum, as it is given to the server.
    public struct Exhibition: Sendable {
        public var name: String
        /// Nil while its catalog cannot be loaded: its addresses answer a page that says so.
        public var site: Site?
        /// Its own live-preview events (`--watch`), at `/name` + `PreviewEvents.path`.
        public var events: PreviewEvents?

        public init(name: String, site: Site?, events: PreviewEvents? = nil) {
            self.name = name
            self.site = site
            self.events = events
        }
    }

    /// A museum's exhibitions (`serve --catalogs`), each under `/name/`, and its front page at
    /// `/`. `watching`: the exhibitions have live-preview events, those added later too.
    /// `side`: the studio of them all, under its own prefix (which no exhibition may be named).
    /// `usage`: each exhibition's counts by its name, asked once for each exhibition served;
    /// nil when the museum counts nothing.
    public init(museum: MuseumDescription, exhibitions: [Exhibition], logger: Logger, watching: Bool = false,
                side: (any SideRoutes)? = nil, usage: (@Sendable (String) -> UsageTally?)? = nil) throws(SiteError) {
        museumWatches = watching || exhibitions.contains { $0.events != nil }
        self.logger = logger
        accessLog = AccessLog(logger)
        previewEvents = nil
        self.side = side
        self.usage = nil
        museumUsage = usage
        let caches = ServedSite.Caches()
        sharedCaches = caches
        current = Mutex(.museum(try Self.museum(museum, exhibitions.map { exhibition in
            ServedMuseum.Exhibition(name: exhibition.name, site: Self.served(exhibition.site, caches: caches), events: exhibition.events,
                                    usage: usage?(exhibition.name))
        })))
    }

    /// What is served now, taken with one retain.
    var served: Served { current.withLock { $0 } }

    /// Whether a museum's exhibitions count.
    var countsMuseum: Bool { museumUsage != nil }

    /// Serves `site` from the next request on; requests under way finish with the old one.
    public func replace(with site: Site) {
        let served = ServedSite(site)
        current.withLock { $0 = .site(served) }
    }

    /// Serves `site` as the museum's exhibition `name` from the next request on, adding it if
    /// it is new; nil serves the page saying it cannot be shown. The front page is made again.
    public func replace(exhibition name: String, with site: Site?, events: PreviewEvents? = nil) throws(SiteError) {
        try changeMuseum { exhibitions in
            let replaced = exhibitions.firstIndex { $0.name == name }
            let next = ServedMuseum.Exhibition(name: name, site: Self.served(site, caches: sharedCaches),
                                               events: events ?? replaced.flatMap { exhibitions[$0].events },
                                               usage: replaced.map { exhibitions[$0].usage } ?? museumUsage?(name))
            if let replaced { exhibitions[replaced] = next } else { exhibitions.append(next) }
        }
    }

    /// Stops serving the museum's exhibition `name` (its folder was removed).
    public func remove(exhibition name: String) throws(SiteError) {
        try changeMuseum { $0.removeAll { $0.name == name } }
    }

    /// Makes the front page again with `description` (`museum.json` changed), or as it is
    /// (a new day moves exhibitions from upcoming to current to past).
    public func replace(museum description: MuseumDescription? = nil) throws(SiteError) {
        try changeMuseum(description: description) { _ in }
    }

    private func changeMuseum(description: MuseumDescription? = nil, _ change: (inout [ServedMuseum.Exhibition]) -> Void) throws(SiteError) {
        try changes.withLock { _ throws(SiteError) in
            guard case let .museum(museum) = current.withLock({ $0 }) else { return }
            var exhibitions = museum.names.compactMap { museum.exhibitions[Substring($0)] }
            change(&exhibitions)
            let next = try Self.museum(description ?? museum.description, exhibitions)
            current.withLock { $0 = .museum(next) }
        }
    }

    private static func museum(_ description: MuseumDescription, _ exhibitions: [ServedMuseum.Exhibition]) throws(SiteError) -> ServedMuseum {
        let front = try FrontSite.render(description, exhibitions: exhibitions.map { FrontSite.Exhibition(name: $0.name, site: $0.site?.site) })
        return ServedMuseum(description: description, exhibitions: exhibitions, front: front)
    }

    /// Each site gets its own prefix in the shared caches, so no two ever share a key.
    private static let servedCount = Mutex(0)

    private static func served(_ site: Site?, caches: ServedSite.Caches) -> ServedSite? {
        site.map { site in
            let number = servedCount.withLock { $0 += 1; return $0 }
            return ServedSite(site, shared: (caches, "\(number)\u{1F}"))
        }
    }

    /// The lone site served now; nil for a museum's exhibitions.
    public var site: Site? {
        guard case let .site(served) = current.withLock({ $0 }) else { return nil }
        return served.site
    }

    /// The museum's exhibition `name` as served now; nil when there is none by that name, or it cannot be shown.
    public func site(of name: String) -> Site? {
        guard case let .museum(museum) = current.withLock({ $0 }) else { return nil }
        return museum.exhibitions[Substring(name)]?.site?.site
    }

    /// The whole answer to a request, logged; the request's body, if any, plays no part.
    func answer(_ request: HTTPRequestHead) -> SiteAnswer {
        if let refused = refusal(request) { return refused }
        return plainAnswer(request, target: RequestTarget(request.uri))
    }

    /// The answer to a GET or HEAD read as plain (`PlainRequest`), which has nothing to refuse; logged.
    func plainAnswer(_ request: HTTPRequestHead, target: RequestTarget) -> SiteAnswer {
        let answer = answerUnlogged(request, target: target)
        log(request, answer.status)
        return answer
    }

    /// A made recording or video whose file went from the cache while the guide served it
    /// (the cache folder cleared by hand): its request gets 500, and a restart makes it again.
    func fileMissing(_ path: String) {
        logger.error("\(path): the file cannot be opened (\(String(cString: strerror(errno)).lowercased())); restart the guide to make it again")
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
            let reason = status == .notImplemented ? "Transfer coding not implemented\n" : "Bad request: unreadable Transfer-Encoding\n"
            answer = .plain(status, reason)
        } else if request.method != .GET && request.method != .HEAD {
            answer = .plain(.methodNotAllowed, "Method not allowed\n", extra: [.allow: "GET, HEAD"])
        } else {
            return nil
        }
        log(request, answer.status)
        return answer
    }

    private func answerUnlogged(_ request: HTTPRequestHead, target uri: RequestTarget) -> SiteAnswer {
        switch current.withLock({ $0 }) {
        case let .site(site): return answer(request, uri: uri, path: Substring(uri.path), site: site, prefix: "", usage: usage)
        case let .museum(museum): return answer(request, uri: uri, museum: museum)
        }
    }

    /// The answer from one site, at `path` within it; `prefix` is where the site is (`/korea`
    /// for a museum's exhibition, empty for a lone site).
    private func answer(_ request: HTTPRequestHead, uri: RequestTarget, path: Substring, site: ServedSite, prefix: String,
                        usage: UsageTally?) -> SiteAnswer {
        var setCookie: String?
        // Only the language switch's links and the search form carry a query; most requests
        // skip parsing one.
        let searched = uri.query.flatMap(Self.searchQuery)
        if uri.query != nil, let chosen = uri.queryParameters["lang"].map(String.init),
           let language = site.languages.first(where: { $0.code == chosen }) {
            // The language switch's links carry ?lang= so the choice outlives the visit.
            setCookie = "\(LanguageNegotiation.cookieName)=\(language.code); Path=/; Max-Age=31536000; SameSite=Lax"
        } else if path == "/", let language = redirectLanguage(request.headers, site.languages, primary: site.primaryLanguage) {
            return Self.languageRedirect(to: prefix + site.homePath(language))
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
            return .plain(.internalServerError, "The page could not be made.\n")
        }
        if let found {
            (status, page) = (.ok, found)
        } else {
            (status, page) = (.notFound, site.notFoundPage(for: path))
        }
        if let usage, status == .ok, let counters = page.counters, request.method == .GET {
            countView(counters, usage: usage, request: request, query: uri.query, site: site)
        }
        return deliver(request, page, status: status, setCookie: setCookie, from: site, path: path)
    }

    /// A museum's answer: from the exhibition the path is under, or from its front page.
    private func answer(_ request: HTTPRequestHead, uri: RequestTarget, museum: ServedMuseum) -> SiteAnswer {
        let path = Substring(uri.path)
        // The front is taken only where it is needed: a copy of it is several retains, and
        // most requests are an exhibition's.
        if let (exhibition, rest) = museum.exhibition(at: path) {
            guard !rest.isEmpty else {
                // `/korea` is the folder `/korea/`, whose pages link relative to it.
                var headers = SecurityHeaders.all
                headers[.location] = exhibition.prefix + "/" + (uri.query.map { "?" + $0 } ?? "")
                return SiteAnswer(.movedPermanently, headers: headers)
            }
            guard let site = exhibition.site else {
                let front = museum.front
                let language = redirectLanguage(request.headers, front.languages, primary: front.primary) ?? front.primary
                return deliver(request, museum.unavailablePage(language), status: .serviceUnavailable, setCookie: nil, from: museum, path: path)
            }
            return answer(request, uri: uri, path: rest, site: site, prefix: exhibition.prefix, usage: exhibition.usage)
        }
        let front = museum.front
        var setCookie: String?
        if uri.query != nil, let chosen = uri.queryParameters["lang"].map(String.init),
           let language = front.languages.first(where: { $0.code == chosen }) {
            setCookie = "\(LanguageNegotiation.cookieName)=\(language.code); Path=/; Max-Age=31536000; SameSite=Lax"
        } else if path == "/", let language = redirectLanguage(request.headers, front.languages, primary: front.primary) {
            return Self.languageRedirect(to: front.homePath(language))
        }
        if let page = museum.page(at: path) {
            return deliver(request, page, status: .ok, setCookie: setCookie, from: museum, path: path)
        }
        return deliver(request, museum.notFoundPage(for: path), status: .notFound, setCookie: setCookie, from: museum, path: path)
    }

    private static func languageRedirect(to location: String) -> SiteAnswer {
        var headers = SecurityHeaders.all
        headers[.location] = location
        headers[.vary] = "Accept-Language, Cookie"
        headers[.cacheControl] = "no-cache"
        return SiteAnswer(.found, headers: headers)
    }

    /// `page` sent as the request asks: 304 for a tag it has, gzip or plain, whole or a range.
    private func deliver(_ request: HTTPRequestHead, _ page: ServedPage, status: HTTPResponse.Status, setCookie: String?,
                         from source: some PlainBodies, path: Substring) -> SiteAnswer {
        let acceptsGzip = request.headers.first(name: "accept-encoding").map(AcceptEncoding.takesGzip) ?? false
        let representation = acceptsGzip ? (page.gzip ?? page.identity) : page.identity
        if status == .ok, let tags = request.headers.first(name: "if-none-match"), Self.matches(tags, page.etags) {
            var headers = representation.headers
            headers[.contentLength] = nil
            if let setCookie { headers[.setCookie] = setCookie }
            return SiteAnswer(.notModified, headers: headers)
        }
        if let file = page.file { return deliver(request, file, page: page, status: status, setCookie: setCookie) }
        let body: ByteBuffer?
        if request.method == .HEAD {
            body = nil
        } else if acceptsGzip, page.gzip != nil {
            body = page.held
        } else if let plain = source.identityBody(of: page) {
            body = plain
        } else {
            logger.error("\(path): the page's plain bytes could not be worked out from its gzip form")
            return .plain(.internalServerError, "The page could not be made.\n")
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

    /// A made recording or video, whole or the range asked for, its body left in its file.
    private func deliver(_ request: HTTPRequestHead, _ file: MediaFile, page: ServedPage, status: HTTPResponse.Status,
                         setCookie: String?) -> SiteAnswer {
        var headers = page.identity.headers
        if let setCookie { headers[.setCookie] = setCookie }
        var part = (offset: 0, count: file.size)
        var answered = status
        if status == .ok, let range = request.headers.first(name: "range"),
           request.headers.first(name: "if-range").map({ $0.trimmingCharacters(in: .whitespaces) == page.etag }) ?? true {
            switch ByteRange.of(range, length: file.size) {
            case let .satisfiable(lower, upper):
                part = (lower, upper - lower + 1)
                answered = .partialContent
                headers[.contentRange] = "bytes \(lower)-\(upper)/\(file.size)"
                headers[.contentLength] = String(part.count)
            case .unsatisfiable:
                var refused = SecurityHeaders.all
                refused[.contentRange] = "bytes */\(file.size)"
                return SiteAnswer(.rangeNotSatisfiable, headers: refused)
            case .whole:
                break
            }
        }
        let head = setCookie == nil && answered == status ? page.identity.head : HTTPWire.head(headers)
        // A HEAD gets the headers a GET would, Content-Length included, and no body.
        guard request.method != .HEAD else { return SiteAnswer(answered, head: head, body: nil) }
        return SiteAnswer(answered, head: head, file: .init(path: file.url.path, offset: part.offset, count: part.count, open: page.openFile))
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
    private func redirectLanguage(_ headers: HTTPHeaders, _ languages: [Language], primary: Language) -> Language? {
        let chosen = LanguageNegotiation.cookieLanguage(headers.first(name: "cookie"), among: languages)
            ?? LanguageNegotiation.preferred(headers.first(name: "accept-language"), among: languages)
        guard let chosen, chosen != primary else { return nil }
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

/// Where a page held compressed gets its plain bytes, for a client that takes no gzip.
protocol PlainBodies {
    func identityBody(of page: ServedPage) -> ByteBuffer?
}

extension ServedSite: PlainBodies {}

extension ServedMuseum: PlainBodies {}
