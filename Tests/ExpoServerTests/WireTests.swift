import ExpoServer
import ExpoSite
import ExpoTestSupport
import Foundation
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
                // A blocking pause, like the client's reads: a Task.sleep resumes only when
                // a thread of the shared pool is free, which on a busy two-core machine
                // running other tests' blocking clients took longer than the timeout.
                usleep(100_000)
            }
            // Sends nothing and reads until the server closes; the client gives up after 10 s.
            #expect(try client.exchange("") == "")
        }
    }

    /// A body the guide ignores, by length or in chunks, is read past to the next request.
    @Test func readsPastARequestBodyToTheNextRequest() async throws {
        try await withServer { client in
            let answer = try client.exchange("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /items/ HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                + "HEAD / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let statuses = answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) }
            #expect(statuses == ["200", "200", "200"])
        }
    }

    /// After CONNECT, NIO's parser takes the rest of the connection for a tunnel: the request
    /// pipelined behind it was never answered and the connection stayed open. Every refused
    /// method now ends the connection after its 405. `exchange` returns only once the server
    /// has closed (its read gives end of file); a connection left open fails it after 10 s.
    @Test(arguments: ["CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n",
                      "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
                      "DELETE /items/ HTTP/1.1\r\nHost: a\r\n\r\n"])
    func aRefusedMethodGets405AndTheConnectionCloses(_ request: String) async throws {
        try await withServer { client in
            let answer = try client.exchange(request + "GET /items/ HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) } == ["405"])
            #expect(answer.contains("\r\nConnection: close\r\n"))
            #expect(answer.contains("\r\nAllow: GET, HEAD\r\n"))
            #expect(answer.hasSuffix("Method not allowed\n"))
        }
    }

    /// RFC 9112 §6.3: without `chunked` as the last transfer coding the body's end cannot be
    /// found, so the answer is 400 and the connection closes; §6.1: a coding the server does
    /// not know before `chunked` gets 501. `xchunked` used to leave the request unanswered.
    @Test(arguments: [("xchunked", "400"), ("gzip", "400"), ("chunked, gzip", "400"), ("chunked, chunked", "400"),
                      ("chunked\r\nContent-Length: 5", "400"), ("xgzip, chunked", "501")])
    func anUnreadableTransferEncodingGetsItsStatusAndTheConnectionCloses(_ coding: String, _ status: String) async throws {
        try await withServer { client in
            let answer = try client.exchange("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \(coding)\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\nGET /items/ HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) } == [status], "\(answer)")
            #expect(answer.contains("\r\nConnection: close\r\n"))
        }
    }
}
