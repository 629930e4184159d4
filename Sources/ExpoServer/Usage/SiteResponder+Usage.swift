import ExpoSite
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

extension SiteResponder {
    /// Counts one view of a counted page, unless the browser asks not to be counted or the
    /// request is no visit (a service worker filling its cache, a prefetch). Of the request
    /// only this is read, and nothing of it is kept: which of the guide's own screens linked
    /// here, never the address, the browser or the referrer itself.
    func countView(_ counted: CountedPage, usage: UsageTally, request: HTTPRequestHead, query: String?, site: ServedSite) {
        let headers = request.headers
        if Self.asksNotToBeCounted(headers) { return }
        if let mode = headers.first(name: "sec-fetch-mode"), mode != "navigate" { return }
        if let purpose = headers.first(name: "sec-purpose") ?? headers.first(name: "purpose"), purpose.contains("prefetch") { return }
        let language = counted.language
        if let stop = counted.tourStop {
            usage.add(UsageTally.Key(subject: counted.subject, language: language, metric: .viewTour))
            usage.add(UsageTally.Key(subject: stop, language: language, metric: .viewTour))
            return
        }
        let from = query.flatMap { Self.field("from", in: Substring($0)) }
        let referrer = headers.first(name: "referer").flatMap { Self.ownPath(of: $0, host: headers.first(name: "host")) }
        let entry = site.site.entry(referrerPath: referrer?.path, referrerQuery: referrer?.query, from: from)
        usage.add(UsageTally.Key(subject: counted.subject, language: language, metric: .view(entry)))
    }

    /// `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1`: such a browser is not counted at all.
    static func asksNotToBeCounted(_ headers: HTTPHeaders) -> Bool {
        headers.first(name: "sec-gpc")?.trimmingCharacters(in: .whitespaces) == "1"
            || headers.first(name: "dnt")?.trimmingCharacters(in: .whitespaces) == "1"
    }

    /// The path and query of a `Referer` on this guide's own host, else nil: another site
    /// that links here is only ever `other`.
    static func ownPath(of referrer: String, host: String?) -> (path: Substring, query: Substring?)? {
        guard let host, let scheme = referrer.range(of: "://") else { return nil }
        let rest = referrer[scheme.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard rest[..<slash].lowercased() == host.lowercased() else { return nil }
        let target = rest[slash...]
        guard let question = target.firstIndex(of: "?") else { return (target.isEmpty ? "/" : target, nil) }
        return (target[..<question], target[target.index(after: question)...])
    }

    /// The value of `name=` in a query string, not decoded (the values read are plain words).
    static func field(_ name: String, in query: Substring) -> Substring? {
        for item in query.split(separator: "&") where item.hasPrefix(name + "=") {
            return item.dropFirst(name.count + 1)
        }
        return nil
    }

    /// The answer to a page's beacon: 204 whether it was counted or not (a browser does
    /// nothing with it), 413 for a body too long, 400 for one that is no event, 429 past an
    /// address's allowance. Logged like any request, without the body.
    func usageAnswer(_ request: HTTPRequestHead, body: ByteBuffer, address: SocketAddress?) -> SiteAnswer {
        var headers = SecurityHeaders.all
        // A static export on another host sends here: its beacon needs no answer it can read.
        headers[HTTPField.Name("Access-Control-Allow-Origin")!] = "*"
        headers[.cacheControl] = "no-store"
        let status: HTTPResponse.Status
        if let usage {
            status = takeEvent(request, body: body, address: address, usage: usage)
        } else {
            status = .notFound
        }

        logger.info("\(Self.logged(request.method.rawValue, request.uri)) \(status.code)")
        // A 204 says it has no body without a Content-Length.
        if status != .noContent { headers[.contentLength] = "0" }
        return SiteAnswer(status, head: HTTPWire.head(headers), body: nil)
    }

    /// Whether `request` is a page's beacon to the events endpoint, which only a guide that counts has.
    func isBeacon(_ request: HTTPRequestHead) -> Bool {
        usage != nil && request.method == .POST && URI(request.uri).path == UsageEvent.path
    }

    private func takeEvent(_ request: HTTPRequestHead, body: ByteBuffer, address: SocketAddress?, usage: UsageTally) -> HTTPResponse.Status {
        if Self.asksNotToBeCounted(request.headers) { return .noContent }
        guard body.readableBytes <= UsageEvent.largest else { return .contentTooLarge }
        if let ip = address.flatMap(Self.addressBytes), !usage.limit.allows(ip) { return .tooManyRequests }
        let events: [UsageEvent]
        do {
            events = try UsageEvent.parse(body.readableBytesView, site: site)
        } catch {
            return .badRequest
        }
        for event in events {
            switch event {
            case let .count(key): usage.add(key)
            case let .missed(text, language): usage.missed(text, language: language)
            }
        }
        return .noContent
    }

    /// The address's bytes without its port, which changes with every connection.
    static func addressBytes(_ address: SocketAddress) -> [UInt8]? {
        switch address {
        case let .v4(v4): withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case let .v6(v6): withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        default: nil
        }
    }
}
