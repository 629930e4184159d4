import ExpoCatalog
import ExpoImages
import ExpoSite
import ExpoTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing
@testable import ExpoServer

/// Recordings and videos are answered from their files on disk, whole or in ranges, with
/// `sendfile` and (as behind TLS) a megabyte at a time, and never held in the site's memory.
@Suite struct MediaFromDiskTests {
    /// 3 MB, so that the piece-by-piece answer takes several pieces, of bytes that differ
    /// at every offset a piece could start at.
    static let recording: [UInt8] = (0 ..< 3_000_123).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    private static func withRecording(sendsFiles: Bool,
                                      _ test: @escaping @Sendable (LiveServer, String, MediaFile, Int) async throws -> Void) async throws {
        let catalog = try TemporaryCatalog.seed().load()
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        let file = try MediaFile.holding(recording, name: "recording.m4a")
        defer { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
        renditions.recordings = ["talk.wav": AudioRendition(file: file, duration: 12)]
        let site = try Site.render(catalog, renditions: renditions)
        let path = try #require(site.madePages.keys.first { $0.hasPrefix("/audio/talk-") })
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = ExpoServer.Configuration(port: 0)
        configuration.sendsFiles = sendsFiles
        try await LiveServer.with(responder: SiteResponder(site: site, logger: logger), configuration: configuration) { client, port in
            try await test(client, path, file, port)
        }
    }

    @Test func theSitePageOfARecordingIsItsFileNotItsBytes() throws {
        let catalog = try TemporaryCatalog.seed().load()
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        let file = try MediaFile.holding(Self.recording)
        renditions.recordings = ["talk.wav": AudioRendition(file: file, duration: 12)]
        let site = try Site.render(catalog, renditions: renditions)
        let path = try #require(site.madePages.keys.first { $0.hasPrefix("/audio/talk-") })
        #expect(path == "/audio/talk-\(ContentHash.hex(Self.recording).prefix(10)).m4a", "named by the bytes' hash, as before")
        let page = try #require(site.madePages[path])
        #expect(page.file == file)
        #expect(page.held.readableBytes == 0, "no byte of it is held")
        #expect(page.bodyLength == Self.recording.count)
        #expect(page.etag == "\"\(ContentHash.hex(Self.recording))\"")
    }

    @Test(arguments: [true, false])
    func answersTheWholeFileAndEachKindOfRange(sendsFiles: Bool) async throws {
        try await Self.withRecording(sendsFiles: sendsFiles) { client, path, file, _ in
            let body = Self.recording
            let length = body.count
            try client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "audio/mp4")
                #expect(response.headers[.acceptRanges] == "bytes")
                #expect(response.headers[.contentLength] == String(length))
                #expect(response.headers[.eTag] == "\"\(file.contentHash)\"")
                #expect(response.body == body)
            }
            for (header, lower, upper) in [("bytes=0-1", 0, 1), ("bytes=1048570-2097160", 1_048_570, 2_097_160),
                                          ("bytes=2999000-", 2_999_000, length - 1), ("bytes=-10", length - 10, length - 1),
                                          ("bytes=5-99999999", 5, length - 1)] {
                try client.execute(uri: path, method: .get, headers: [.range: header]) { response in
                    #expect(response.status == .partialContent, "\(header)")
                    #expect(response.headers[.contentRange] == "bytes \(lower)-\(upper)/\(length)", "\(header)")
                    #expect(response.headers[.contentLength] == String(upper - lower + 1), "\(header)")
                    #expect(response.body == Array(body[lower...upper]), "\(header)")
                }
            }
            try client.execute(uri: path, method: .get, headers: [.range: "bytes=\(length)-"]) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(length)")
                #expect(response.body.isEmpty)
            }
            try client.execute(uri: path, method: .get, headers: [.range: "bytes=0-1,5-9"]) { response in
                #expect(response.status == .ok && response.body == body, "several ranges: the whole, as nginx does")
            }
            try client.execute(uri: path, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"other\""]) { response in
                #expect(response.status == .ok && response.body.count == length, "an If-Range naming other bytes gets them whole")
            }
            try client.execute(uri: path, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"\(file.contentHash)\""]) { response in
                #expect(response.status == .partialContent && response.body == Array(body[0...9]))
            }
            try client.execute(uri: path, method: .head, headers: [.range: "bytes=0-9"]) { response in
                #expect(response.status == .partialContent && response.headers[.contentLength] == "10" && response.body.isEmpty)
            }
            try client.execute(uri: path, method: .get, headers: [.ifNoneMatch: "\"\(file.contentHash)\""]) { response in
                #expect(response.status == .notModified && response.body.isEmpty)
            }
            // The same connection answers a page after a file, in order.
            try client.execute(uri: "/", method: .get) { #expect($0.status == .ok && !$0.body.isEmpty) }
        }
    }

    @Test(arguments: [true, false])
    func answersPipelinedRequestsInOrderAfterAFile(sendsFiles: Bool) async throws {
        try await Self.withRecording(sendsFiles: sendsFiles) { _, path, _, port in
            let client = try LiveServer(port: port)
            let ask = "GET \(path) HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1099999\r\n\r\n"
                + "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET \(path) HTTP/1.1\r\nHost: x\r\nRange: bytes=-3\r\nConnection: close\r\n\r\n"
            let answer = try client.exchange(ask)
            let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["206", "200", "206"], "\(statuses)")
            #expect(answer.contains("Content-Range: bytes 0-1099999/\(Self.recording.count)"))
            #expect(answer.contains("Content-Range: bytes \(Self.recording.count - 3)-\(Self.recording.count - 1)/\(Self.recording.count)"))
        }
    }

    @Test func aFileGoneFromTheCacheGetsA500NotAHalfAnswer() async throws {
        try await Self.withRecording(sendsFiles: true) { client, path, file, _ in
            try FileManager.default.removeItem(at: file.url)
            try client.execute(uri: path, method: .get) { response in
                #expect(response.status == .internalServerError)
                #expect(String(decoding: response.body, as: UTF8.self) == "The file could not be read.\n")
            }
            try client.execute(uri: "/", method: .get) { #expect($0.status == .ok, "the connection goes on") }
        }
    }
}
