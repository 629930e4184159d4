import ExpoCatalog

/// The site's addresses. Pages live in folders (`/items/jikji/`) so that a static host
/// serves them as `index.html` without a redirect; the primary language sits at the root
/// and every other under its code (`/en/items/`).
struct Routes: Sendable {
    let primary: Language
    let basePath: String
    /// Where the site is public (`https://guide.example.org`), when known: links that leave
    /// the site (sharing previews, structured data) must be absolute.
    var origin: String? = nil
    /// Whether the site has IIIF manifests (it does when an absolute address is known).
    var hasIIIF = false

    /// A page's path within the site, as the server and the export know it.
    func home(_ language: Language) -> String {
        language == primary ? "/" : "/\(language.code)/"
    }

    func exhibitList(_ language: Language) -> String { home(language) + "items/" }

    /// Page 1 of the list is `items/`; the others `items/page/2/`, ….
    func exhibitList(_ language: Language, page: Int) -> String {
        page <= 1 ? exhibitList(language) : exhibitList(language) + "page/\(page)/"
    }

    func exhibit(_ id: String, _ language: Language) -> String { exhibitList(language) + id + "/" }

    /// The floor plans, each floor a section (`map/#floor-1`).
    func map(_ language: Language) -> String { home(language) + "map/" }

    func manifest(_ language: Language) -> String { home(language) + "manifest.webmanifest" }

    /// The 404 page as a file, for static hosts (`404.html`, `en/404.html`).
    func notFound(_ language: Language) -> String { home(language) + "404.html" }

    static let serviceWorker = "/sw.js"

    /// IIIF Presentation 3.0: one manifest per exhibit, in every language at once.
    func iiifManifest(_ id: String) -> String { "/iiif/\(id)/manifest.json" }

    /// Not a file: IIIF names each canvas with an address of its own.
    func iiifCanvas(_ id: String, _ index: Int) -> String { "/iiif/\(id)/canvas/\(index)" }

    /// The canvas of an exhibit's recording in `language`.
    func iiifAudioCanvas(_ id: String, _ language: Language) -> String { iiifTimedCanvas(id, "audio", language) }

    /// A recording's or a video's canvas: `kind` is `audio`, `description`, `video` or `sign`.
    func iiifTimedCanvas(_ id: String, _ kind: String, _ language: Language) -> String { "/iiif/\(id)/canvas/\(kind)-\(language.code)" }

    static let iiifCollection = "/iiif/collection.json"

    /// A path as a link in a page: under the base path.
    func link(_ path: String) -> String { basePath + path.dropFirst() }

    /// A link made absolute with the origin, or left as it is when the origin is unknown.
    func absolute(link: String) -> String { (origin ?? "") + link }

    /// The language a path belongs to, for choosing the 404 page.
    func language(of path: String, among languages: [Language]) -> Language {
        languages.first { $0 != primary && (path == "/\($0.code)" || path.hasPrefix("/\($0.code)/")) } ?? primary
    }
}
