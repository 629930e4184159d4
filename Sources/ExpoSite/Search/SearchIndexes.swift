import ExpoCatalog
import Foundation
import Synchronization

/// Each language's search index, made the first time it is asked for and then kept for the
/// site's life. At 100,000 exhibits an index is tens of megabytes and a second to make:
/// making it with the site held back the first answer and every reload, though no page
/// needs it before a visitor types. Its address is known before it is made: it is named
/// after what it is made from (`key`), not after its bytes.
final class SearchIndexes: Sendable {
    private let catalog: Catalog
    private let routes: Routes
    private let made: [Language: Slot]
    let paths: [Language: String]

    init(_ catalog: Catalog, routes: Routes) {
        self.catalog = catalog
        self.routes = routes
        let key = Self.key(catalog, routes: routes)
        var paths: [Language: String] = [:]
        var made: [Language: Slot] = [:]
        for language in catalog.languages {
            paths[language] = "/assets/search-\(language.code).\(key).json"
            made[language] = Slot()
        }
        self.paths = paths
        self.made = made
    }

    /// The index in `language`, made now if no one asked for it before; a second request
    /// while it is being made waits for it rather than making it again.
    func page(_ language: Language) -> Page? {
        made[language]?.page.withLock { page in
            if let page { return page }
            let edition = catalog.edition(language)
            let index = SearchIndex(edition: edition, others: catalog.editions.filter { $0.language != language }, routes: routes)
            // Kept for the site's life, so in one form: 1.4 MB compressed instead of 15 MB
            // more plain at 100,000 exhibits.
            page = Page(contentType: "application/json", body: index.bytes(), caching: .immutable).kept
            return page
        }
    }

    /// Makes every language's index away from the caller, so that the first search after a
    /// start or a reload finds it ready.
    func prepareInBackground() {
        let languages = catalog.languages
        Thread.detachNewThread { [self] in
            for language in languages { _ = page(language) }
        }
    }

    /// Names what the indexes are made from: the catalog's data (its fingerprint, or its
    /// texts where a catalog was built without files), the languages, the base path of the
    /// links, and the index's format. Equal keys mean equal indexes, so the file may be
    /// cached for a year like the other assets.
    private final class Slot: Sendable {
        let page = Mutex<Page?>(nil)
    }

    private static func key(_ catalog: Catalog, routes: Routes) -> String {
        var text = "search index 1\n\(routes.basePath)\n\(catalog.languages.map(\.code).joined(separator: " "))\n"
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
