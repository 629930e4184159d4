import ExpoCatalog
import Foundation
import Logging
import Testing
@testable import ExpoServer

/// The request lines written without a `Logger` read exactly as `LineLogHandler` writes any
/// other line, and quote a hostile address the same way.
struct AccessLogTests {
    @Test func writesTheLineLogHandlersLinesAndQuotesWhatAClientSent() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString).log")
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: file)
        }
        let log = try #require(AccessLog(Logger(label: "expo1900") { LineLogHandler(label: $0) }, descriptor: descriptor))
        log.write(method: "GET", uri: "/items/jikji/", status: 200)
        let hostile = "/items/\u{1B}]0;owned\u{7}\n2026-01-01T00:00:00Z info expo1900: GET / 200"
        log.write(method: "GET", uri: hostile, status: 404)
        log.write(method: "POST", uri: "/count", status: 204)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        let stamp = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /#
        #expect(lines[0].prefixMatch(of: stamp) != nil)
        #expect(lines[0].hasSuffix(" info expo1900: GET /items/jikji/ 200"))
        #expect(lines[1].hasSuffix(" info expo1900: " + SiteResponder.logged("GET", hostile) + " 404"))
        #expect(!lines[1].unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        #expect(lines[2].hasSuffix(" info expo1900: POST /count 204"))
    }

    @Test func anyOtherHandlerKeepsItsOwnLines() {
        #expect(AccessLog(Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) == nil)
        var quiet = Logger(label: "expo1900") { LineLogHandler(label: $0) }
        quiet.logLevel = .warning
        #expect(AccessLog(quiet) == nil)
    }
}
