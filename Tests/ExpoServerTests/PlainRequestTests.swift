import NIOCore
import NIOHTTP1
import Testing
@testable import ExpoServer

/// The requests the server reads itself, and those it leaves to NIO's decoder.
@Suite struct PlainRequestTests {
    /// What `text` parses to, written out: `GET /a [host=b] 30`, `partial` or `other`.
    private func parsed(_ text: String) -> String {
        switch PlainRequest.parse(ByteBuffer(string: text)) {
        case let .head(head, length):
            let fields = head.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            return "\(head.method.rawValue) \(head.uri) [\(fields)] \(length)\(head.isKeepAlive ? "" : " close")"
        case .partial: return "partial"
        case .other: return "other"
        }
    }

    @Test func readsAPageRequestAndWhereItEnds() {
        let request = "GET /items/jikji/?lang=en HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept-Encoding:  gzip, br \r\n\r\n"
        #expect(parsed(request + "GET /next") == "GET /items/jikji/?lang=en [Host=127.0.0.1:8080,Accept-Encoding=gzip, br] \(request.utf8.count)")
        #expect(parsed("HEAD / HTTP/1.1\r\n\r\n") == "HEAD / [] 19")
        let tagged = "GET /%EA%B8%88/ HTTP/1.1\r\nIf-None-Match: W/\"a-b\", \"c\"\r\nConnection: Keep-Alive\r\n\r\n"
        #expect(parsed(tagged) == "GET /%EA%B8%88/ [If-None-Match=W/\"a-b\", \"c\",Connection=Keep-Alive] \(tagged.utf8.count)")
        #expect(parsed("GET / HTTP/1.1\r\nconnection: CLOSE\r\n\r\n") == "GET / [connection=CLOSE] 37 close")
        let blank = "GET / HTTP/1.1\r\nX-Empty:\r\nX-Tab:\tb\tc\t\r\n\r\n"
        #expect(parsed(blank) == "GET / [X-Empty=,X-Tab=b\tc] \(blank.utf8.count)")
    }

    /// Every prefix of a page's request waits for the rest.
    @Test func waitsForTheRestOfAHead() {
        let request = "HEAD /items/ HTTP/1.1\r\nHost: a\r\nAccept-Language: ko\r\n\r\n"
        for length in 0..<request.utf8.count {
            let prefix = String(decoding: Array(request.utf8).prefix(length), as: UTF8.self)
            #expect(parsed(prefix) == "partial", "\(length): \(prefix)")
        }
        #expect(parsed(request) != "partial")
    }

    /// Whatever is not plainly a GET or HEAD without a body is NIO's decoder's, which reads
    /// it (or refuses it) as it always did.
    @Test(arguments: [
        "POST / HTTP/1.1\r\n\r\n", "get / HTTP/1.1\r\n\r\n", "OPTIONS * HTTP/1.1\r\n\r\n", "GE ", "HEA ", "NOT HTTP AT ALL\r\n\r\n",
        "GET http://a/ HTTP/1.1\r\n\r\n", "GET * HTTP/1.1\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET / http/1.1\r\n\r\n", "GET / HTTP/1.1\n\n", "GET / HTTP/1.1 \r\n\r\n",
        "GET /a b HTTP/1.1\r\n\r\n", "GET /é HTTP/1.1\r\n\r\n", "GET /a\u{7F} HTTP/1.1\r\n\r\n", "GET /<script> HTTP/1.1\r\n\r\n",
        "GET /a#b HTTP/1.1\r\n\r\n", "GET /a\\b HTTP/1.1\r\n\r\n", "GET /\"x\" HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", "GET / HTTP/1.1\r\ncontent-length: 5\r\n\r\nhello",
        "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "GET / HTTP/1.1\r\nTRANSFER-ENCODING: x\r\n\r\n",
        "GET / HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n", "GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: keep-alive, Upgrade\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", "GET / HTTP/1.1\r\n: a\r\n\r\n",
        "GET / HTTP/1.1\r\nNo colon\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n", "GET / HTTP/1.1\r\nX: caf\u{E9}\r\n\r\n", "GET / HTTP/1.1\r\nX(y): a\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\r\n",
    ])
    func leavesEverythingElseToTheDecoder(_ request: String) {
        #expect(parsed(request) == "other", "\(request.debugDescription)")
    }

    @Test func leavesAHeadWithTooManyLinesToTheDecoder() {
        let lines = (0..<PlainRequest.mostFields).map { "X-\($0): a\r\n" }.joined()
        #expect(parsed("GET / HTTP/1.1\r\n" + lines + "\r\n").hasPrefix("GET / "))
        #expect(parsed("GET / HTTP/1.1\r\n" + lines + "X: b\r\n\r\n") == "other")
    }
}
