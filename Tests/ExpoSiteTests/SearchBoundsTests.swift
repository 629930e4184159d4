import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// What one hostile word may put into the search index: a name of 5,000 syllables made
/// 157 MB of shards, and a short text of 1,000,000 never finished. Each word is filed by its
/// first `SearchText.longestWord` letters, from its start and at most 12 inner starts.
@Suite struct SearchBoundsTests {
    /// 5,000 syllables without a space: one that repeats (its inner starts share their
    /// letters, which cut the shards' tree 5,000 levels deep) and one that does not.
    static let longNames = [String(repeating: "가", count: 5_000),
                            String(String(repeating: "가나다라마바사아자차카타파하", count: 400).prefix(5_000))]

    /// The seed's two exhibits and a third, 나전칠기 unless `name` or `shortText` say otherwise.
    private static func catalog(name: String = "나전칠기", shortText: String = "자개를 박은 옻칠 상자") throws -> Catalog {
        let third = #"{"name": "\#(name)", "image_name": "najeon", "short_desc": "\#(shortText)", "desc": "상자."}"#
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\n]", with: ",\n" + third + "\n]")
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items, "najeon.svg": TemporaryCatalog.tinySVG])
        let catalog = try folder.load()
        try #require(catalog.primary.exhibits.count == 3)
        return catalog
    }

    /// The index's files of words (the manifest, the shards, the typo lists), as the site
    /// cuts them; not the rows to show (`d*.json`), which hold each exhibit's texts once.
    private static func wordFiles(_ catalog: Catalog) -> (table: SearchTable, count: Int, bytes: Int) {
        let edition = catalog.primary
        let table = SearchTable(edition: edition)
        let shards = SearchShards(table: table, edition: edition, others: [], listLink: "/items/", filesLink: "/search/",
                                  limit: SiteOptions().searchShardBytes)
        let words = shards.files.filter { !$0.key.hasPrefix("d") }
        return (table, words.count, words.values.reduce(0) { $0 + $1.count })
    }

    @Test(arguments: longNames) func aLongNameAddsOnlyAFewShortWords(_ name: String) throws {
        let baseline = Self.wordFiles(try Self.catalog())
        let long = Self.wordFiles(try Self.catalog(name: name))
        // At most 13 entries of 32 syllables (3 bytes each) and their place in the typo list.
        #expect(long.bytes <= baseline.bytes + 13 * 32 * 3 + 2_000, "\(long.bytes) bytes against \(baseline.bytes)")
        #expect(long.count <= baseline.count + 2, "\(long.count) files against \(baseline.count)")
        #expect(long.table.records.allSatisfy { $0.word.count <= SearchText.longestWord })
        #expect(long.table.records.count <= baseline.table.records.count + 1 + SearchTable.innerStarts)
    }

    /// Cut or not, a long name is found by its first syllables, by their initials, from an
    /// inner start, and by the whole name pasted into the field.
    @Test(arguments: longNames) func aLongNameIsFoundByItsBeginning(_ name: String) throws {
        let catalog = try Self.catalog(name: name)
        let query = SearchQuery(table: SearchTable(edition: catalog.primary))
        let najeon = 2
        let letters = Array(name)
        for typed in [String(letters.prefix(4)), String(letters.prefix(40)), name,
                      String(letters.prefix(3).map { Character(SearchText.pathScalar($0.unicodeScalars.first!)) })] {
            #expect(query.results(typed)?.first == najeon, "\(typed.prefix(50))")
        }
        #expect(query.results(String(letters[2..<6]))?.contains(najeon) == true, "an inner start")
        #expect(query.results("해금") == [1], "the other exhibits are found as before")
    }

    /// A short text of a million syllables without a space is one word: the index keeps its
    /// first letters, as for a long name, and the text is still found by its beginning.
    @Test func aShortTextOfAMillionSyllablesKeepsTheIndexSmall() throws {
        let text = String(String(repeating: "가나다라마바사아자차카타파하", count: 71_429).prefix(1_000_000))
        let baseline = Self.wordFiles(try Self.catalog())
        let huge = Self.wordFiles(try Self.catalog(shortText: text))
        #expect(huge.bytes <= baseline.bytes + 13 * 32 * 3 + 2_000, "\(huge.bytes) bytes against \(baseline.bytes)")
        #expect(huge.table.records.allSatisfy { $0.word.count <= SearchText.longestWord })
        #expect(SearchQuery(table: huge.table).results("가나다라") == [2])
    }
}
