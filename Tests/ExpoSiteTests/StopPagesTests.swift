import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// Stop numbers on the pages, the go-to-stop form, `/stop/12` and the export's stop pages.
@Suite struct StopPagesTests {
    /// The seed catalog in Korean and English, jikji at stop 12 and haegeum at its place, 2.
    static func catalog() throws -> TemporaryCatalog {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"image_name\":\"jikji\",", with: "\"image_name\":\"jikji\",\"stop\":12,")
        return try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles.merging(["items.json": items]) { _, new in new })
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    @Test func listRowsShowTheNumberAndSayTheWordsWithIt() throws {
        let site = try Site.render(Self.catalog().load())
        let english = try html(site, "/en/items/")
        #expect(english.contains(#"<span class="stop-badge" aria-hidden="true">12</span><span class="visually-hidden">Stop 12</span>"#))
        #expect(english.contains(#"<span class="stop-badge" aria-hidden="true">2</span><span class="visually-hidden">Stop 2</span>"#))
        let korean = try html(site, "/items/")
        #expect(korean.contains(#"<span class="visually-hidden">12번</span>"#))
    }

    @Test func theExhibitScreenShowsItsStop() throws {
        let site = try Site.render(Self.catalog().load())
        #expect(try html(site, "/en/items/jikji/").contains(#"<p class="exhibit-stop">Stop 12</p>"#))
        #expect(try html(site, "/items/haegeum/").contains(#"<p class="exhibit-stop">2번</p>"#))
    }

    @Test func theListsFirstPageHasAPlainNumericFormThatGoesToStop() throws {
        let site = try Site.render(Self.catalog().load(), options: SiteOptions(basePath: "/expo/", exhibitsPerPage: 1))
        let first = try html(site, "/en/items/")
        #expect(first.contains(#"<form class="stop-form" action="/expo/en/stop/" method="get">"#))
        #expect(first.contains(#"<label class="stop-form-label" for="stop-field">Go to stop</label>"#))
        #expect(first.contains(#"<input class="stop-field" id="stop-field" type="text" name="n" inputmode="numeric" pattern="[0-9]*""#))
        #expect(first.contains(#"<button class="button stop-go" type="submit">Go</button>"#))
        // Only the first page: the others are reached from it.
        #expect(try !html(site, "/en/items/page/2/").contains("stop-form"))
    }

    @Test func aStopLeadsToItsExhibitInItsLanguageUnderTheBasePath() throws {
        let site = try Site.render(Self.catalog().load(), options: SiteOptions(basePath: "/expo/"))
        let asked: [(String, String?, String)] = [
            ("/stop/12", nil, "/expo/items/jikji/"), ("/stop/12/", nil, "/expo/items/jikji/"),
            ("/stop/2/", nil, "/expo/items/haegeum/"), ("/stop/", "n=12", "/expo/items/jikji/"),
            ("/stop", "n=+012+", "/expo/items/jikji/"), ("/en/stop/12", nil, "/expo/en/items/jikji/"),
            ("/en/stop/", "lang=en&n=2", "/expo/en/items/haegeum/"),
        ]
        for (path, query, location) in asked {
            guard case let .exhibit(found)? = try site.stopAnswer(at: path, query: query) else {
                Issue.record("\(path)?\(query ?? ""): no redirect")
                continue
            }
            #expect(found == location, "\(path)?\(query ?? "")")
        }
        // The page of stops itself, and every other page, are no stop.
        for (path, query) in [("/stop/", nil), ("/stop/", "n="), ("/items/", "n=12"), ("/items/jikji/", nil), ("/stop/12/extra/", nil)] {
            #expect(try site.stopAnswer(at: path, query: query) == nil, "\(path)")
        }
    }

    @Test func anUnknownStopIsTheNotFoundPageSayingSoWithALinkBack() throws {
        let site = try Site.render(Self.catalog().load())
        for (path, query, said) in [("/en/stop/999", nil, "No stop 999 in this guide"), ("/en/stop/", "n=1", "No stop 1 in this guide"),
                                    ("/en/stop/", "n=%3Cb%3E", "No stop &lt;b&gt; in this guide"), ("/stop/0/", nil, "이 안내서에는 0번이 없습니다")] {
            guard case let .unknown(page)? = try site.stopAnswer(at: path, query: query) else {
                Issue.record("\(path): not answered as unknown")
                continue
            }
            let text = String(decoding: page.body, as: UTF8.self)
            #expect(text.contains("<p>\(said)</p>"), "\(path)")
            #expect(text.contains(path.hasPrefix("/en/") ? #"href="/en/items/">Back to the list</a>"# : #"href="/items/">목록으로 돌아가기</a>"#))
        }
    }

    @Test func theExportHasAPageForEachStopThatSendsTheVisitorOnWithoutScript() throws {
        let site = try Site.render(Self.catalog().load(), options: SiteOptions(basePath: "/expo/", origin: "https://guide.example.org"))
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-stops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        _ = try SiteExporter.export(site, to: target)
        func file(_ name: String) throws -> String { try String(contentsOf: target.appendingPathComponent(name), encoding: .utf8) }
        // One page per stop, in the main language, naming the exhibit in every language.
        let jikji = try file("stop/12/index.html")
        #expect(jikji.contains(#"<meta http-equiv="refresh" content="0; url=/expo/items/jikji/">"#))
        #expect(jikji.contains(#"<link rel="canonical" href="https://guide.example.org/expo/items/jikji/">"#))
        #expect(jikji.contains(#"<link rel="alternate" hreflang="ko" href="/expo/items/jikji/">"#))
        #expect(jikji.contains(#"<link rel="alternate" hreflang="en" href="/expo/en/items/jikji/">"#))
        #expect(try file("stop/2/index.html").contains(#"url=/expo/items/haegeum/""#))
        // None for a number no exhibit has, and none per other language.
        let stopFolders = try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("stop").path).sorted()
        #expect(stopFolders == ["12", "2", "index.html", "index.html.gz"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("en/stop").path).sorted()
            == ["index.html", "index.html.gz"])
        // Kept plain: a .gz beside each would double the files they add to a large export.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("stop/12").path) == ["index.html"])
        // The form's target lists every stop for a browser without script, and says what to do.
        let stops = try file("en/stop/index.html")
        #expect(stops.contains(#"<a class="row" href="/expo/en/items/jikji/" data-stop="12">"#))
        #expect(stops.contains(#"<a class="row" href="/expo/en/items/haegeum/" data-stop="2">"#))
        #expect(stops.contains("<noscript><p class=\"stop-note\">To go to a stop, choose it below, or type its number into an address like https://guide.example.org/expo/stop/2/</p></noscript>"))
        #expect(stops.contains(#"data-stop-pages="/expo/stop/""#))
    }

    @Test func aServedStopsPageNeedsNoWordAboutTheAddress() throws {
        var options = SiteOptions()
        options.servesSearch = true
        let site = try Site.render(Self.catalog().load(), options: options)
        #expect(try !html(site, "/stop/").contains("stop-note"))
        #expect(try html(site, "/stop/").contains(#"data-stop="12""#))
    }

    @Test func aGuideWithMoreStopsThanAPageListsSaysToTypeTheNumberInstead() throws {
        let folder = try TemporaryCatalog.generated(count: StopsScreen.listLimit + 1)
        let site = try Site.render(folder.load())
        let page = try html(site, "/stop/")
        #expect(!page.contains("stop-list"))
        #expect(page.contains("/stop/1/ 같은 주소에 번호를 넣어 입력하세요."))
        #expect(site.stopPagePaths.count == StopsScreen.listLimit + 1)
    }

    @Test func aSharedStopLeadsToTheFirstExhibitWithIt() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"image_name\":\"haegeum\",", with: "\"image_name\":\"haegeum\",\"stop\":1,")
        let site = try Site.render(TemporaryCatalog.seed(extra: ["items.json": items]).load())
        guard case let .exhibit(location)? = try site.stopAnswer(at: "/stop/1/", query: nil) else {
            Issue.record("no redirect")
            return
        }
        #expect(location == "/items/jikji/")
        #expect(site.stopPagePaths == ["/stop/1/"])
    }

    @Test func aWallLabelPrintsTheCatalogsStopAndCodesItsAddress() throws {
        let site = try Site.render(Self.catalog().load(), options: SiteOptions(origin: "https://guide.example.org"))
        let page = String(decoding: try #require(try site.page(at: "/labels/")).body, as: UTF8.self)
        let labels = page.split(separator: #"<div class="wall-label">"#).dropFirst()
        let stops = labels.map { $0.firstMatch(of: /<span aria-hidden="true">(\d+)<\/span>/).map { String($0.output.1) } }
        #expect(stops == ["12", "2"])
        #expect(labels.first?.contains("https://guide.example.org/stop/12") == true)
    }
}
