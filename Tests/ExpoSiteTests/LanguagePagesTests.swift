import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// Pages in a language the catalog brings: its interface words, its direction, its dates
/// and numbers, and the catalog's own words winning over the guide's.
@Suite struct LanguagePagesTests {
    static let arabic: [String: String] = [
        "items.ar.json": #"[{"name": "جيكجي", "image_name": "jikji", "short_desc": "كتاب", "desc": "طُبع سنة 1377."}]"#,
        "exposition_universelle_1900.ar.json": #"{"title": "معرض باريس 1900", "location": "باريس", "duration": "1900. 04. 14 - 1900. 11. 12", "description": "دليل."}"#,
        "interface.ar.json": #"{"share": "شارك الرابط"}"#,
    ]

    private func page(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path)).body, as: UTF8.self)
    }

    @Test func anArabicPageIsRightToLeftInArabicWordsWithTheCatalogsOverride() throws {
        let folder = try TemporaryCatalog.seed(extra: Self.arabic)
        let site = try Site.render(try folder.load())
        let home = try page(site, "/ar/")
        #expect(home.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(home.contains("<meta property=\"og:locale\" content=\"ar_AR\">"))
        #expect(home.contains("<meta property=\"og:locale:alternate\" content=\"ko_KR\">"))
        #expect(home.contains("<span class=\"fact-value\">14 أبريل 1900 – 12 نوفمبر 1900</span>"))
        #expect(home.contains("<span class=\"fact-value\">48,130,300</span>"))
        let exhibit = try page(site, "/ar/items/jikji/")
        #expect(exhibit.contains("شارك الرابط"))
        #expect(!exhibit.contains(">Share<"))
        // Haegeum has no Arabic entry: its Korean name is marked as Korean on the Arabic list.
        let list = try page(site, "/ar/items/")
        #expect(list.contains("<h2 class=\"row-title\" lang=\"ko\" dir=\"auto\"><bdi>해금</bdi></h2>"))
        #expect(list.contains("<h2 class=\"row-title\"><bdi>جيكجي</bdi></h2>"))
        let manifest = try page(site, "/ar/manifest.webmanifest")
        #expect(manifest.contains("\"dir\" : \"rtl\"") && manifest.contains("\"lang\" : \"ar\""))
        // The Korean home writes the same dates in its own order, and Arabic by its own name in the switch.
        let korean = try page(site, "/")
        #expect(korean.contains("<span class=\"fact-value\">1900. 04. 14 - 1900. 11. 12</span>"))
        #expect(korean.contains(">العربية</a>"))
    }

    @Test func theSearchIndexHoldsEachExhibitsNamesInTheOtherLanguages() throws {
        let folder = try TemporaryCatalog.seed(extra: Self.arabic)
        let site = try Site.render(try folder.load())
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(page(site, "/ar/search.json").utf8)) as? [String: Any])
        let path = try #require(manifest["files"] as? String) + "d0.json"
        #expect(path == "/ar/search/d0.json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(page(site, path).utf8)) as? [[Any]])
        let jikji = try #require(rows.first { $0.first as? String == "jikji" })
        #expect(jikji[1] as? String == "جيكجي")
        #expect(jikji[3] as? [String] == ["직지심체요절"])
    }

    @Test func frenchNumbersAndDatesFollowFrench() throws {
        let folder = try TemporaryCatalog.seed(extra: [
            "items.fr.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Livre", "desc": "Imprimé."}]"#,
            "exposition_universelle_1900.fr.json": #"{"title": "Exposition 1900", "location": "Paris", "duration": "1900. 04. 14 - 1900. 11. 12", "description": "Guide."}"#,
        ])
        let home = try page(try Site.render(try folder.load()), "/fr/")
        #expect(home.contains("48\u{202F}130\u{202F}300"))
        #expect(home.contains("14 avril 1900"))
        #expect(home.contains("<a href=\"/?lang=ko\" hreflang=\"ko\" lang=\"ko\" dir=\"ltr\">한국어</a>"))
    }
}
