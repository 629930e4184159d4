import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// The translations' page counts what `validate` counts: on the default catalog, and on a
/// catalog with gaps of every kind (a whole entry, a text, an image's alt text, the
/// exposition's texts, a tour's title); and a text published in the main language after
/// its translation is listed as older.
@Suite struct TranslationGapsTests {
    static func validateCounts(_ catalog: Catalog) throws -> [String: Int] {
        let report = ValidationReport(loading: .success(catalog), strict: false)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let languages = try #require(json["languages"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: languages.compactMap { language in
            (language["main"] as? Bool) == true ? nil : (language["code"] as! String, language["missing_texts"] as! Int)
        })
    }

    static func pageCounts(_ catalog: Catalog, history: [PublishedChange] = []) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: TranslationGaps(catalog: catalog, history: history).languages.map { ($0.language.code, $0.missing.count) })
    }

    @Test func theDefaultCatalogsCountsAreValidates() throws {
        let catalog = try CatalogLoader.load(at: try #require(CatalogLoader.defaultCatalogURL))
        #expect(Self.pageCounts(catalog) == (try Self.validateCounts(catalog)))
    }

    @Test func aCatalogWithGapsHasValidatesCounts() throws {
        let english = #"""
            [{"image_name": "jikji", "name": "Jikji", "images": [{"name": "jikji", "alt": "The book"}, {"name": "jikji-b"}, {"name": "jikji-c"}]}]
            """#
        let primary = #"""
            [{"name": "직지", "image_name": "jikji", "short_desc": "책", "desc": "글",
              "images": [{"name": "jikji", "alt": "책"}, {"name": "jikji-b", "alt": "뒷면"}, {"name": "jikji-c", "alt": "활자", "caption": "활자 모형"}]},
             {"name": "해금", "image_name": "haegeum", "short_desc": "악기", "desc": "두 줄"}]
            """#
        let tours = #"[{"id": "t", "title": "투어", "description": "설명", "stops": ["jikji"]}]"#
        let folder = try TemporaryCatalog.seed(extra: ["items.json": primary, "items.en.json": english, "tours.json": tours,
                                                       "tours.en.json": #"[{"id": "t"}]"#])
        let catalog = try CatalogLoader.load(at: folder.url)
        let page = Self.pageCounts(catalog)
        #expect(page == (try Self.validateCounts(catalog)))
        #expect((page["en"] ?? 0) >= 8, "\(page)")
        let gaps = TranslationGaps(catalog: catalog, history: []).languages[0].missing
        #expect(gaps.contains(.init(sheet: "jikji", field: "images.jikji-b.alt")) && gaps.contains(.init(sheet: "jikji", field: "images.jikji-c.alt")))
        #expect(gaps.contains(.init(sheet: "haegeum", field: "desc")) && gaps.contains(.init(sheet: "@tours", field: "tours.t.title")))
    }

    @Test func aMainTextPublishedAfterItsTranslationIsOlder() throws {
        let catalog = try CatalogLoader.load(at: try #require(CatalogLoader.defaultCatalogURL))
        let history = [
            PublishedChange(publication: 1, exhibit: "jikji", language: "en", field: "desc", old: "", new: ""),
            PublishedChange(publication: 2, exhibit: "jikji", language: "ko", field: "desc", old: "", new: ""),
            PublishedChange(publication: 3, exhibit: "haegeum", language: "ko", field: "name", old: "", new: ""),
            PublishedChange(publication: 4, exhibit: "haegeum", language: "en", field: "name", old: "", new: ""),
            PublishedChange(publication: 5, exhibit: "haegeum", language: "ko", field: "stop", old: "", new: ""),
        ]
        let english = try #require(TranslationGaps(catalog: catalog, history: history).languages.first { $0.language.code == "en" })
        #expect(english.older == [.init(sheet: "jikji", field: "desc")])
    }
}
