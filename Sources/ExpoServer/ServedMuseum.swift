import ExpoCatalog
import ExpoSite
import NIOCore

/// A museum's exhibitions as the server answers them (`serve --catalogs`): each under its
/// name, with the front page at `/`. Made again, whole, whenever one exhibition changes; a
/// request takes the current one with a single retain, as it does a lone site.
final class ServedMuseum: Sendable {
    /// One exhibition: its site, or, while its catalog cannot be loaded, nothing but the
    /// page that says so. `events` are its own live-preview events (`--watch`), and `usage`
    /// its own counts.
    final class Exhibition: Sendable {
        let name: String
        /// `/name`: what its addresses start with.
        let prefix: String
        let site: ServedSite?
        let events: PreviewEvents?
        /// Its own counts (`--count`, the studio): its views, and the beacons sent to `/name/count`.
        let usage: UsageTally?

        init(name: String, site: ServedSite?, events: PreviewEvents?, usage: UsageTally?) {
            self.name = name
            prefix = "/" + name
            self.site = site
            self.events = events
            self.usage = usage
        }
    }

    let description: MuseumDescription
    /// Keyed by the name as it stands in a request's path, looked up without a copy.
    let exhibitions: [Substring: Exhibition]
    /// The exhibitions in the order the folder lists them.
    let names: [String]
    let front: FrontSite
    private let pages: [String: ServedPage]
    private let notFound: [Language: ServedPage]
    private let unavailable: [Language: ServedPage]

    init(description: MuseumDescription, exhibitions: [Exhibition], front: FrontSite) {
        self.description = description
        self.exhibitions = Dictionary(exhibitions.map { (Substring($0.name), $0) }) { first, _ in first }
        names = exhibitions.map(\.name)
        self.front = front
        var pages: [String: ServedPage] = [:]
        for (path, page) in front.pages {
            pages[path] = ServedPage(page, varyBy: path == "/" ? ["Accept-Language", "Cookie"] : [])
        }
        self.pages = pages
        var notFound: [Language: ServedPage] = [:]
        var unavailable: [Language: ServedPage] = [:]
        for language in front.languages {
            notFound[language] = ServedPage(front.notFoundPage(language))
            unavailable[language] = ServedPage(front.unavailablePage(language))
        }
        self.notFound = notFound
        self.unavailable = unavailable
    }

    /// The exhibition `path` is under, with the rest of the path (`/items/jikji/` of
    /// `/korea/items/jikji/`, empty for `/korea`); nil for the front page's own addresses.
    func exhibition(at path: Substring) -> (exhibition: Exhibition, rest: Substring)? {
        // Found among the bytes: looking for a Character walks grapheme clusters, which
        // cost a measurable part of a request served in microseconds.
        let name = path.dropFirst()
        let end = name.utf8.firstIndex(of: UInt8(ascii: "/")) ?? name.endIndex
        guard let exhibition = exhibitions[name[..<end]] else { return nil }
        return (exhibition, name[end...])
    }

    /// The front page's file at `path`, with or without a folder's final slash.
    func page(at path: Substring) -> ServedPage? {
        let key = String(path)
        return pages[key] ?? (path.hasSuffix("/") ? nil : pages[key + "/"])
    }

    func notFoundPage(for path: Substring) -> ServedPage {
        notFound[front.language(of: String(path))] ?? ServedPage(front.notFoundPage(front.primary))
    }

    func unavailablePage(_ language: Language) -> ServedPage {
        unavailable[language] ?? ServedPage(front.unavailablePage(front.primary))
    }

    /// The plain body of one of the front's pages held compressed: they are small, and only
    /// clients that take no gzip ask, so it is worked out each time.
    func identityBody(of page: ServedPage) -> ByteBuffer? {
        guard page.gzip != nil else { return page.held }
        return Gzip.decompress(page.held, length: page.identityLength)
    }
}
