import ExpoServer
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Testing

/// The server writes HTTP/1.1 itself; these hold it to what clients rely on.
@Suite struct WireTests {
    private func withServer(_ test: @escaping @Sendable (LiveServer) async throws -> Void) async throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        try await LiveServer.with(site, test)
    }

    @Test func datesEveryAnswerInTheHTTPFormat() async throws {
        try await withServer { client in
            for path in ["/", "/nothing"] {
                let date = try client.execute(uri: path, method: .get) { try #require($0.headers[.date]) }
                #expect(date.wholeMatch(of: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT/) != nil, "\(date)")
            }
        }
    }

    @Test func answersPipelinedRequestsInOrder() async throws {
        try await withServer { client in
            let answer = try client.exchange("GET /items/ HTTP/1.1\r\nHost: a\r\n\r\nGET /nothing HTTP/1.1\r\nHost: a\r\n\r\n"
                + "HEAD / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let statuses = answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) }
            #expect(statuses == ["200", "404", "200"])
            #expect(answer.hasSuffix("\r\n\r\n"), "the HEAD answer ends the stream with its headers")
            #expect(answer.contains("Connection: close"))
        }
    }

    @Test func closesAfterAnsweringAnHTTP10Request() async throws {
        try await withServer { client in
            let answer = try client.exchange("GET /items/ HTTP/1.0\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.contains("\r\nConnection: close\r\n"))
            #expect(answer.contains("</html>"))
        }
    }

    /// The long one leaves most of its bytes unread when the parser gives up; the 400 must
    /// still arrive instead of a reset connection.
    @Test(arguments: ["NOT HTTP AT ALL\r\n\r\n", "GET /é/" + String(repeating: "a", count: 7000) + " HTTP/1.1\r\nHost: a\r\n\r\n"])
    func answersAMalformedRequestWith400AndCloses(_ request: String) async throws {
        try await withServer { client in
            let answer = try client.exchange(request)
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(answer.contains("\r\nConnection: close\r\n"))
        }
    }

    /// A connection that keeps asking stays open past the idle timeout; once it goes
    /// quiet, the server closes it rather than holding it forever.
    @Test func closesAConnectionThatGoesQuiet() async throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        // Gaps of 0.1 s against a timeout of 1.5 s, so that a busy test machine cannot
        // stretch one into the other.
        try await LiveServer.with(site, idleTimeout: .milliseconds(1500)) { client in
            for _ in 0..<20 {
                try client.execute(uri: "/items/", method: .get) { #expect($0.status == .ok) }
                try await Task.sleep(for: .milliseconds(100))
            }
            // Sends nothing and reads until the server closes; the client gives up after 10 s.
            #expect(try client.exchange("") == "")
        }
    }

    @Test func readsPastARequestBodyToTheNextRequest() async throws {
        try await withServer { client in
            let answer = try client.exchange("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /items/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let statuses = answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) }
            #expect(statuses == ["405", "200"])
        }
    }
}
