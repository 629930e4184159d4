import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// Browsing by the facts: the pages link every exhibit once per value it has, and each
/// count a facet page shows is the number of rows on that value's pages.
@Suite struct BrowseTests {
    private func site(perPage: Int = 2, browse: [String]? = ["분류"]) throws -> Site {
        try Site.render(TemporaryCatalog(FactsCatalog.files(browse: browse)).load(), options: SiteOptions(exhibitsPerPage: perPage))
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    /// The links of a page's list (`<ul class="exhibit-list …">`), in order.
    private func listLinks(_ page: String) -> [String] {
        guard let start = page.range(of: "<ul class=\"exhibit-list"), let end = page.range(of: "</ul>", range: start.upperBound..<page.endIndex) else { return [] }
        return page[start.upperBound..<end.lowerBound].matches(of: #/<a class="row[^"]*" href="([^"]+)"/#).map { String($0.output.1) }
    }

    /// Every page of a paged list, following its "next" links from the first.
    private func allPages(_ site: Site, from path: String) throws -> [String] {
        var pages = [try html(site, path)]
        while let next = pages.last?.firstMatch(of: #/href="([^"]+)" rel="next"/#)?.output.1 {
            pages.append(try html(site, String(next)))
            #expect(pages.count < 100, "the pages of \(path) end")
        }
        return pages
    }

    private func number(_ text: Substring) -> Int? {
        Int(text.filter(\.isNumber))
    }

    @Test(arguments: [("/", "작품"), ("/en/", "Work")])
    func everyExhibitIsLinkedOncePerValueAndEachCountIsItsRows(home: String, label: String) throws {
        let site = try site()
        let facets = listLinks(try html(site, home + "browse/"))
        #expect(facets.prefix(4) == ["maker", "date", "material", "place"].map { home + "browse/\($0)/" }[...])
        #expect(facets.count == 5, "maker, date, material, place and the browsable field")
        for facet in facets {
            var linked: [String: Int] = [:]
            for page in try allPages(site, from: facet) {
                let counts = page.matches(of: #/<span class="facet-count">([^<]+)</span>/#).map { number($0.output.1) }
                let values = listLinks(page)
                #expect(counts.count == values.count)
                for (value, count) in zip(values, counts) {
                    let rows = try allPages(site, from: value).flatMap(listLinks)
                    #expect(rows.count == count, "\(value) says \(count ?? -1) exhibits and lists \(rows.count)")
                    #expect(Set(rows).count == rows.count, "\(value) lists an exhibit twice")
                    for row in rows { linked[row, default: 0] += 1 }
                }
            }
            for entry in FactsCatalog.entries {
                let exhibit = home + "items/\(entry.id)/"
                let facts = home == "/" ? entry.ko : entry.en
                let expected = switch facet {
                case home + "browse/maker/": facts["maker"] == nil ? 0 : 1
                case home + "browse/material/": facts["material"] == nil ? 0 : 1
                case home + "browse/place/": facts["place"] == nil ? 0 : 1
                case home + "browse/date/": entry.dateValues
                default: entry.kind == nil ? 0 : 1
                }
                #expect(linked[exhibit, default: 0] == expected, "\(exhibit) in \(facet)")
            }
        }
    }

    @Test func valuesFoldSpacesCaseAndAccentsAndShowTheCommonestSpelling() throws {
        let site = try site()
        let makers = try html(site, "/browse/maker/")
        #expect(makers.contains("<bdi>김홍도</bdi>"))
        #expect(!makers.contains("<bdi>  김홍도"))
        // `Émile Gallé` and `émile  gallé` are one value, shown as the first met.
        #expect(makers.matches(of: #/(?i)<bdi>émile gallé</bdi>/#).count == 1)
        let english = try html(site, "/en/browse/maker/")
        #expect(english.contains("<bdi>Kim Hong-do</bdi>"), "the value in the English edition's words")
        #expect(english.contains("lang=\"en\""))
        let dates = try html(site, "/en/browse/date/")
        let names = dates.matches(of: #/class="facet-value"[^>]*><bdi>([^<]+)</bdi>/#).map { String($0.output.1) }
        #expect(names == ["14th century", "1370s", "18th century", "1740s", "19th century", "1850s"], "by time, decades under their century")
        let korean = try html(site, "/browse/date/").matches(of: #/class="facet-value"[^>]*><bdi>([^<]+)</bdi>/#).map { String($0.output.1) }
        #expect(korean == ["14세기", "1370년대", "18세기", "1740년대", "19세기", "1850년대"])
    }

    @Test func valuePagesArePagedLikeTheList() throws {
        let site = try site(perPage: 2)
        // 분류 회화: a, b and g, two a page.
        let field = try #require(listLinks(try html(site, "/browse/")).last)
        let painting = try #require(listLinks(try html(site, field)).first)
        #expect(try listLinks(html(site, painting)) == ["/items/a/", "/items/b/"])
        #expect(try listLinks(html(site, painting + "page/2/")) == ["/items/g/"])
        #expect(try site.page(at: painting + "page/3/") == nil)
        #expect(try site.page(at: painting + "page/1/") == nil)
        let second = try html(site, painting + "page/2/")
        #expect(second.contains("rel=\"prev\""))
        #expect(second.contains("<title>회화 (2 / 2 페이지)") || second.contains("<title>회화 ("))
    }

    @Test func theLanguageSwitchOfAValueLeadsToTheSameValueInTheOtherLanguage() throws {
        let site = try site()
        let makers = try html(site, "/browse/maker/")
        let kim = try #require(listLinks(makers).first { try html(site, $0).contains("<bdi>김홍도</bdi>") })
        let page = try html(site, kim)
        let english = try #require(page.firstMatch(of: #/hreflang="en" href="([^"]+)"/#)?.output.1)
        #expect(try html(site, String(english)).contains("<bdi>Kim Hong-do</bdi>"))
    }

    @Test func browsePagesHaveTitlesBackLinksAndBreadcrumbs() throws {
        let site = try site()
        let root = try html(site, "/en/browse/")
        #expect(root.contains("<html lang=\"en\" dir=\"ltr\">"))
        #expect(root.contains("<title>Browse · A craft show</title>"))
        #expect(root.contains("<a class=\"back\" href=\"/en/items/\">"))
        let facet = try html(site, "/en/browse/maker/")
        #expect(facet.contains("<title>Maker · Browse · A craft show</title>"))
        #expect(facet.contains("<a class=\"back\" href=\"/en/browse/\">"))
        #expect(facet.contains("<nav class=\"breadcrumbs\" aria-label=\"Breadcrumbs\">"))
        #expect(facet.contains("<span aria-current=\"page\"><bdi>Maker</bdi></span>"))
        let value = try html(site, try #require(listLinks(facet).first))
        #expect(value.contains("<a class=\"back\" href=\"/en/browse/maker/\">"))
        #expect(value.contains("<a href=\"/en/browse/\"><bdi>Browse</bdi></a>"))
    }

    @Test func theListLinksToBrowsingOnlyWhenSomeValueIsShared() throws {
        let site = try site()
        #expect(try html(site, "/items/").contains("<p class=\"browse-link\"><a href=\"/browse/\">분류별로 둘러보기</a></p>"))
        #expect(try html(site, "/en/items/").contains("<a href=\"/en/browse/\">Browse by category</a>"))
        let answer = try #require(try site.searchPage(at: "/items/", query: "작품"))
        #expect(String(decoding: answer.body, as: UTF8.self).contains("<a href=\"/browse/\">분류별로 둘러보기</a>"),
                "the server's answer to a search without script is the list, its link included")

        // The seed catalog with one exhibit's facts: nothing is shared, so nothing to browse.
        let jikji = #"[{"name":"직지","image_name":"jikji","short_desc":"책","desc":"책.","maker":"백운화상","date":"1377","material":"종이"},"#
            + #"{"name":"해금","image_name":"haegeum","short_desc":"악기","desc":"악기.","maker":"장인","date":"19세기","material":"나무"}]"#
        let alone = try TemporaryCatalog.seed(extra: ["items.json": jikji])
        let plain = try Site.render(alone.load())
        #expect(try !html(plain, "/items/").contains("browse"))
        #expect(try plain.page(at: "/browse/") == nil)
        #expect(!plain.paths.contains { $0.contains("browse") })

        let defaultSite = try Site.render(CatalogLoader.loadDefault())
        #expect(try !html(defaultSite, "/items/").contains("browse-link"))
        #expect(try !html(defaultSite, "/en/items/").contains("browse-link"))
        #expect(try defaultSite.page(at: "/browse/") == nil)
    }

    @Test func theExportHoldsEveryBrowsePage() throws {
        let site = try site()
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-browse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        _ = try SiteExporter.export(site, to: target)
        let browsePaths = site.paths.filter { $0.contains("/browse/") }
        #expect(browsePaths.count > 20)
        for path in browsePaths {
            let file = target.appendingPathComponent(SiteExporter.fileName(for: path))
            #expect(try Data(contentsOf: file) == Data(try #require(try site.page(at: path)).body), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("en/browse/date/1850s/index.html").path))
    }

    /// 700 exhibits by five makers: a site too large to make whole, whose browse pages are
    /// found from their paths.
    @Test func browsePathsResolveInALargeSiteAndNoOthers() throws {
        let entries = (1...700).map { index in
            #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "short_desc": "설명", "desc": "설명.", "maker": "장인 \#(index % 5)"}"#
        }
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
                                           "items.json": "[" + entries.joined(separator: ",") + "]"])
        let site = try Site.render(folder.load())
        #expect(site.pageCountBesidesBrowsing > Site.madeWholeLimit)
        let paths = site.paths
        let browse = paths.filter { $0.hasPrefix("/browse/") }
        // Browse, the makers' page, and two pages for each maker's 140 exhibits.
        #expect(browse.count == 1 + 1 + 5 * 2)
        // The count takes each language's search index as one file (its manifest, outside the
        // folder of the others), and counts every browse page.
        let searchFiles = paths.filter { $0.hasPrefix("/search/") || $0.hasPrefix("/en/search/") }
        #expect(paths.count - searchFiles.count == site.pageCount)
        #expect(site.pageCount - site.pageCountBesidesBrowsing == browse.count)
        for path in browse {
            #expect(site.isMadeOnRequest(path), "\(path)")
            #expect(try site.page(at: path) != nil, "\(path)")
        }
        let maker = try #require(browse.first { $0.hasSuffix("/page/2/") }?.dropLast("page/2/".count))
        #expect(try site.page(at: String(maker.dropLast())) != nil, "a folder answers without its final slash")
        for path in ["/browse/nope/", "/browse/maker/nope/", "\(maker)page/1/", "\(maker)page/02/", "\(maker)page/3/", "\(maker)page/",
                     "/browse/maker/page/2/", "/browse/maker/page/1/", "\(maker)x/y/", "/browse//", "/browse/maker//", "/en/browse/",
                     "/browse/date/", "/browse/material/", "/browsemaker/", "/items/browse/"] {
            #expect(try site.page(at: path) == nil, "\(path) is no page")
            #expect(!site.isMadeOnRequest(path), "\(path) is no page")
        }
    }
}
