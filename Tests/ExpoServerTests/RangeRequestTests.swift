import ExpoCatalog
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Testing
@testable import ExpoServer

/// Range requests over a live connection, on a stylesheet held as it is sent.
@Suite struct RangeRequestTests {
    private static func withStylesheet(_ test: @escaping @Sendable (LiveServer, String, [UInt8]) async throws -> Void) async throws {
        let site = try Site.render(try TemporaryCatalog.seed().load())
        let path = try #require(site.madePages.keys.first { $0.hasPrefix("/assets/style.") })
        let body = try #require(try site.page(at: path)).body
        try await LiveServer.with(site) { client in try await test(client, path, body) }
    }

    private static func range(_ value: String, ifRange: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [.range: value]
        if let ifRange { fields[.ifRange] = ifRange }
        return fields
    }

    @Test func answersOneRangeWithThePartAsked() async throws {
        try await Self.withStylesheet { client, path, body in
            let length = body.count
            for (header, lower, upper) in [("bytes=0-99", 0, 99), ("bytes=100-", 100, length - 1), ("bytes=-500", length - 500, length - 1),
                                          ("bytes=10-99999999", 10, length - 1)] {
                try client.execute(uri: path, method: .get, headers: Self.range(header)) { response in
                    #expect(response.status == .partialContent, "\(header)")
                    #expect(response.headers[.contentRange] == "bytes \(lower)-\(upper)/\(length)", "\(header)")
                    #expect(response.body == Array(body[lower...upper]), "\(header)")
                    #expect(response.headers[.contentLength] == String(upper - lower + 1))
                }
            }
            try client.execute(uri: path, method: .get) { #expect($0.headers[.acceptRanges] == "bytes") }
        }
    }

    @Test func refusesARangePastTheEndAndSendsTheWholeForTwoOrAStaleIfRange() async throws {
        try await Self.withStylesheet { client, path, body in
            try client.execute(uri: path, method: .get, headers: Self.range("bytes=\(body.count)-")) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(body.count)")
                #expect(response.body.isEmpty)
            }
            try client.execute(uri: path, method: .get, headers: Self.range("bytes=0-1,5-9")) { response in
                #expect(response.status == .ok && response.body == body)
            }
            let etag = try client.execute(uri: path, method: .get) { try #require($0.headers[.eTag]) }
            try client.execute(uri: path, method: .get, headers: Self.range("bytes=0-9", ifRange: etag)) { response in
                #expect(response.status == .partialContent && response.body == Array(body[0...9]))
            }
            try client.execute(uri: path, method: .get, headers: Self.range("bytes=0-9", ifRange: "\"other\"")) { response in
                #expect(response.status == .ok && response.body == body, "an If-Range naming other bytes gets them whole")
            }
        }
    }

    @Test func answersAHeadWithTheRangesHeadersAndAGzipAskerWithTheWholeGzipBody() async throws {
        try await Self.withStylesheet { client, path, body in
            try client.execute(uri: path, method: .head, headers: Self.range("bytes=0-9")) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes 0-9/\(body.count)")
                #expect(response.headers[.contentLength] == "10")
                #expect(response.body.isEmpty)
            }
            var fields = Self.range("bytes=0-9")
            fields[.acceptEncoding] = "gzip"
            try client.execute(uri: path, method: .get, headers: fields) { response in
                #expect(response.status == .ok, "nginx's gzip_static also sends a gzip body whole")
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.contentRange] == nil)
            }
        }
    }
}
