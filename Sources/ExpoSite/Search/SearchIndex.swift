import ExpoCatalog
import Foundation

/// The list screen's search data for one language: every exhibit's name, short
/// description and link, in catalog order. The browser's search.js folds and matches them
/// (its one implementation, tested in both engines on Tests/Shared/search-cases.json);
/// rows of other list pages are built from it.
struct SearchIndex: Encodable {
    struct Entry: Encodable {
        var id: String
        var name: String
        var text: String
        var href: String
    }

    var entries: [Entry]

    init(edition: Edition, routes: Routes) {
        entries = edition.exhibits.map { exhibit in
            Entry(id: exhibit.id, name: exhibit.displayName,
                  text: exhibit.shortDescription, href: routes.link(routes.exhibit(exhibit.id, edition.language)))
        }
    }

    func bytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        return Array((try? encoder.encode(self)) ?? Data("{\"entries\":[]}".utf8))
    }
}
