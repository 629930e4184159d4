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

    /// The browser suite's table names only exhibits the default catalog has, in its order.
    @Test func theTableFitsTheDefaultCatalog() throws {
        #expect(Self.cases.count >= 10)
        #expect(Set(Self.cases.map(\.language)) == ["ko", "en"])
        let ids = try CatalogLoader.loadDefault().primary.exhibits.map(\.id)
        for searchCase in Self.cases {
            #expect(searchCase.ids == ids.filter(searchCase.ids.contains), "\(searchCase.query): \(searchCase.ids)")
        }
    }

    @Test func theIndexHoldsEveryExhibitWithItsLink() throws {
        let catalog = try CatalogLoader.loadDefault()
        let index = SearchIndex(edition: catalog.edition(.english), routes: Routes(primary: .korean, basePath: "/expo/"))
        #expect(index.entries.count == catalog.exhibitCount)
        let gayageum = try #require(index.entries.first { $0.id == "gayageum" })
        #expect(gayageum.href == "/expo/en/items/gayageum/")
        #expect(gayageum.name == "Gayageum")
        let json = try JSONSerialization.jsonObject(with: Data(index.bytes())) as? [String: Any]
        #expect((json?["entries"] as? [Any])?.count == catalog.exhibitCount)
    }
}
