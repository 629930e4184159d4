import ExpoSite
import HTTPTypes

/// A stop's address answered: `/stop/12` and the go-to-stop form's `/stop/?n=12` redirect
/// to the exhibit, looked up when asked rather than kept as a page per stop; a number the
/// guide has no stop for gets the not-found page saying so.
enum StopRedirects {
    /// The answer, or nil when `path` asks for no stop. Only asked for an address that is
    /// no page or that carries a query, so that serving pages costs nothing more.
    static func answer(_ site: ServedSite, path: Substring, query: String?, head: Bool) throws(SiteError) -> SiteAnswer? {
        guard let answer = try site.stopAnswer(at: path, query: query) else { return nil }
        var headers = SecurityHeaders.all
        // A reload of the catalog may number its exhibits again.
        headers[.cacheControl] = "no-cache"
        switch answer {
        case let .exhibit(location):
            headers[.location] = location
            return SiteAnswer(.found, headers: headers)
        case let .unknown(page):
            headers[.contentType] = page.contentType
            let body = page.body
            guard head else { return SiteAnswer(.notFound, headers: headers, body: body) }
            headers[.contentLength] = String(body.count)
            return SiteAnswer(.notFound, headers: headers, body: nil)
        }
    }
}
