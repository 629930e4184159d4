import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// What a shared link and a search engine see: Open Graph and Twitter tags, the canonical
/// address, schema.org JSON-LD; and the links to the neighbouring exhibits.
@Suite struct SharingTests {
    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    private func meta(_ page: String, _ property: String) -> String? {
        let pattern = "<meta (property|name)=\"\(property)\" content=\"([^\"]*)\">"
        guard let range = page.range(of: pattern, options: .regularExpression) else { return nil }
        let tag = String(page[range])
        return tag.components(separatedBy: "content=\"").last.map { String($0.dropLast(2)) }
    }

    private func structuredData(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/ld+json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func everyPageCarriesOpenGraphAndTwitterTags() throws {
        let site = try Site.render(TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles).load())
        for path in ["/", "/items/", "/items/jikji/", "/en/", "/en/items/", "/en/items/jikji/", "/404.html"] {
            let page = try html(site, path)
            for property in ["og:type", "og:site_name", "og:title", "og:description", "og:locale", "og:image", "og:image:alt",
                             "twitter:card", "twitter:title", "twitter:description", "twitter:image", "twitter:image:alt"] {
                #expect(meta(page, property)?.isEmpty == false, "\(path) \(property)")
            }
        }
        let detail = try html(site, "/en/items/jikji/")
        #expect(meta(detail, "og:type") == "article")
        #expect(meta(detail, "og:title") == "Jikji · Korea&#39;s Exhibits")
        #expect(meta(detail, "og:description") == "Metal type")
        #expect(meta(detail, "og:locale") == "en_US")
        #expect(meta(detail, "og:locale:alternate") == "ko_KR")
        #expect(meta(try html(site, "/"), "og:type") == "website")
    }

    @Test func linksAreAbsoluteWhenTheOriginIsKnown() throws {
        let catalog = try TemporaryCatalog.seed().load()
        let site = try Site.render(catalog, options: SiteOptions(basePath: "/expo/", origin: "https://example.org"))
        let page = try html(site, "/items/jikji/")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/expo/items/jikji/\">"))
        #expect(meta(page, "og:url") == "https://example.org/expo/items/jikji/")
        let image = try #require(meta(page, "og:image"))
        #expect(image.hasPrefix("https://example.org/expo/images/jikji-1200.") && image.hasSuffix(".jpg"),
                "an SVG drawing is shown by a 1200-wide JPEG drawn from it")
        #expect(meta(page, "og:image:width") == "1200")
        #expect(meta(page, "twitter:card") == "summary_large_image")
        #expect(meta(page, "twitter:image") == image)
        #expect(try structuredData(page)["url"] as? String == "https://example.org/expo/items/jikji/")

        let relative = try html(Site.render(catalog), "/items/jikji/")
        #expect(!relative.contains("rel=\"canonical\""))
        #expect(meta(relative, "og:url") == nil)
        #expect(meta(relative, "og:image")?.hasPrefix("/images/jikji-1200.") == true)
    }

    @Test func aPhotoIsSharedAsALargeCard() throws {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("haegeum.svg"))
        try folder.write("haegeum.png", PNGFixture.make(width: 40, height: 30))
        try folder.write("haegeum@2x.png", PNGFixture.make(width: 80, height: 60))
        let page = try html(Site.render(folder.load(), options: SiteOptions(origin: "https://example.org")), "/items/haegeum/")
        // The widest JPEG made from the sharpest original (the 2x file).
        let image = try #require(meta(page, "og:image"))
        #expect(image.wholeMatch(of: /https:\/\/example\.org\/images\/haegeum-80\.[0-9a-f]{10}\.jpg/) != nil, "\(image)")
        #expect(meta(page, "og:image:width") == "80")
        #expect(meta(page, "og:image:height") == "60")
        #expect(meta(page, "og:image:alt") == "해금")
        #expect(meta(page, "twitter:card") == "summary_large_image")
    }

    @Test func describesTheExpositionAsAnExhibitionEvent() throws {
        let site = try Site.render(TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles).load())
        let korean = try structuredData(html(site, "/"))
        #expect(korean["@context"] as? String == "https://schema.org")
        #expect(korean["@type"] as? String == "ExhibitionEvent")
        #expect(korean["name"] as? String == "파리 만국박람회 1900")
        #expect(korean["startDate"] as? String == "1900-04-14")
        #expect(korean["endDate"] as? String == "1900-11-12")
        #expect(korean["description"] as? String == "첫 문단.")
        #expect((korean["location"] as? [String: Any])?["name"] as? String == "프랑스 파리")
        // "14 April – 12 November 1900" has no fixed order; the dates come from the Korean edition.
        let english = try structuredData(html(site, "/en/"))
        #expect(english["startDate"] as? String == "1900-04-14")
        #expect(english["inLanguage"] as? String == "en")
    }

    @Test func describesEachExhibitAsAVisualArtwork() throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        let work = try structuredData(html(site, "/items/haegeum/"))
        #expect(work["@type"] as? String == "VisualArtwork")
        #expect(work["name"] as? String == "해금")
        #expect(work["description"] as? String == "두 줄 현악기", "the short description, as on the list")
        #expect((work["subjectOf"] as? [String: Any])?["@type"] as? String == "ExhibitionEvent")
        #expect(try !html(site, "/items/").contains("application/ld+json"))
    }

    @Test func catalogTextCannotCloseTheDataBlock() throws {
        let hostile = #"</script><script>alert(1)</script> & <!--"#
        let items = #"[{"name": "\#(hostile.replacingOccurrences(of: "\"", with: "\\\""))", "image_name": "jikji", "short_desc": "x", "desc": "y"}]"#
        let site = try Site.render(TemporaryCatalog.seed(extra: ["items.json": items]).load())
        let page = try html(site, "/items/jikji/")
        let block = try #require(page.components(separatedBy: "<script type=\"application/ld+json\">").last?
            .components(separatedBy: "</script>").first)
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"))
        #expect(try structuredData(page)["name"] as? String == hostile)
    }

    @Test func readsDatesWrittenYearFirst() {
        #expect(StructuredData.isoDates("1900. 04. 14 - 1900. 11. 12")! == ("1900-04-14", "1900-11-12"))
        #expect(StructuredData.isoDates("2025.4.13~2025.10.13")! == ("2025-04-13", "2025-10-13"))
        #expect(StructuredData.isoDates("14 April – 12 November 1900") == nil)
        #expect(StructuredData.isoDates("1900. 13. 14 - 1900. 11. 12") == nil)
        #expect(StructuredData.isoDates("") == nil)
    }

    @Test func exhibitsLinkToTheirNeighbours() throws {
        let site = try Site.render(TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles).load())
        let first = try html(site, "/items/jikji/")
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("<a class=\"pager-link pager-next\" href=\"/items/haegeum/\" rel=\"next\"><span class=\"pager-label\">다음 출품작</span> <bdi class=\"pager-name\">해금</bdi></a>"))
        let last = try html(site, "/items/haegeum/")
        #expect(last.contains("<a class=\"pager-link pager-previous\" href=\"/items/jikji/\" rel=\"prev\"><span class=\"pager-label\">이전 출품작</span> <bdi class=\"pager-name\">직지심체요절</bdi></a>"))
        #expect(!last.contains("rel=\"next\""))
    }

    @Test(arguments: [
        ("https://example.org", "https://example.org", "/"),
        ("https://Example.org:8443/expo1900", "https://example.org:8443", "/expo1900/"),
        ("http://localhost:8080/a/b/", "http://localhost:8080", "/a/b/"),
    ])
    func takesABaseURL(_ text: String, _ origin: String, _ path: String) throws {
        let parsed = try #require(SiteOptions.parseBaseURL(text))
        #expect(parsed.origin == origin && parsed.path == path)
    }

    @Test(arguments: ["example.org", "ftp://example.org/", "https://", "https://example.org/?a=1", "https://user@example.org/",
                      "https://example.org/#top", "/expo/"])
    func refusesWhatIsNotABaseURL(_ text: String) {
        #expect(SiteOptions.parseBaseURL(text) == nil)
    }
}

/// The hand-written JSON of the structured data reads back as what was put in.
@Suite struct JSONTextTests {
    @Test(arguments: ["plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1}\u{1F}", "</script><!--&", "줄\u{2028}바꿈\u{2029}", "emoji 🎻 é"])
    func readsBackAsWritten(_ value: String) throws {
        var object = JSONText()
        object.add("key", value)
        var inner = JSONText()
        inner.add("@type", "Place")
        object.add("nested", inner)
        #expect(!object.text.contains("<") && !object.text.contains(">") && !object.text.contains("&"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(object.text.utf8)) as? [String: Any])
        #expect(parsed["key"] as? String == value)
        #expect((parsed["nested"] as? [String: String]) == ["@type": "Place"])
    }
}
