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
        /// The branches with a file, in the manifest's order: what a derived index reuses.
        var nodes: [(key: String, kind: Int)]
        /// Whether it was made from the site before's (`derive`) rather than from every exhibit.
        var isDerived = false
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
    /// The indexes of the site before this one and the places of the exhibits that changed
    /// since (`derive`), until every language's index is made.
    private let base = Mutex<(indexes: SearchIndexes, changed: [Int])?>(nil)
    private let languagesLeft: Mutex<Int>

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
        languagesLeft = Mutex(made.count)
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

    /// Makes each index from `before`'s, where `before` made it, rather than from every
    /// exhibit: for a site that differs from `before`'s only in the exhibits at `changed`,
    /// in the same list (`SiteChanges.changedExhibits`). Asked before any index is made.
    /// Only a `before` that made all its indexes is kept: one still waiting for a search
    /// (a preview's) would keep its own site before it, and so on back to the first.
    func derive(from before: SearchIndexes, changed: [Int]) {
        guard before.shardLimit == shardLimit, before.catalog.languages == catalog.languages,
              before.languagesLeft.withLock({ $0 }) == 0 else { return }
        base.withLock { $0 = (before, changed) }
    }

    /// The index in `language`, made now if no one asked for it before; a second request
    /// while it is being made waits for it rather than making it again.
    func index(_ language: Language) -> Index? {
        made[language]?.index.withLock { index in
            if let index { return index }
            let edition = catalog.edition(language)
            let others = catalog.editions.filter { $0.language != language }
            let links = (list: routes.link(routes.exhibitList(language)), files: routes.link(folders[language] ?? routes.home(language)))
            let made = derived(language, edition, others, links: links) ?? whole(edition, others, links: links)
            index = made
            let left = languagesLeft.withLock { $0 -= 1; return $0 }
            // The site before is let go once nothing here needs it.
            if left == 0 { base.withLock { $0 = nil } }
            return made
        }
    }

    private func whole(_ edition: Edition, _ others: [Edition], links: (list: String, files: String)) -> Index {
        let table = SearchTable(edition: edition, others: others)
        var shards = SearchShards(table: table, edition: edition, others: others, listLink: links.list, filesLink: links.files,
                                  limit: shardLimit)
        return Index(table: table, files: Self.kept(shards.takeFiles()), nodes: shards.nodes)
    }

    /// The index made from the earlier site's, or nil when that site has not made it.
    private func derived(_ language: Language, _ edition: Edition, _ others: [Edition],
                         links: (list: String, files: String)) -> Index? {
        guard let (before, changed) = base.withLock({ $0 }),
              let earlier = before.made[language]?.index.withLock({ $0 }) else { return nil }
        let old = (edition: before.catalog.edition(language), others: before.catalog.editions.filter { $0.language != language })
        let derived = SearchTable.derived(from: earlier.table, changed: changed, old: old, edition: edition, others: others)
        var shards = SearchShards(table: derived.table, edition: edition, others: others, listLink: links.list, filesLink: links.files,
                                  limit: shardLimit, reusing: .init(nodes: earlier.nodes, touchedPaths: derived.touchedPaths, changed: changed))
        var files = Self.kept(shards.takeFiles())
        for name in shards.reused {
            guard let page = earlier.files[name] else { return nil }
            files[name] = page
        }
        return Index(table: derived.table, files: files, nodes: shards.nodes, isDerived: true)
    }

    /// Each file as a page, in one form: kept for the site's life, at fixed addresses, so
    /// asked again at each use. Each plain file is let go once kept: all of them held until
    /// the last was compressed were 70 MB at 400,000 exhibits, on top of the compressed ones.
    private static func kept(_ plain: consuming [String: [UInt8]]) -> [String: Page] {
        var files: [String: Page] = [:]
        files.reserveCapacity(plain.count)
        for name in Array(plain.keys) {
            guard let body = plain.removeValue(forKey: name) else { continue }
            files[name] = Page(contentType: "application/json", body: body, caching: .revalidate).kept
        }
        return files
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
