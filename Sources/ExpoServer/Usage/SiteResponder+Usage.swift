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
    func countView(_ counters: ViewCounters, usage: UsageTally, request: HTTPRequestHead, query: String?, site: ServedSite) {
        // One pass over the headers: this runs for every view of every exhibit.
        var referrer: String?, host: String?
        for (name, value) in request.headers {
            switch name.utf8.count {
            case 3 where name.caseInsensitiveEquals("dnt"), 7 where name.caseInsensitiveEquals("sec-gpc"):
                if Self.isOne(value) { return }
            case 14 where name.caseInsensitiveEquals("sec-fetch-mode"):
                if value != "navigate" { return }
            case 7 where name.caseInsensitiveEquals("purpose"), 11 where name.caseInsensitiveEquals("sec-purpose"):
                if value.contains("prefetch") { return }
            case 7 where name.caseInsensitiveEquals("referer"): referrer = value
            case 4 where name.caseInsensitiveEquals("host"): host = value
            default: break
            }
        }
        let entry: UsageEntry
        if counters.page.tourStop != nil {
            entry = .tour
        } else if referrer == nil, query == nil {
            // A typed address, a bookmark, a QR code read without its stop: nothing to look up.
            entry = .other
        } else {
            let from = query.flatMap { Self.field("from", in: Substring($0)) }
            let own = referrer.flatMap { Self.ownPath(of: $0, host: host) }
            entry = site.entry(referrerPath: own?.path, referrerQuery: own?.query, from: from)
        }
        if counters.add(entry) { usage.hand(counters) }
    }

    private static func isOne(_ value: String) -> Bool {
        value == "1" || value.trimmingCharacters(in: .whitespaces) == "1"
    }

    /// `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1`: such a browser is not counted at all.
    static func asksNotToBeCounted(_ headers: HTTPHeaders) -> Bool {
        headers.first(name: "sec-gpc").map(isOne) == true || headers.first(name: "dnt").map(isOne) == true
    }

    /// The path and query of a `Referer` on this guide's own host, else nil: another site
    /// that links here is only ever `other`. Read byte by byte: Foundation's `range(of:)`
    /// was more than half of what counting a view cost.
    static func ownPath(of referrer: String, host: String?) -> (path: Substring, query: Substring?)? {
        guard var host else { return nil }
        var referrer = referrer
        // Header values are native strings: their bytes are read in place, not through views.
        let target: Int? = referrer.withUTF8 { bytes in
            host.withUTF8 { host in
                var index = 0
                // The scheme, then "://".
                while index < bytes.count, bytes[index] != UInt8(ascii: ":") { index += 1 }
                guard index + 3 <= bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
                else { return nil }
                let authority = index + 3
                index = authority
                while index < bytes.count, bytes[index] != UInt8(ascii: "/") { index += 1 }
                guard index - authority == host.count else { return nil }
                for offset in 0..<host.count {
                    let given = bytes[authority + offset], own = host[offset]
                    // Host names match whatever their letters' case.
                    guard given == own || (given | 0x20) == (own | 0x20) && (given | 0x20) >= 0x61 && (given | 0x20) <= 0x7A
                    else { return nil }
                }
                return index
            }
        }
        guard let target else { return nil }
        let rest = Substring(referrer.utf8.dropFirst(target))
        guard !rest.isEmpty else { return ("/", nil) }
        guard let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (rest, nil) }
        return (rest[..<question], rest[rest.utf8.index(after: question)...])
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
        if let (usage, site) = beaconTarget(Substring(RequestTarget(request.uri).path)) {
            status = takeEvent(request, body: body, address: address, usage: usage, site: site)
        } else {
            status = .notFound
        }

        log(request, status)
        // A 204 says it has no body without a Content-Length.
        if status != .noContent { headers[.contentLength] = "0" }
        return SiteAnswer(status, head: HTTPWire.head(headers), body: nil)
    }

    /// Whether `request` is a page's beacon to the events endpoint, which only a guide that
    /// counts has: `/count` of the lone site, `/name/count` of a museum's exhibition.
    func isBeacon(_ request: HTTPRequestHead) -> Bool {
        guard request.method == .POST, usage != nil || countsMuseum else { return false }
        return beaconTarget(Substring(RequestTarget(request.uri).path)) != nil
    }

    /// The counts a beacon at `path` goes to, and the site its events are checked against.
    private func beaconTarget(_ path: Substring) -> (UsageTally, Site)? {
        switch served {
        case let .site(served):
            guard let usage, path == UsageEvent.path else { return nil }
            return (usage, served.site)
        case let .museum(museum):
            guard path.hasSuffix(UsageEvent.path), let (exhibition, rest) = museum.exhibition(at: path), rest == UsageEvent.path,
                  let usage = exhibition.usage, let site = exhibition.site else { return nil }
            return (usage, site.site)
        }
    }

    private func takeEvent(_ request: HTTPRequestHead, body: ByteBuffer, address: SocketAddress?, usage: UsageTally,
                           site: Site) -> HTTPResponse.Status {
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

extension String {
    /// Whether this ASCII header name is `lowercase` (given in lower case), whatever its case.
    func caseInsensitiveEquals(_ lowercase: StaticString) -> Bool {
        let other = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        guard utf8.count == other.count else { return false }
        // In place: a header's name is a native string (small ones inline), read as bytes.
        return utf8.withContiguousStorageIfAvailable { bytes in
            for index in 0..<bytes.count where (bytes[index] | 0x20) != other[index] && bytes[index] != other[index] { return false }
            return true
        } ?? zip(utf8, other).allSatisfy { ($0 | 0x20) == $1 || $0 == $1 }
    }
}
