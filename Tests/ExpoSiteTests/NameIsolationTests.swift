import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// A name is isolated wherever a page shows it, so that a bidi override in it cannot turn
/// the text around it: `Safe\u{202E}gnp.exe` must not reverse the next exhibit's name.
@Suite struct NameIsolationTests {
    @Test func anExhibitsNameIsIsolatedInTheListTheBarAndThePager() throws {
        let name = "Safe\u{202E}gnp.exe"
        let items = #"[{"name": "Safe\u202Egnp.exe", "image_name": "jikji", "short_desc": "책", "desc": "첫 문단."},"#
            + #" {"name": "해금", "image_name": "haegeum", "short_desc": "악기", "desc": "활로 켜는 악기."}]"#
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let site = try Site.render(try folder.load())
        func page(_ path: String) throws -> String { String(decoding: try #require(try site.page(at: path)).body, as: UTF8.self) }
        let list = try page("/items/")
        #expect(list.contains("<h2 class=\"row-title\"><bdi>\(name)</bdi></h2>"))
        let exhibit = try page("/items/jikji/")
        #expect(exhibit.contains("<h1 class=\"navigation-title\" data-read><bdi>\(name)</bdi></h1>"))
        let neighbour = try page("/items/haegeum/")
        #expect(neighbour.contains("<span class=\"pager-label\">이전 출품작</span> <bdi class=\"pager-name\">\(name)</bdi></a>"))
    }
}
