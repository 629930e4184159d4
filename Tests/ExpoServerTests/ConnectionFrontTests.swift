import ExpoServer
import ExpoSite
import ExpoTestSupport
import Foundation
import Logging
import Testing

/// A page's request is read and answered by the connection's first handler; anything else
/// goes, with the rest of the connection, to NIO's decoder. These hold the two together.
@Suite struct ConnectionFrontTests {
    private func withServer(_ test: @escaping @Sendable (LiveServer) async throws -> Void) async throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        try await LiveServer.with(site, test)
    }

    /// A head that arrives in pieces is answered once it is whole.
    @Test func answersARequestSentAByteAtATime() async throws {
        try await withServer { client in
            let answer = try client.trickle("GET /items/ HTTP/1.1\r\nHost: a\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(answer.contains("\r\nConnection: close\r\n"))
            #expect(answer.contains("</html>"), "\(answer.suffix(40))")
        }
    }

    /// Requests the front reads, then one with a body (the decoder's), then more after it:
    /// every one is answered, in order.
    @Test func answersPageRequestsBeforeAndAfterOneTheDecoderReads() async throws {
        try await withServer { client in
            let answer = try client.exchange("GET /items/ HTTP/1.1\r\nHost: a\r\n\r\nHEAD /nothing HTTP/1.1\r\nHost: a\r\n\r\n"
                + "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /nothing HTTP/1.1\r\nHost: a\r\n\r\nHEAD / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            #expect(answer.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) } == ["200", "404", "200", "404", "200"], "\(answer.prefix(300))")
            #expect(answer.hasSuffix("\r\n\r\n"), "the HEAD answer ends the stream with its headers")
        }
    }

    /// A client that sends requests and reads no answer stops being read: the server does not
    /// gather answers for it without end. Each 1 KB request gets an answer of about 600 bytes,
    /// and 64 MB of them would all be taken (40 MB of answers held) if the server read on.
    /// Stopped, it takes what the kernel's buffers hold, a few megabytes.
    @Test func stopsReadingAClientThatReadsNoAnswers() async throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        var logger = Logger(label: "test")
        logger.logLevel = .error
        try await LiveServer.with(responder: SiteResponder(site: site, logger: logger)) { client, port in
            let request = Array("HEAD /items/ HTTP/1.1\r\nHost: a\r\nX-Pad: \(String(repeating: "a", count: 980))\r\n\r\n".utf8)
            let hoarder = try LiveServer(port: port)
            let sent = hoarder.sendWithoutReading(request, upTo: 64 << 20, stall: 2)
            #expect(sent > 1 << 20, "\(sent) bytes taken")
            #expect(sent < 32 << 20, "\(sent) bytes taken")
            // The server still answers everyone else.
            try client.execute(uri: "/items/", method: .get) { #expect($0.status == .ok) }
        }
    }
}
