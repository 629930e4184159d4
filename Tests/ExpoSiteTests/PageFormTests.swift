import ExpoImages
import ExpoTestSupport
import NIOCore
import Testing
@testable import ExpoSite

/// A page is held in one form: gzip when that is smaller, else its body. The body is
/// always given back exactly, and never from bytes that are not the page's own.
@Suite struct PageFormTests {
    @Test func everyPageASiteKeepsIsHeldInOneForm() throws {
        let site = try Site.render(try TemporaryCatalog.generated(count: 700).load())
        #expect(site.madePages.values.contains { $0.isCompressed }, "the search indexes, the first list pages")
        for (path, page) in site.madePages {
            #expect(!page.holdsBothForms, "\(path)")
        }
        // The search index's files, made when first asked for and then kept for the site's life.
        let files = site.paths.filter { $0.hasPrefix("/search/") }
        #expect(files.count > 2)
        var compressed = 0
        for path in files {
            let file = try #require(try site.page(at: path))
            #expect(!file.holdsBothForms, "\(path)")
            if file.isCompressed { compressed += 1 }
        }
        #expect(compressed > 0, "the shards and rows of 700 exhibits are held compressed")
        // The assets the site's context holds for as long as the site lives, too.
        let catalog = try TemporaryCatalog.seed().load()
        let assets = SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                resources: try SiteResources.bundled(), routes: Routes(primary: catalog.primary.language, basePath: "/", origin: nil, hasIIIF: false))
        #expect(assets.files.values.contains { $0.isCompressed })
        for (path, page) in assets.files {
            #expect(!page.holdsBothForms, "\(path)")
        }
        // A page made for one use keeps what it was rendered as, for the export to write both.
        let exhibit = try #require(try site.page(at: "/items/item-350/"))
        #expect(exhibit.isCompressed && exhibit.holdsBothForms)
    }

    @Test func aPageHeldCompressedGivesBackItsBodyExactly() throws {
        let body = Array(String(repeating: "<p>Printed in 1377.</p>\n", count: 400).utf8)
        let made = Page(contentType: "text/html; charset=utf-8", body: body, caching: .revalidate)
        let kept = made.kept
        #expect(kept.isCompressed && !kept.holdsBothForms)
        #expect(kept.held.readableBytes < body.count / 10)
        #expect(kept.body == body)
        #expect(kept.bodyLength == body.count)
        #expect(kept.gzip == made.gzip)
        #expect(kept.etag == made.etag)
    }

    @Test func gzipBytesOfAnotherLengthAreNotTakenForTheBody() throws {
        let body = Array(String(repeating: "Jikji ", count: 200).utf8)
        let held = try #require(Page(contentType: "text/plain", body: body, caching: .revalidate).kept.held)
        #expect(Gzip.decompress(held, length: body.count).map { Array($0.readableBytesView) } == body)
        #expect(Gzip.decompress(held, length: body.count - 1) == nil)
        #expect(Gzip.decompress(held, length: body.count + 1) == nil)
        var cut = held
        cut.moveWriterIndex(to: held.writerIndex - 8)
        #expect(Gzip.decompress(cut, length: body.count) == nil, "a stream without its end")
        #expect(Gzip.decompress(ByteBuffer(bytes: body), length: body.count) == nil, "bytes that are not gzip")
    }

    @Test func aPageNotWorthCompressingIsHeldAsItsBody() {
        let small = Page(contentType: "text/html; charset=utf-8", body: Array("<p>Jikji</p>".utf8), caching: .revalidate)
        #expect(!small.isCompressed && small.gzip == nil && !small.holdsBothForms)
        #expect(Array(small.held.readableBytesView) == Array("<p>Jikji</p>".utf8))
        let image = Page(contentType: "image/webp", body: [UInt8](repeating: 7, count: 4096), caching: .immutable)
        #expect(!image.isCompressed && image.body == [UInt8](repeating: 7, count: 4096))
    }
}
