import ExpoCatalog
import Foundation
import Synchronization

/// Each language's search index, cut into shards (`SearchShards`), made the first time a
/// file of it is asked for and then kept for the site's life. At 100,000 exhibits an index
/// is a second to make: making it with the site held back the first answer and every
/// reload, though no page needs it before a visitor types. Its files' addresses are known
/// before it is made: the manifest's, which the list pages link to, and the folder of the
/// others, in the language's own folder, outside `/assets/`, as they are not named by their
/// bytes (`SearchShards`).
final class SearchIndexes: Sendable {
    /// A language's index: its table of words (what the server searches) and its files.
    struct Index: Sendable {
        var table: SearchTable
        var files: [String: Page]
    }

    private let catalog: Catalog
    private let routes: Routes
    private let shardLimit: Int
    private let made: [Language: Slot]
    /// Each language's folder of shards (`/search/`, `/en/search/`).
    let folders: [Language: String]
    /// Each language's manifest, the file a search starts from (`/search.json`, `/en/search.json`).
    let paths: [Language: String]
    private let languagesByFolder: [String: Language]
    private let languagesByManifest: [String: Language]

    init(_ catalog: Catalog, routes: Routes, shardLimit: Int) {
        self.catalog = catalog
        self.routes = routes
        self.shardLimit = shardLimit
        var folders: [Language: String] = [:]
        var paths: [Language: String] = [:]
        var made: [Language: Slot] = [:]
        for language in catalog.languages {
            folders[language] = routes.home(language) + "search/"
            paths[language] = routes.home(language) + "search.json"
            made[language] = Slot()
        }
        self.folders = folders
        self.paths = paths
        self.made = made
        languagesByFolder = Dictionary(folders.map { ($1, $0) }) { first, _ in first }
        languagesByManifest = Dictionary(paths.map { ($1, $0) }) { first, _ in first }
    }

    /// The language and file name of a path of an index, whether or not the file exists.
    func file(at path: String) -> (language: Language, name: String)? {
        if let language = languagesByManifest[path] { return (language, SearchShards.manifestName) }
        guard path.hasSuffix(".json"), let slash = path.lastIndex(of: "/"),
              let language = languagesByFolder[String(path[...slash])] else { return nil }
        let name = String(path[path.index(after: slash)...])
        return name == SearchShards.manifestName ? nil : (language, name)
    }

    /// The path of the file `name` of the index in `language`.
    func path(_ language: Language, file name: String) -> String? {
        name == SearchShards.manifestName ? paths[language] : folders[language].map { $0 + name }
    }

    /// The index in `language`, made now if no one asked for it before; a second request
    /// while it is being made waits for it rather than making it again.
    func index(_ language: Language) -> Index? {
        made[language]?.index.withLock { index in
            if let index { return index }
            let edition = catalog.edition(language)
            let others = catalog.editions.filter { $0.language != language }
            let table = SearchTable(edition: edition, others: others)
            var shards = SearchShards(table: table, edition: edition, others: others,
                                      listLink: routes.link(routes.exhibitList(language)),
                                      filesLink: routes.link(folders[language] ?? routes.home(language)), limit: shardLimit)
            // Kept for the site's life, so each file in one form; at fixed addresses, so asked
            // again at each use. Each plain file is let go once kept: all of them held until the
            // last was compressed were 70 MB at 400,000 exhibits, on top of the compressed ones.
            var plain = shards.takeFiles()
            var files: [String: Page] = [:]
            files.reserveCapacity(plain.count)
            for name in Array(plain.keys) {
                guard let body = plain.removeValue(forKey: name) else { continue }
                files[name] = Page(contentType: "application/json", body: body, caching: .revalidate).kept
            }
            let made = Index(table: table, files: files)
            index = made
            return made
        }
    }

    func page(_ language: Language, file name: String) -> Page? { index(language)?.files[name] }

    /// Makes every language's index away from the caller, so that the first search after a
    /// start or a reload finds it ready.
    func prepareInBackground() {
        let languages = catalog.languages
        Thread.detachNewThread { [self] in
            for language in languages { _ = index(language) }
        }
    }

    private final class Slot: Sendable {
        let index = Mutex<Index?>(nil)
    }
}
