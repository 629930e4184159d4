import ExpoCatalog
import Foundation
import Testing
@testable import ExpoSite

/// The list screen's search: the folding and Hangul rules, and the shared table of queries
/// that the browser's search.js must answer alike.
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

    @Test func theTableIsThere() {
        #expect(Self.cases.count >= 10)
        #expect(Set(Self.cases.map(\.language)) == ["ko", "en"])
    }

    @Test(arguments: cases)
    func findsTheExpectedExhibitsInTheDefaultCatalog(_ searchCase: Case) throws {
        let catalog = try CatalogLoader.loadDefault()
        let edition = try #require(catalog.editions.first { $0.language.code == searchCase.language })
        let index = SearchIndex(edition: edition, routes: Routes(primary: .korean, basePath: "/"))
        #expect(index.search(searchCase.query) == searchCase.ids)
    }

    @Test func foldsCaseSpacesAndAccentsButKeepsHangulWhole() {
        #expect(SearchText.fold("Céladon  Vase") == SearchText.fold("celadonvase"))
        #expect(SearchText.fold("ÉCOLE") == SearchText.fold("ecole"))
        #expect(String(String.UnicodeScalarView(SearchText.fold("가야 금"))) == "가야금")
        #expect(SearchText.fold("가야금").count == 3)
    }

    @Test func decomposesSyllablesIntoTheirInitials() {
        #expect(Hangul.initial(of: "직") == "ㅈ")
        #expect(Hangul.initial(of: "가") == "ㄱ")
        #expect(Hangul.initial(of: "힣") == "ㅎ")
        #expect(Hangul.initial(of: "a") == nil)
        #expect(Hangul.initial(of: "ㄱ") == nil)
    }

    @Test func movesAHalfTypedFinalConsonantToTheNextSyllable() throws {
        let gang = try #require(Hangul.splitFinal("강"))
        #expect(gang.syllable == "가" && gang.initial == "ㅇ")
        let dak = try #require(Hangul.splitFinal("닭"))
        #expect(dak.syllable == "달" && dak.initial == "ㄱ")
        #expect(Hangul.splitFinal("가") == nil)
    }

    @Test func matchesInitialsMixedWithSyllables() {
        #expect(SearchText.matches("ㄱㅇㄱ", in: "가야금"))
        #expect(SearchText.matches("가ㅇ", in: "가야금"))
        #expect(SearchText.matches("ㅇㄱ", in: "가야금"))
        #expect(!SearchText.matches("ㄱㄱ", in: "가야금"))
        #expect(!SearchText.matches("ㅏ", in: "가야금"))
        #expect(SearchText.matches("", in: "anything"))
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
