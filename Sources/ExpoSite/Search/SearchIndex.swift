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
        /// The exhibit's names in the other languages, where they differ from this one.
        var other: [String]?
    }

    var entries: [Entry]

    /// `others` are the catalog's other editions, whose names are searched as well.
    init(edition: Edition, others: [Edition] = [], routes: Routes) {
        entries = edition.exhibits.enumerated().map { index, exhibit in
            var names: [String] = []
            for other in others where other.exhibits.indices.contains(index) {
                let name = other.exhibits[index].displayName
                if name != exhibit.displayName, !names.contains(name) { names.append(name) }
            }
            return Entry(id: exhibit.id, name: exhibit.displayName, text: exhibit.shortDescription,
                         href: routes.link(routes.exhibit(exhibit.id, edition.language)), other: names.isEmpty ? nil : names)
        }
    }

    func bytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        return Array((try? encoder.encode(self)) ?? Data("{\"entries\":[]}".utf8))
    }
}
