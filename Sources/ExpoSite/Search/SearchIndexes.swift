import ExpoCatalog
import Foundation
import Synchronization

/// Each language's search index, cut into shards (`SearchShards`), made the first time a
/// file of it is asked for and then kept for the site's life. At 100,000 exhibits an index
/// is a second to make: making it with the site held back the first answer and every
/// reload, though no page needs it before a visitor types. Its folder is known before it is
/// made: it is named after what it is made from (`key`), not after its bytes.
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
    /// Each language's folder (`/assets/search/ko.1a2b3c4d5e/`).
    let folders: [Language: String]
    private let languagesByFolder: [String: Language]

    /// Each language's manifest, the file a search starts from.
    var paths: [Language: String] { folders.mapValues { $0 + "manifest.json" } }

    init(_ catalog: Catalog, routes: Routes, shardLimit: Int) {
        self.catalog = catalog
        self.routes = routes
        self.shardLimit = shardLimit
        let key = Self.key(catalog, routes: routes, shardLimit: shardLimit)
        var folders: [Language: String] = [:]
        var made: [Language: Slot] = [:]
        for language in catalog.languages {
            folders[language] = "/assets/search/\(language.code).\(key)/"
            made[language] = Slot()
        }
        self.folders = folders
        self.made = made
        languagesByFolder = Dictionary(folders.map { ($1, $0) }) { first, _ in first }
    }

    /// The language and file name of a path in an index's folder, whether or not the file exists.
    func file(at path: String) -> (language: Language, name: String)? {
        guard path.hasPrefix("/assets/search/"), let slash = path.lastIndex(of: "/"),
              let language = languagesByFolder[String(path[...slash])] else { return nil }
        return (language, String(path[path.index(after: slash)...]))
    }

    /// The index in `language`, made now if no one asked for it before; a second request
    /// while it is being made waits for it rather than making it again.
    func index(_ language: Language) -> Index? {
        made[language]?.index.withLock { index in
            if let index { return index }
            let edition = catalog.edition(language)
            let others = catalog.editions.filter { $0.language != language }
            let table = SearchTable(edition: edition, others: others)
            let shards = SearchShards(table: table, edition: edition, others: others,
                                      listLink: routes.link(routes.exhibitList(language)), limit: shardLimit)
            // Kept for the site's life, so each file in one form.
            let made = Index(table: table, files: shards.files.mapValues {
                Page(contentType: "application/json", body: $0, caching: .immutable).kept
            })
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

    /// Names what the indexes are made from: the catalog's data (its fingerprint, or its
    /// texts where a catalog was built without files), the languages, the base path of the
    /// links, the shard size and the index's format. Equal keys mean equal indexes, so the
    /// files may be cached for a year like the other assets.
    private static func key(_ catalog: Catalog, routes: Routes, shardLimit: Int) -> String {
        var text = "search index \(SearchShards.format)\n\(routes.basePath)\n\(shardLimit)\n\(catalog.languages.map(\.code).joined(separator: " "))\n"
        if catalog.fingerprint.isEmpty {
            for edition in catalog.editions {
                for exhibit in edition.exhibits { text += "\(exhibit.id)\u{0}\(exhibit.displayName)\u{0}\(exhibit.shortDescription)\n" }
            }
        } else {
            text += catalog.fingerprint
        }
        return String(ContentHash.hex(Array(text.utf8)).prefix(10))
    }
}
