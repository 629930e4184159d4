import ExpoServer
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Testing

/// The server reads Accept-Encoding from its bytes; it must still read it as RFC 9110
/// §12.5.3 says, over a real connection.
@Suite struct AcceptEncodingTests {
    @Test(arguments: [
        ("gzip", true), ("gzip, deflate, br, zstd", true), ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
        ("GZIP", true), ("x-gzip", true), ("*", true), ("gzip;q=0.001", true), (" gzip ; q = 1 ", true),
        ("deflate, *;q=0.5", true), ("identity", false), ("br", false), ("gzip;q=0", false),
        ("gzip; Q=0.000", false), ("gzip;q=0.", false), ("*;q=0", false), ("br, gzip;q=0, *", false),
        ("gzipped", false), ("nogzip", false), ("", false), (",,", false),
    ])
    func takesGzipOnlyWhenTheHeaderAllowsIt(header: String, gzip: Bool) async throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        let page = try #require(try site.page(at: "/items/"))
        try await LiveServer.with(site) { client in
            try client.execute(uri: "/items/", method: .get, headers: [.acceptEncoding: header]) { response in
                #expect(response.headers[.contentEncoding] == (gzip ? "gzip" : nil), "\(header)")
                let sentTheRightBytes = response.body == (gzip ? page.gzip : page.body)
                #expect(sentTheRightBytes, "\(header)")
            }
        }
    }
}
