import ExpoCatalog
import ExpoImages
import ExpoTestSupport
import HTTPTypes
import Logging
import NIOCore
import Testing
@testable import ExpoServer
@testable import ExpoSite

/// The server holds each page once: in its gzip form when it has one, in buffers it shares
/// with the site. A client that does not take gzip still gets the page's exact bytes, and
/// every header a GET or HEAD carried before.
@Suite struct HeldOncePagesTests {
    private static func withServer(_ site: Site, _ test: @escaping @Sendable (LiveServer) async throws -> Void) async throws {
        try await LiveServer.with(site) { client in try await test(client) }
    }

    /// The ETag is worked out from the bytes as they were rendered, before any compression:
    /// a body that matches it is the rendered one, whatever decompressed it.
    private static func tag(_ body: [UInt8]) -> String { "\"\(ContentHash.hex(body))\"" }

    @Test func aClientWithoutGzipGetsTheExactBytesOfAPageHeldCompressed() async throws {
        let site = try Site.render(try TemporaryCatalog.seed(extra: SiteResponderTests.englishFiles).load())
        let stylesheet = try #require(site.madePages.keys.first { $0.hasPrefix("/assets/style.") })
        // A screen, an asset, and an address answered with the 404 page.
        let paths = ["/items/", "/en/items/jikji/", stylesheet, "/en/nothing/"]
        @Sendable func page(_ path: String) throws -> Page {
            path.hasSuffix("/nothing/") ? site.notFoundPage(for: path) : try #require(try site.page(at: path), "\(path)")
        }
        for path in paths {
            #expect(try page(path).isCompressed, "\(path) is held compressed only")
        }
        try await Self.withServer(site) { client in
            for path in paths {
                let page = try page(path)
                // Twice: worked out the first time, kept the second.
                for _ in 0..<2 {
                    try client.execute(uri: path, method: .get) { response in
                        #expect(response.headers[.contentEncoding] == nil, "\(path)")
                        #expect(response.headers[.eTag] == page.etag)
                        #expect(response.headers[.vary] == "Accept-Encoding")
                        #expect(response.headers[.contentLength] == String(page.bodyLength))
                        #expect(Self.tag(response.body) == page.etag, "\(path): the rendered bytes")
                    }
                }
                try client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.headers[.contentEncoding] == "gzip")
                    #expect(response.body == page.gzip, "\(path)")
                }
            }
        }
    }

    @Test func aPageMadeOnRequestIsSentPlainFromItsGzipForm() async throws {
        let site = try Site.render(try TemporaryCatalog.generated(count: 700).load())
        let path = "/items/item-350/"
        #expect(site.isMadeOnRequest(path))
        // Made again here, this page still has the bytes its template wrote.
        let rendered = try #require(try site.page(at: path))
        try await Self.withServer(site) { client in
            try client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.body == rendered.gzip)
            }
            // Now the server holds the page in its gzip form only.
            try client.execute(uri: path, method: .get) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.body == rendered.body)
            }
        }
    }

    @Test func aHeadAnswerGivesTheLengthAGetWouldSendAndNoBody() async throws {
        let site = try Site.render(try TemporaryCatalog.seed(extra: SiteResponderTests.englishFiles).load())
        let page = try #require(try site.page(at: "/en/items/"))
        let gzip = try #require(page.gzip)
        try await Self.withServer(site) { client in
            for uri in ["/en/items/", "/en/items/?lang=en"] {
                try client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok)
                    #expect(response.body.isEmpty)
                    #expect(response.headers[.contentLength] == String(page.body.count), "\(uri)")
                    #expect(response.headers[.eTag] == page.etag)
                }
                try client.execute(uri: uri, method: .head, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.headers[.contentLength] == String(gzip.count), "\(uri)")
                    #expect(response.headers[.contentEncoding] == "gzip")
                }
            }
            // The connection is still in step: the HEAD answers carried no body.
            try client.execute(uri: "/en/items/", method: .get) { #expect($0.body == page.body) }
        }
    }

    @Test func theServerSendsTheSitesOwnBytesOfEachMadeFile() throws {
        let site = try Site.render(try TemporaryCatalog.generated(count: 700).load())
        let served = ServedSite(site)
        for (path, page) in site.madePages {
            let sent = try #require(try served.page(at: Substring(path)), "\(path)")
            let kept = page.held.withUnsafeReadableBytes { $0.baseAddress }
            #expect(sent.held.withUnsafeReadableBytes { $0.baseAddress } == kept, "\(path): one copy, not two")
        }
    }

    @Test func theCacheNeverHoldsMoreThanItsBudget() {
        let cache = PageCache<ByteBuffer>(budget: 1_000) { $0.readableBytes }
        for index in 0..<50 { cache.keep(ByteBuffer(repeating: 0, count: 100), at: "\(index)") }
        #expect(cache.byteCount <= 1_000)
        // Keeping a value again under its key replaces it rather than counting it twice.
        for _ in 0..<50 { cache.keep(ByteBuffer(repeating: 0, count: 100), at: "again") }
        #expect(cache.byteCount <= 1_000)
        #expect(cache.value(at: "again")?.readableBytes == 100)
        // A value larger than half the budget is kept alone.
        cache.keep(ByteBuffer(repeating: 0, count: 900), at: "large")
        #expect(cache.byteCount <= 1_000 / 2 + 900)
        #expect(cache.value(at: "large") != nil)
    }
}
