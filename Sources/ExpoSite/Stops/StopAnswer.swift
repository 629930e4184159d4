import ExpoCatalog
import Foundation

/// What a server answers to a stop's address: `/stop/12`, `/stop/12/`, or the go-to-stop
/// form's `/stop/?n=12`, in any language's folder.
public enum StopAnswer: Sendable {
    /// The exhibit's page, as a link (under the base path): the server redirects there.
    case exhibit(location: String)
    /// A number the guide has no stop for, or no number: the not-found page saying so.
    case unknown(Page)
}

extension Site {
    /// The answer to `path` with its query, when it asks for a stop; nil for every other
    /// address, and for `stop/` without a number (the page of stops). One lookup, however
    /// large the guide: no page is made per stop.
    public func stopAnswer(at path: String, query: String?) throws(SiteError) -> StopAnswer? {
        let routes = context.routes
        let language = routes.language(of: path, among: languages)
        let stops = routes.stops(language)
        let typed: Substring
        let entry: UsageEntry
        if path == stops || path + "/" == stops {
            guard let query, let given = Self.formValue(query), !given.isEmpty else { return nil }
            typed = given
            entry = .stop
        } else if path.hasPrefix(stops) {
            var rest = path.dropFirst(stops.count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            guard !rest.isEmpty, !rest.contains("/") else { return nil }
            typed = rest
            entry = .label
        } else {
            return nil
        }
        if let number = StopDirectory.number(typed), let position = plan.stops.position(number) {
            let exhibit = context.edition(language).exhibits[position]
            var query = Self.guideQuery(query)
            // A guide that counts says which way the visitor came; the page takes it out of the address.
            if context.assets.counting != nil { query += (query.isEmpty ? "?" : "&") + "from=" + entry.rawValue }
            return .exhibit(location: routes.link(routes.exhibit(exhibit.id, language)) + query)
        }
        let strings = context.assets.strings(language)
        var screen = NotFoundScreen(language: language, catalog: context.catalog, routes: routes, assets: context.assets)
        // What was typed, shortened: the message quotes it back (escaped by the template).
        let shown = typed.count > 12 ? String(typed.prefix(12)) + "…" : String(typed)
        screen.message = strings.stops.noStop(shown)
        screen.linkLabel = strings.stops.backToList
        screen.linkHref = routes.link(routes.exhibitList(language))
        let body = try context.resources.render(screen, with: "not-found")
        return .unknown(Page(contentType: "text/html; charset=utf-8", body: body, caching: .revalidate))
    }

    /// `?guide=sign` when the stop's address carries a version a visitor may choose (a QR
    /// label printed for one version), so that the exhibit's page keeps it; else nothing.
    static func guideQuery(_ query: String?) -> String {
        guard let query else { return "" }
        for item in query.split(separator: "&") where item.hasPrefix("guide=") {
            let code = String(item.dropFirst(6))
            if GuideVersion(rawValue: code) != nil { return "?guide=" + code }
        }
        return ""
    }

    /// `n` of a query string as a form sends it (`n=12`, `n=+12`), decoded; nil without one.
    static func formValue(_ query: String) -> Substring? {
        for item in query.split(separator: "&") where item.hasPrefix("n=") {
            let value = item.dropFirst(2).replacingOccurrences(of: "+", with: " ")
            return (value.removingPercentEncoding ?? value)[...]
        }
        return nil
    }

    /// The addresses of the export's stop pages (`stop/12/` in every language), each of
    /// which a server answers with a redirect instead; see `stopPage(at:)`.
    public var stopPagePaths: [String] {
        let routes = context.routes
        // One page per stop, in the main language, naming the exhibit in every language: a
        // page per stop and language was 200,000 files at 100,000 exhibits in two languages.
        return plan.stops.stops.map { routes.stop($0.stop, routes.primary) }
    }

    /// The export's page at a stop's address: it sends the visitor to the exhibit, as a
    /// static host cannot redirect. Nil for any other address.
    public func stopPage(at path: String) throws(SiteError) -> Page? {
        let routes = context.routes
        let language = routes.primary
        let stops = routes.stops(language)
        guard path.hasPrefix(stops), path.hasSuffix("/") else { return nil }
        let digits = path.dropFirst(stops.count).dropLast()
        // Only the number as the export writes it: `stop/012/` is no file.
        guard let number = StopDirectory.number(digits), String(number) == digits, let position = plan.stops.position(number) else {
            return nil
        }
        let exhibit = context.edition(language).exhibits[position]
        let alternates = languages.map { other in
            StopRedirect.Alternate(hreflang: other.code,
                                   href: routes.link(routes.exhibit(context.edition(other).exhibits[position].id, other)))
        }
        var screen = StopRedirect(stop: number, exhibit: exhibit, language: language, routes: routes,
                                  strings: context.assets.strings(language), alternates: alternates)
        // An export that counts says, as the server's redirect does, that a label led in.
        if context.assets.counting != nil { screen.href += "?from=label" }
        // Kept plain: gzip saves a few hundred bytes of each, and a .gz beside every one of
        // them doubled the files they add to an export (40,000 at 10,000 exhibits in two languages).
        return Page(contentType: "text/html; charset=utf-8", body: try context.resources.render(screen, with: "stop-redirect"),
                    caching: .revalidate, compressing: false)
    }
}
