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
    /// Where the server itself answers (`http://127.0.0.1:8080`) when no public address
    /// is given: IIIF ids must be absolute, and this one is right for whoever reaches it.
    public var localOrigin: String?
    /// How large a search shard may grow before it is cut by its next letter. Tests set it
    /// small, to cut the default catalog's few words into many shards.
    public var searchShardBytes = 24_000
    /// Set by `serve`: the server answers the list's search form without JavaScript.
    public var servesSearch = false
    /// Set by `serve --watch`: pages reload themselves when the catalog changes.
    public var preview: Preview?
    /// Whether a large site makes its search and browse indexes in the background as soon
    /// as it is rendered. The studio's export makes a site only to write part of it, and
    /// takes the browse indexes of the site before when they are the same (`SiteChanges`).
    public var makesIndexesAtOnce = true
    /// Where the museum's front page is, when the site is one of its exhibitions
    /// (`--catalogs`): the exhibition's first screen links back to it.
    public var museumFront: String?
    /// Paths on the site's own address that the server answers beside the guide (the
    /// studio's `/studio/`), each ending in "/". The guide's service worker covers the
    /// whole address: it leaves these to the browser and keeps none of their answers, so
    /// that a member of staff's pages never land in the visitor's offline copy.
    public var serverPaths: [String] = []

    /// A live preview: each page carries the generation of the site it belongs to and
    /// listens for the server's events; it registers no service worker, which would keep old pages.
    /// Without an events path (the studio's preview of a draft), a page listens to nothing.
    public struct Preview: Sendable, Equatable {
        public var generation: Int
        public var eventsPath: String

        public init(generation: Int, eventsPath: String) {
            self.generation = generation
            self.eventsPath = eventsPath
        }
    }

    /// Whether the pages count how they are used, and where they send it (docs/counts.md).
    public var counting: Counting?

    public enum Counting: Sendable, Equatable {
        /// The server answering the pages counts their views itself and takes their events
        /// at its own `/count` (`serve --count`, `studio`).
        case served
        /// A static export: the pages send their views and events to a running guide at
        /// `url` (`export --events-url`), whose origin the pages' policy then allows.
        case remote(url: String, origin: String)

        /// The other origin the pages send to, which their policy must allow.
        public var remoteOrigin: String? {
            if case let .remote(_, origin) = self { origin } else { nil }
        }

        /// The address the pages' beacons go to, as written in them.
        func endpoint(_ routes: Routes) -> String {
            switch self {
            case .served: routes.link("/count")
            case let .remote(url, _): url
            }
        }
    }

    /// The origin of IIIF ids; without one the site has no IIIF manifests.
    public var iiifOrigin: String? { origin ?? localOrigin }

    public init(basePath: String = "/", exhibitsPerPage: Int = 100, origin: String? = nil, localOrigin: String? = nil) {
        self.exhibitsPerPage = max(1, exhibitsPerPage)
        self.origin = origin
        self.localOrigin = localOrigin
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
