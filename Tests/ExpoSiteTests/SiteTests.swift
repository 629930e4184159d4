import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// The rendered site as a whole: its paths, its assets, its HTML.
@Suite struct SiteTests {
    private func render(_ folder: TemporaryCatalog, options: SiteOptions = SiteOptions()) throws -> Site {
        try Site.render(folder.load(), options: options)
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    @Test func hasEveryScreenInEveryLanguage() throws {
        let site = try render(.seed(extra: ScreenModelTests.englishFiles))
        let pagePaths = (try site.allPages()).filter { $0.value.contentType.hasPrefix("text/html") }.keys.sorted()
        #expect(pagePaths == ["/", "/404.html", "/en/", "/en/404.html", "/en/items/", "/en/items/haegeum/",
                              "/en/items/jikji/", "/en/stop/", "/items/", "/items/haegeum/", "/items/jikji/",
                              "/labels/", "/labels/letter/", "/labels/poster/", "/stop/"])
    }

    @Test func namesAssetsByTheirContentAndCachesThemForever() throws {
        let site = try render(.seed())
        let assets = (try site.allPages()).filter { $0.value.caching == .immutable }
        // style, the stylesheet for browsers without scripts, the labels' stylesheet, script, poster, flag, jikji,
        // haegeum (each drawing also as its link-preview JPEG), four icons
        #expect(assets.count == 16)
        for path in assets.keys {
            #expect(path.wholeMatch(of: /\/(assets|images|icons)\/[a-z0-9-]+\.[0-9a-f]{10}\.(css|js|json|svg|png|jpg)/) != nil, "\(path)")
        }
        // Files whose address must stay the same are revalidated on every use.
        let fixed = (try site.allPages()).filter { $0.value.caching == .revalidate }.keys.filter { !$0.hasSuffix("/") }.sorted()
        // The search index, its manifest and files named by the letters they hold and kept at the
        // same address: its one shard, its typo list and its rows.
        #expect(fixed == ["/404.html", "/manifest.webmanifest", "/search.json", "/search/d0.json", "/search/t.json", "/search/v.json", "/sw.js"])
    }

    @Test func theServiceWorkerPrecachesEveryFileUnderACacheNamedForTheSite() throws {
        let folder = try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles)
        let site = try render(folder, options: SiteOptions(basePath: "/expo/"))
        let script = String(decoding: try #require(try site.page(at: "/sw.js")).body, as: UTF8.self)
        #expect(script.hasPrefix("var CACHE = \"expo1900-\(site.version)\";\nvar PRIMARY = \"ko\";\n"))
        let precache = try #require(script.firstMatch(of: /var PRECACHE = (\[.*\]);/)).output.1
        let urls = try JSONDecoder().decode([String].self, from: Data(precache.utf8))
        // Every file but the drawings' link-preview JPEGs, which only link previews fetch,
        // and the curators' label sheets and their stylesheet, which a visitor's phone has no use for.
        #expect(Set(urls) == Set((try site.allPages()).keys.filter {
            $0 != "/sw.js" && !$0.hasSuffix(".jpg") && !$0.hasPrefix("/labels/") && !$0.hasPrefix("/assets/labels.")
        }
            .map { "/expo/" + $0.dropFirst() }))
        #expect(!urls.contains { $0.contains("/labels/") })
        // Another catalog, another cache: a new deployment replaces the old copy.
        try folder.write("items.json", TemporaryCatalog.seedItems.replacingOccurrences(of: "해금", with: "해금 (奚琴)"))
        #expect(try render(folder).version != site.version)
    }

    @Test func theServiceWorkerIsToldWhatTheServerAnswersBesideTheGuide() throws {
        let folder = try TemporaryCatalog.seed()
        func script(_ site: Site) throws -> String { String(decoding: try #require(try site.page(at: "/sw.js")).body, as: UTF8.self) }
        let alone = try render(folder)
        #expect(try script(alone).contains("var SERVER_PATHS = [];\n"))
        var options = SiteOptions()
        options.serverPaths = ["/studio/"]
        let beside = try render(folder, options: options)
        #expect(try script(beside).contains("var SERVER_PATHS = [\"/studio/\"];\n"))
        // Another worker, another cache name: the one that answered the studio's pages goes.
        #expect(beside.version != alone.version)
    }

    @Test func offlineAPhoneKeepsEachPhotosWebPAtThePhoneWidthsOnly() throws {
        let folder = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        try folder.write("jikji.png", PNGFixture.make(width: 1600, height: 1200))
        let site = try render(folder)
        let photos = (try site.allPages()).keys.filter { $0.hasPrefix("/images/jikji-") }
        #expect(photos.count == 15, "five widths in three formats: \(photos.sorted())")
        let script = String(decoding: try #require(try site.page(at: "/sw.js")).body, as: UTF8.self)
        let precache = try #require(script.firstMatch(of: /var PRECACHE = (\[.*\]);/)).output.1
        let urls = try JSONDecoder().decode([String].self, from: Data(precache.utf8))
        // The list thumbnail's width (320) and the exhibit image's at 3x (1200), in WebP.
        #expect(urls.filter { $0.hasPrefix("/images/jikji-") }.map { String($0.split(separator: ".")[0]) + "." + String($0.split(separator: ".")[2]) }
                    .sorted() == ["/images/jikji-1200.webp", "/images/jikji-320.webp"])
        #expect(Set(urls).isSuperset(of: (try site.allPages()).keys.filter {
            !$0.hasPrefix("/images/jikji-") && !$0.hasSuffix(".jpg") && $0 != "/sw.js" && !$0.hasPrefix("/labels/")
                && !$0.hasPrefix("/assets/labels.")
        }))
    }

    @Test func eachLanguageHasAManifestThatInstallsTheGuide() throws {
        let site = try render(.seed(extra: ScreenModelTests.englishFiles), options: SiteOptions(basePath: "/expo/"))
        for (path, start, language) in [("/manifest.webmanifest", "/expo/", "ko"), ("/en/manifest.webmanifest", "/expo/en/", "en")] {
            let page = try #require(try site.page(at: path))
            #expect(page.contentType == "application/manifest+json")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
            #expect(manifest["start_url"] as? String == start)
            #expect(manifest["scope"] as? String == "/expo/")
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["lang"] as? String == language)
            #expect(manifest["short_name"] as? String == "Expo1900")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.map { $0["sizes"]! + " " + $0["purpose"]! } == ["192x192 any", "512x512 any", "512x512 maskable"])
            for icon in icons {
                let iconPath = "/" + String(icon["src"]!.dropFirst("/expo/".count))
                let bytes = try #require(try site.page(at: iconPath)).body
                #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(iconPath) is a PNG")
                let size = icon["sizes"]!.split(separator: "x").first.map { Int($0)! }
                #expect(PNGFixture.width(bytes) == size)
            }
        }
        let home = try html(site, "/")
        #expect(home.contains("<link rel=\"manifest\" href=\"/expo/manifest.webmanifest\">"))
        #expect(home.contains("<link rel=\"apple-touch-icon\" href=\"/expo/icons/apple-touch-icon."))
        #expect(home.contains("data-service-worker=\"/expo/sw.js\" data-scope=\"/expo/\""))
        let touchIcon = try #require(home.firstMatch(of: /apple-touch-icon" href="\/expo(\/icons\/[^"]+)"/)).output.1
        #expect(PNGFixture.width(try #require(try site.page(at: String(touchIcon))).body) == 180)
    }

    @Test func theSameCatalogRendersTheSameBytes() throws {
        let folder = try TemporaryCatalog.seed()
        let first = try render(folder)
        let second = try render(folder)
        #expect((try first.allPages()).mapValues(\.etag) == (try second.allPages()).mapValues(\.etag))
    }

    @Test func compressesTextAndGivesEachPageAnETag() throws {
        let site = try render(.seed())
        let home = try #require(try site.page(at: "/"))
        let gzip = try #require(home.gzip)
        #expect(gzip.starts(with: [0x1F, 0x8B]))
        #expect(gzip.count < home.body.count)
        #expect(home.etag.wholeMatch(of: /"[0-9a-f]{16}"/) != nil)
    }

    @Test func escapesCatalogTextInHTML() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "두 줄 현악기", with: "<script>alert(1)</script> & \\\"quote\\\"")
        let site = try render(.seed(extra: ["items.json": items]))
        let list = try html(site, "/items/")
        #expect(!list.contains("<script>alert"))
        #expect(list.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quote&quot;"))
    }

    @Test func placesTheScreensElements() throws {
        let site = try render(.seed(extra: ScreenModelTests.englishFiles))
        let home = try html(site, "/")
        #expect(home.contains("<html lang=\"ko\" dir=\"ltr\">"))
        #expect(home.contains("<bdi class=\"title-line\">파리 만국박람회 1900</bdi>"))
        #expect(!home.contains("navigation-bar"))
        #expect(home.contains("<a class=\"button\" href=\"/items/\">한국의 출품작 보러가기</a>"))
        #expect(home.contains("<a href=\"/en/?lang=en\" hreflang=\"en\" lang=\"en\" dir=\"ltr\">English</a>"))
        let list = try html(site, "/en/items/")
        #expect(list.contains("<html lang=\"en\" dir=\"ltr\">"))
        #expect(list.contains("<h1 class=\"navigation-title\" data-read><bdi>Korea&#39;s Exhibits</bdi></h1>"))
        #expect(list.contains("<a class=\"row\" href=\"/en/items/jikji/\">"))
        let detail = try html(site, "/items/jikji/")
        #expect(detail.contains("<h1 class=\"navigation-title\" data-read><bdi>직지심체요절</bdi></h1>"))
        #expect(detail.contains("<span class=\"back-chevron\" aria-hidden=\"true\"></span>한국의 출품작</a>"))
        #expect(detail.contains("<p data-read>첫 문단.</p>\n<p data-read>둘째 문단.</p>"))
        for page in [home, list, detail] {
            #expect(!page.contains("style=\""), "inline style")
            // Scripts come from files; the only inline one is a JSON-LD data block, which never runs.
            for script in page.components(separatedBy: "<script").dropFirst() {
                #expect(script.hasPrefix(" src=") || script.hasPrefix(" type=\"application/ld+json\">"), "inline script")
            }
            #expect(page.components(separatedBy: "<h1").count == 2, "one h1")
        }
    }

    @Test func notFoundPagesSpeakThePathsLanguage() throws {
        let site = try render(.seed(extra: ScreenModelTests.englishFiles))
        let korean = String(decoding: site.notFoundPage(for: "/nothing").body, as: UTF8.self)
        let english = String(decoding: site.notFoundPage(for: "/en/items/nothing").body, as: UTF8.self)
        #expect(korean.contains("페이지를 찾을 수 없습니다"))
        #expect(english.contains("Page not found"))
        #expect(english.contains("href=\"/en/\""))
    }

    @Test func aBasePathPrefixesEveryLink() throws {
        let site = try render(.seed(extra: ScreenModelTests.englishFiles), options: SiteOptions(basePath: "/expo1900"))
        let home = try html(site, "/")
        #expect(home.contains("href=\"/expo1900/items/\""))
        #expect(home.contains("src=\"/expo1900/images/poster."))
        #expect(home.contains("href=\"/expo1900/assets/style."))
        let links = home.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
        #expect(!links.isEmpty)
        for link in links where !link.hasPrefix("#") {
            #expect(link.hasPrefix("/expo1900/"), "\(link) escapes the base path")
        }
    }
}

@Suite struct ServiceWorkerPrecacheTests {
    private func precache(_ site: Site) throws -> [String] {
        let script = String(decoding: try #require(try site.page(at: "/sw.js")).body, as: UTF8.self)
        let list = try #require(script.firstMatch(of: /var PRECACHE = (\[.*\]);/)).output.1
        return try JSONDecoder().decode([String].self, from: Data(list.utf8))
    }

    @Test func aLargeSitePrecachesOnlyItsShell() throws {
        let site = try Site.render(TemporaryCatalog.generated(count: 3000).load())
        let total = (try site.allPages()).values.reduce(0) { $0 + $1.body.count }
        #expect(total > ServiceWorker.precacheBudget, "the test site must be over the budget")
        let urls = try precache(site)
        #expect(urls.contains("/") && urls.contains("/items/") && urls.contains("/404.html") && urls.contains("/manifest.webmanifest"))
        #expect(urls.contains { $0.hasPrefix("/assets/style.") })
        #expect(!urls.contains("/items/item-1/"))
        #expect(!urls.contains("/items/page/2/"))
        #expect(urls.count < 20)
    }
}
