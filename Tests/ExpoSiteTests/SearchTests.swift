import ExpoCatalog
import Foundation
import Testing
@testable import ExpoSite

/// The list screen's search data. The matching itself is search.js's alone: the browser
/// suite runs the shared table of queries through it in Chromium and WebKit.
@Suite struct SearchTests {
    struct Case: Decodable, CustomTestStringConvertible {
        var language: String
        var query: String
        var ids: [String]
        var testDescription: String { "\(language) \(query) → \(ids)" }
    }

    struct Table: Decodable {
        var cases: [Case]
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Shared/search-cases.json").standardized
        guard let data = FileManager.default.contents(atPath: url.path),
              let table = try? JSONDecoder().decode(Table.self, from: data) else { return [] }
        return table.cases
    }()

    /// The table names only exhibits the default catalog has.
    @Test func theTableFitsTheDefaultCatalog() throws {
        #expect(Self.cases.count >= 10)
        #expect(Set(Self.cases.map(\.language)) == ["ko", "en"])
        let ids = Set(try CatalogLoader.loadDefault().primary.exhibits.map(\.id))
        for searchCase in Self.cases {
            #expect(Set(searchCase.ids).isSubset(of: ids), "\(searchCase.query): \(searchCase.ids)")
        }
    }

    /// The server's search without JavaScript answers each case as search.js does.
    @Test(arguments: cases) func theServerFindsWhatTheTableSays(_ searchCase: Case) throws {
        let catalog = try CatalogLoader.loadDefault()
        let language = try #require(catalog.languages.first { $0.code == searchCase.language })
        let edition = catalog.edition(language)
        let table = SearchTable(edition: edition, others: catalog.editions.filter { $0.language != language })
        let found = SearchQuery(table: table).results(searchCase.query) ?? []
        #expect(found.map { edition.exhibits[$0].id } == searchCase.ids)
    }
}
