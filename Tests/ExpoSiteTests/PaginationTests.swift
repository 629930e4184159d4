import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// Lists of more than 100 exhibits continue on further pages, so no page grows without bound.
@Suite struct PaginationTests {
    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    @Test func splitsTheListIntoPagesOfAHundred() throws {
        let site = try Site.render(TemporaryCatalog.generated(count: 250).load())
        let first = try html(site, "/items/")
        let second = try html(site, "/items/page/2/")
        let third = try html(site, "/items/page/3/")
        #expect(try site.page(at: "/items/page/4/") == nil)
        #expect(try site.page(at: "/items/page/1/") == nil, "page 1 has one address: /items/")
        #expect(first.components(separatedBy: "<a class=\"row\"").count - 1 == 100)
        #expect(second.components(separatedBy: "<a class=\"row\"").count - 1 == 100)
        #expect(third.components(separatedBy: "<a class=\"row\"").count - 1 == 50)
        #expect(second.contains("href=\"/items/item-101/\""))
        #expect(!second.contains("href=\"/items/item-100/\""))
        #expect(first.contains("<a class=\"pagination-link\" href=\"/items/page/2/\" rel=\"next\">다음 페이지</a>"))
        #expect(!first.contains("rel=\"prev\""))
        #expect(second.contains("href=\"/items/\" rel=\"prev\""))
        #expect(second.contains("href=\"/items/page/3/\" rel=\"next\""))
        #expect(second.contains("2 / 3 페이지"))
        #expect(!third.contains("rel=\"next\""))
        #expect((try site.allPages()).keys.filter { $0.hasPrefix("/items/item-") }.count == 250)
    }

    @Test func anExhibitsBackLinkReturnsToItsPage() throws {
        let site = try Site.render(TemporaryCatalog.generated(count: 250).load())
        #expect(try html(site, "/items/item-100/").contains("<a class=\"back\" href=\"/items/\">"))
        #expect(try html(site, "/items/item-101/").contains("<a class=\"back\" href=\"/items/page/2/\">"))
        #expect(try html(site, "/items/item-250/").contains("<a class=\"back\" href=\"/items/page/3/\">"))
    }

    @Test func aShortListHasNoPageLinks() throws {
        let site = try Site.render(TemporaryCatalog.generated(count: 100).load())
        #expect(!(try html(site, "/items/")).contains("pagination"))
        #expect(try site.page(at: "/items/page/2/") == nil)
    }
}
