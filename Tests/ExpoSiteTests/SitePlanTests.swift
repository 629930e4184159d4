import ExpoCatalog
import Foundation
import ExpoTestSupport
import Testing
@testable import ExpoSite

/// A large site finds each page from its path instead of keeping a table of every path:
/// every path the plan lists must read back to its page, and nothing else may.
@Suite struct SitePlanTests {
    /// 700 exhibits: more pages than a site makes whole, so pages are found by their paths.
    private func site(origin: String? = nil) throws -> Site {
        let site = try Site.render(TemporaryCatalog.generated(count: 700).load(), options: SiteOptions(origin: origin))
        #expect(site.pageCount > Site.madeWholeLimit)
        return site
    }

    @Test func everyListedPathIsAPageMadeOnRequestOrWithTheSite() throws {
        let site = try site(origin: "https://guide.example.org")
        let paths = site.paths
        #expect(Set(paths).count == paths.count, "no path listed twice")
        // The count takes each language's search index as one file, its manifest: the others are
        // known once it is made.
        let searchFiles = paths.filter { $0.hasPrefix("/search/") }
        #expect(searchFiles.count > site.languages.count)
        #expect(paths.count - searchFiles.count == site.pageCount)
        // 700 exhibits, 7 list pages, the home and 404 pages, 700 IIIF manifests.
        #expect(paths.filter { !$0.hasPrefix("/assets/") }.count >= 700 + 7 + 2 + 700)
        for path in paths {
            #expect(try site.page(at: path) != nil, "no page at \(path)")
        }
        #expect(site.isMadeOnRequest("/items/item-700/"))
        #expect(site.isMadeOnRequest("/items/item-700"))
        #expect(site.isMadeOnRequest("/items/page/7/"))
        #expect(site.isMadeOnRequest("/iiif/item-3/manifest.json"))
        // The collection of every manifest too: making it at start was a third of a second at 69,202.
        #expect(site.isMadeOnRequest("/iiif/collection.json"))
        let collection = try #require(try site.page(at: "/iiif/collection.json"))
        let manifests = try #require(try JSONSerialization.jsonObject(with: Data(collection.body)) as? [String: Any])["items"] as? [Any]
        #expect(manifests?.count == 700)
        #expect(!site.isMadeOnRequest("/items/"), "the first list page is made with the site")
    }

    @Test func pathsTheRoutesNeverMakeAreNoPages() throws {
        let site = try site()
        for path in ["/items/page/02/", "/items/page/1/", "/items/page/8/", "/items/page/0/", "/items/page/-1/",
                     "/items/page/", "/items/item-701/", "/items/item-1/x/", "/items/item-1/index.html", "/items//",
                     "/en/items/item-1/", "/en/", "/iiif/item-1/manifest.json", "/iiif/collection.json", "/item-1/", "/itemsitem-1/"] {
            #expect(try site.page(at: path) == nil, "\(path) is not a page")
            #expect(!site.isMadeOnRequest(path), "\(path) is not a page")
        }
        #expect(try site.page(at: "/items/item-1") != nil, "a folder answers without its final slash")
    }

    @Test func eachExhibitPageShowsItsOwnExhibitAndNeighbours() throws {
        let site = try site()
        let page = String(decoding: try #require(try site.page(at: "/items/item-201/")).body, as: UTF8.self)
        #expect(page.contains("출품작 201"))
        #expect(page.contains("href=\"/items/item-200/\""))
        #expect(page.contains("href=\"/items/item-202/\""))
        #expect(page.contains("<a class=\"back\" href=\"/items/page/3/\">"))
    }

    @Test func theSearchIndexTheListNamesIsMadeWhenAskedForAndAChangeRewritesFewOfItsFiles() throws {
        let folder = try TemporaryCatalog.generated(count: 700)
        let site = try Site.render(folder.load())
        let list = String(decoding: try #require(try site.page(at: "/items/")).body, as: UTF8.self)
        let manifestPath = try #require(list.firstMatch(of: #/data-index="([^"]+)"/#)?.output.1).description
        #expect(manifestPath == "/search.json")
        #expect(site.isMadeOnRequest(manifestPath))
        #expect(site.paths.contains(manifestPath))
        let page = try #require(try site.page(at: manifestPath))
        // At fixed addresses, so asked again at each use rather than kept for a year.
        #expect(page.caching == Page.Caching.revalidate)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
        #expect(manifest["count"] as? Int == 700)
        #expect(manifest["files"] as? String == "/search/")
        let last = try #require(try site.page(at: "/search/d43.json"))
        #expect(last.caching == Page.Caching.revalidate)
        #expect(String(decoding: last.body, as: UTF8.self).contains("\"출품작 700\""), "the last chunk of rows holds the last exhibit")
        #expect(try site.page(at: "/search/d44.json") == nil, "700 exhibits make 44 chunks of 16")
        #expect(try site.page(at: "/search/manifest.json") == nil)
        #expect(try site.page(at: "/assets/search/d43.json") == nil)
        // A text changed in one exhibit changes the bytes of the files its words and row are in, and no name.
        let before = try Self.searchFiles(site)
        let items = try String(contentsOf: folder.url.appendingPathComponent("items.json"), encoding: .utf8)
        try folder.write("items.json", items.replacingOccurrences(of: "출품작 700", with: "출품작 칠백"))
        let after = try Self.searchFiles(try Site.render(folder.load()))
        #expect(before.count > 40)
        #expect(Set(after.keys) == Set(before.keys))
        let changed = after.keys.filter { after[$0] != before[$0] }
        #expect(changed.contains("/search/d43.json"))
        #expect(!changed.contains("/search.json"), "the manifest names branches, and no branch was cut")
        #expect(changed.count <= 6, "\(changed.sorted())")
    }

    private static func searchFiles(_ site: Site) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in site.paths where path.hasPrefix("/search") { files[path] = try site.page(at: path)?.body }
        return files
    }
}
