import ExpoCatalog
import Foundation
import Testing
@testable import ExpoSite

/// The shards search.js reads: every word is where its letters lead, and the server's
/// search without JavaScript answers from the same table.
@Suite struct SearchShardsTests {
    private static func json(_ shards: SearchShards, _ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try #require(shards.files[name], "\(name)")))
    }

    /// Cut small, the default catalog's words fill many shards; each word must be in the one
    /// shard its letters lead to, or, where its letters end at a branch cut further, in that
    /// branch's summary as a whole word with the same exhibits.
    @Test(arguments: [Language.korean, .english]) func everyWordIsWhereItsLettersLead(_ language: Language) throws {
        let catalog = try CatalogLoader.loadDefault()
        let edition = catalog.edition(language)
        let others = catalog.editions.filter { $0.language != language }
        let table = SearchTable(edition: edition, others: others)
        let shards = SearchShards(table: table, edition: edition, others: others, listLink: "/items/", filesLink: "/search/", limit: 300)
        let manifest = try #require(try Self.json(shards, "manifest.json") as? [String: Any])
        let nodes = try #require(manifest["nodes"] as? [String: [Int]])
        #expect(nodes.count > 20, "300 bytes cut the index into many shards")
        #expect(nodes[""] == nil, "the root is cut")
        for record in table.records {
            let path = record.path.map(String.init)
            var depth = 1
            while let node = nodes[path.prefix(depth).joined()], node[0] == 1, depth < path.count { depth += 1 }
            let node = try #require(nodes[path.prefix(depth).joined()], "\(record.word)")
            let file = SearchShards.fileName("t", key: path.prefix(depth).joined())
            #expect(file.wholeMatch(of: #/t([0-9a-f]{2})+\.json/#) != nil, "\(file) is named by its letters")
            let entries = try #require(try Self.json(shards, file) as? [[Any]])
            let word = String(String.UnicodeScalarView(record.word))
            if node[0] == 0 {
                let entry = entries.first { $0[0] as? String == word && ($0.count == 4) == record.inner }
                #expect(Self.undelta(entry?[1]) == record.names && Self.undelta(entry?[2]) == record.texts, "\(word) in \(file)")
            } else {
                #expect(depth == path.count)
                let group = try #require(entries.first { $0[0] as? String == word }, "\(word) in the summary \(file)")
                #expect(Set(record.names).isSubset(of: Self.undelta(group[1])))
                if !record.inner { #expect(Set(record.names).isSubset(of: Self.undelta(group[3]))) }
            }
        }
    }

    private static func undelta(_ value: Any?) -> [Int32] {
        var doc: Int32 = 0
        return ((value as? [Int]) ?? []).enumerated().map { index, delta in
            doc = index == 0 ? Int32(delta) : doc + Int32(delta)
            return doc
        }
    }

    @Test func rowsComeInChunksWithTheirNamesInOtherLanguages() throws {
        let catalog = try CatalogLoader.loadDefault()
        let edition = catalog.edition(.english)
        let shards = SearchShards(table: SearchTable(edition: edition), edition: edition, others: [catalog.edition(.korean)],
                                  listLink: "/en/items/", filesLink: "/en/search/", limit: 24_000)
        let manifest = try #require(try Self.json(shards, "manifest.json") as? [String: Any])
        let rows = try #require(try Self.json(shards, "d0.json") as? [[Any]])
        #expect(rows.count == edition.exhibits.count)
        #expect(rows[11][0] as? String == "gayageum" && rows[11][1] as? String == "Gayageum")
        #expect(rows[11][3] as? [String] == ["가야금"])
        #expect(manifest["files"] as? String == "/en/search/")
        // A branch's file is named by its letters, as search.js names it.
        #expect(SearchShards.fileName("t", key: "") == "t.json")
        #expect(SearchShards.fileName("v", key: "ㄱa") == "ve384b161.json")
        #expect(manifest["list"] as? String == "/en/items/")
        #expect(manifest["count"] as? Int == 13)
    }

    /// Plain text (ASCII, Hangul, Chinese) takes a shortcut past Unicode normalisation; it
    /// must fold as the long way does.
    @Test func foldingIsTheSameTheShortWayAndTheLongWay() {
        #expect(SearchText.fold("Tripitaka KOREANA 팔만대장경 大藏經") == "tripitaka koreana 팔만대장경 大藏經")
        #expect(SearchText.fold("Zíther ÉTUDE") == "zither etude")
        #expect(SearchText.words("Two-string FIDDLE, 해금!") == ["two", "string", "fiddle", "해금"].map { Array($0.unicodeScalars) })
        #expect(SearchText.words("Ἀθῆναι café") == ["αθηναι", "cafe"].map { Array($0.unicodeScalars) })
    }

    @Test func oneTypoIsOneLetterChangedAddedDroppedOrSwapped() {
        func typo(_ word: String, _ term: String) -> Bool {
            SearchText.startsWithOneTypo(Array(word.unicodeScalars), Array(term.unicodeScalars))
        }
        #expect(typo("gayageum", "gayagem"))
        #expect(typo("gayageum", "gayageun"))
        #expect(typo("zither", "zitehr"))
        #expect(typo("zither", "ziither"))
        #expect(typo("woodblocks", "woodblcks"))
        #expect(!typo("zither", "zxtehr"))
        #expect(!typo("gayageum", "gyaagem"))
    }

    /// Without the script the form goes to the list, and the server answers there.
    @Test func theServerAnswersTheFormWithTheRowsFound() throws {
        var options = SiteOptions()
        options.servesSearch = true
        let site = try Site.render(try CatalogLoader.loadDefault(), options: options)
        let page = String(decoding: try #require(try site.searchPage(at: "/en/items/", query: "zither")).body, as: UTF8.self)
        #expect(page.contains("href=\"/en/items/gayageum/\"") && page.contains("href=\"/en/items/geomungo/\""))
        #expect(!page.contains("href=\"/en/items/jikji/\""))
        #expect(page.contains("value=\"zither\""))
        #expect(page.contains("<p class=\"search-found\">2 exhibits</p>"))
        #expect(!page.contains("needs-script"))
        let none = String(decoding: try #require(try site.searchPage(at: "/items/", query: "없는 물건")).body, as: UTF8.self)
        #expect(none.contains("<p class=\"search-empty\">일치하는 출품작이 없습니다</p>"))
        #expect(try site.searchPage(at: "/items/jikji/", query: "zither") == nil, "only the list answers a search")
    }

    @Test func theServerSaysHowManyItShowsOfThoseFound() throws {
        var options = SiteOptions(exhibitsPerPage: 2)
        options.servesSearch = true
        let site = try Site.render(try CatalogLoader.loadDefault(), options: options)
        let page = String(decoding: try #require(try site.searchPage(at: "/en/items/", query: "string")).body, as: UTF8.self)
        #expect(page.contains("<p class=\"search-found\">Showing 2 of 3 exhibits. Type more to narrow the search.</p>"))
        #expect(page.components(separatedBy: "class=\"row\"").count - 1 == 2)
        #expect(!page.contains("class=\"pagination\""), "the list's page links make no sense under an answer")
    }

    /// A static host cannot answer the form: there the page says search needs the script.
    @Test func aStaticListSaysSearchNeedsTheScript() throws {
        let site = try Site.render(try CatalogLoader.loadDefault())
        let page = String(decoding: try #require(try site.page(at: "/en/items/")).body, as: UTF8.self)
        #expect(page.contains("class=\"search needs-script\""))
        #expect(page.contains("<noscript><p class=\"search-note\">Search needs JavaScript"))
        #expect(page.contains("action=\"/en/items/\""))
    }
}
