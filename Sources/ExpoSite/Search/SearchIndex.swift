import ExpoCatalog
import Foundation

/// The list screen's search data for one language: every exhibit's name, short
/// description and link, in catalog order. The browser's search.js folds and matches them
/// (its one implementation, tested in both engines on Tests/Shared/search-cases.json);
/// rows of other list pages are built from it.
struct SearchIndex {
    struct Entry {
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

    /// Written out directly, keys in name order: Foundation's encoder took a tenth of
    /// starting a site of 100,000 exhibits.
    func bytes() -> [UInt8] {
        var text = "{\"entries\":["
        text.reserveCapacity(entries.count * 160)
        for (index, entry) in entries.enumerated() {
            if index > 0 { text += "," }
            text += "{\"href\":" + JSONText.quoted(entry.href) + ",\"id\":" + JSONText.quoted(entry.id)
                + ",\"name\":" + JSONText.quoted(entry.name)
            if let other = entry.other { text += ",\"other\":[" + other.map(JSONText.quoted).joined(separator: ",") + "]" }
            text += ",\"text\":" + JSONText.quoted(entry.text) + "}"
        }
        text += "]}"
        return Array(text.utf8)
    }
}
