import ExpoCatalog
@testable import ExpoServer
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Testing

/// `/stop/12` and the go-to-stop form over a real connection: a redirect to the exhibit,
/// looked up on request, or the not-found page saying which number the guide lacks.
@Suite struct StopRedirectTests {
    private func withServer(_ test: @escaping @Sendable (LiveServer) async throws -> Void) async throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"image_name\":\"jikji\",", with: "\"image_name\":\"jikji\",\"stop\":12,")
        let folder = try TemporaryCatalog.seed(extra: SiteResponderTests.englishFiles.merging(["items.json": items]) { _, new in new })
        let site = try Site.render(folder.load())
        try await LiveServer.with(site) { client in try await test(client) }
    }

    @Test func aStopAndTheFormRedirectToTheExhibitInTheirLanguage() async throws {
        try await withServer { client in
            for (uri, location) in [("/stop/12", "/items/jikji/"), ("/stop/12/", "/items/jikji/"), ("/stop/2", "/items/haegeum/"),
                                    ("/stop/?n=12", "/items/jikji/"), ("/stop?n=2", "/items/haegeum/"),
                                    ("/en/stop/12/", "/en/items/jikji/"), ("/en/stop/?n=12", "/en/items/jikji/")] {
                try client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .found, "\(uri)")
                    #expect(response.headers[.location] == location, "\(uri)")
                    // A reload may number the exhibits again.
                    #expect(response.headers[.cacheControl] == "no-cache", "\(uri)")
                    #expect(response.headers[.contentSecurityPolicy] != nil, "\(uri)")
                    #expect(response.body.isEmpty)
                }
            }
        }
    }

    @Test func anUnknownStopIsA404SayingWhichNumber() async throws {
        try await withServer { client in
            try client.execute(uri: "/en/stop/999", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let text = String(decoding: response.body, as: UTF8.self)
                #expect(text.contains("<p>No stop 999 in this guide</p>"))
                #expect(text.contains(#"href="/en/items/">Back to the list</a>"#))
            }
            try client.execute(uri: "/stop/?n=abc", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.isEmpty)
                #expect(Int(response.headers[.contentLength] ?? "") ?? 0 > 0)
            }
        }
    }

    @Test func thePageOfStopsAndOtherPagesWithTheQueryAreServedAsTheyAre() async throws {
        try await withServer { client in
            for uri in ["/stop/", "/stop/?n=", "/items/jikji/?n=12", "/en/items/?n=2"] {
                try client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                }
            }
        }
    }
}
