import Foundation

/// How a site is rendered: where it will be hosted.
public struct SiteOptions: Sendable, Equatable {
    /// The path the site lives under, starting and ending with "/" (`/`, `/expo1900/`).
    public var basePath: String
    /// Rows per list page: a longer list continues on `/items/page/2/` and so on, so that
    /// no page grows without bound.
    public var exhibitsPerPage: Int
    /// The scheme, host and port the site is public at (`https://guide.example.org`), so
    /// that sharing previews and structured data can carry absolute links.
    public var origin: String?

    public init(basePath: String = "/", exhibitsPerPage: Int = 100, origin: String? = nil) {
        self.exhibitsPerPage = max(1, exhibitsPerPage)
        self.origin = origin
        var path = basePath.hasPrefix("/") ? basePath : "/" + basePath
        if !path.hasSuffix("/") { path += "/" }
        self.basePath = path
    }
}

extension SiteOptions {
    /// A public address as `--base-url` takes it: `https://host[:port][/path/]`, nothing
    /// more. Returns the origin and the path (always ending in "/"), or nil.
    public static func parseBaseURL(_ text: String) -> (origin: String, path: String)? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if !path.hasSuffix("/") { path += "/" }
        return ("\(scheme)://\(host.lowercased())\(port)", path)
    }
}
