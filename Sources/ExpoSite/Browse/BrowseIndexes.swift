import ExpoCatalog
import Foundation
import Synchronization

/// Each language's facet index, made the first time a browse page asks for it and then
/// kept for the site's life (or made away from the first answer, in the background, for a
/// large site). Whether the list links to the browse pages is known sooner and cheaper:
/// the first value two exhibits share settles it.
final class BrowseIndexes: Sendable {
    private let catalog: Catalog
    private let strings: [Language: BrowseStrings]
    private let slots: [Language: Slot]

    private final class Slot: Sendable {
        let index = Mutex<FacetIndex?>(nil)
        let hasBrowsing = Mutex<Bool?>(nil)
    }

    init(_ catalog: Catalog, strings: [Language: BrowseStrings]) {
        self.catalog = catalog
        self.strings = strings
        var slots: [Language: Slot] = [:]
        for language in catalog.languages { slots[language] = Slot() }
        self.slots = slots
    }

    /// The index in `language`; nil for a language the catalog lacks.
    func index(_ language: Language) -> FacetIndex? {
        slots[language]?.index.withLock { index in
            if let index { return index }
            let made = FacetIndex(edition: catalog.edition(language), primary: catalog.primary, browsable: catalog.browsableFields,
                                  strings: strings[language] ?? UIStrings.shipped(language).browse)
            index = made
            return made
        }
    }

    /// Whether the edition in `language` has browse pages: a facet with a shared value.
    func hasBrowsing(_ language: Language) -> Bool {
        guard let slot = slots[language] else { return false }
        if let known = slot.hasBrowsing.withLock({ $0 }) { return known }
        let made = slot.index.withLock { $0.map { !$0.facets.isEmpty } }
        let answer = made ?? FacetIndex.hasFacetWorthBrowsing(edition: catalog.edition(language), primary: catalog.primary,
                                                              browsable: catalog.browsableFields)
        slot.hasBrowsing.withLock { $0 = answer }
        return answer
    }

    /// Takes the indexes `other` has made, and what it found of whether there is anything
    /// to browse, where these are not known yet: for a catalog whose browse pages are known
    /// to be the same as `other`'s (`SiteChanges`). That saves seconds at 100,000 exhibits:
    /// making an index, or reading every exhibit to find that no value is shared, as a
    /// preview's first list page asks after each save.
    func adopt(_ other: BrowseIndexes) {
        for (language, slot) in slots {
            guard let theirs = other.slots[language] else { continue }
            if let made = theirs.index.withLock({ $0 }) {
                slot.index.withLock { index in index = index ?? made }
            }
            if let known = theirs.hasBrowsing.withLock({ $0 }) {
                slot.hasBrowsing.withLock { answer in answer = answer ?? known }
            }
        }
    }

    /// Makes every language's index away from the caller.
    func prepareInBackground() {
        let languages = catalog.languages
        Thread.detachNewThread { [self] in
            for language in languages where hasBrowsing(language) { _ = index(language) }
        }
    }
}
