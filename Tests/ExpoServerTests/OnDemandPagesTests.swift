import ExpoCatalog
import ExpoSite
import ExpoTestSupport
import Foundation
import Logging
import Synchronization
import Testing
@testable import ExpoServer

/// A large site makes most pages when they are asked for. Whenever that happens (first
/// asked, or asked again after the cache let it go), the page is the same bytes the export
/// writes; and a reload swaps whole sites, so an answer is always wholly the old site's
/// page or wholly the new one's.
@Suite struct OnDemandPagesTests {
    /// 700 exhibits: over the number of pages a site makes whole at once.
    static let exhibits = 700

    static func exported(_ site: Site) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-on-demand-\(UUID().uuidString)")
        _ = try SiteExporter.export(site, to: folder)
        return folder
    }

    @Test func aPageMadeOnRequestIsTheExportsBytesFirstAndAfterTheCacheLetItGo() throws {
        let site = try Site.render(try TemporaryCatalog.generated(count: Self.exhibits).load())
        let export = try Self.exported(site)
        defer { try? FileManager.default.removeItem(at: export) }
        let paths = ["/items/item-1/", "/items/item-350/", "/items/item-\(Self.exhibits)/", "/items/page/4/"]
        for path in paths { #expect(site.isMadeOnRequest(path), "\(path) is made on request") }
        // A cache of 30 KB holds a handful of pages: asking for 60 others lets the first ones go.
        let served = ServedSite(site, cacheBudget: 30_000)
        func check(_ path: String) throws {
            let page = try #require(try served.page(at: Substring(path)), "\(path)")
            let file = try Data(contentsOf: export.appendingPathComponent(SiteExporter.fileName(for: path)))
            let body = try #require(served.identityBody(of: page))
            #expect(Array(body.readableBytesView) == [UInt8](file), "\(path): the server's bytes are the export's")
            let gzip = try Data(contentsOf: export.appendingPathComponent(SiteExporter.fileName(for: path) + ".gz"))
            #expect(page.gzip != nil && Array(page.held.readableBytesView) == [UInt8](gzip), "\(path): and so are its gzip bytes")
        }
        for path in paths { try check(path) }
        for index in 100..<160 { _ = try served.page(at: Substring("/items/item-\(index)/")) }
        for path in paths { try check(path) }
        #expect(try served.page(at: "/items/item-\(Self.exhibits + 1)/") == nil)
    }

    /// Runs blocking work on a thread of its own.
    static func offThePool(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                do {
                    try work()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    @Test func aReloadUnderLoadNeverServesAMixOfOldAndNewPages() async throws {
        let before = try Site.render(try TemporaryCatalog.generated(count: Self.exhibits).load())
        let changed = try TemporaryCatalog.generated(count: Self.exhibits)
        let items = try String(contentsOf: changed.url.appendingPathComponent("items.json"), encoding: .utf8)
        try changed.write("items.json", items.replacingOccurrences(of: "출품작", with: "새 출품작"))
        let after = try Site.render(try changed.load())
        let paths: [String] = (1...40).map { "/items/item-\($0 * 17)/" } + ["/items/", "/items/page/3/"]
        var expected: [String: (old: [UInt8], new: [UInt8])] = [:]
        for path in paths {
            expected[path] = (try #require(try before.page(at: path)).body, try #require(try after.page(at: path)).body)
            #expect(expected[path]!.old != expected[path]!.new, "\(path) differs between the two sites")
        }
        let pages = expected
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let responder = SiteResponder(site: before, logger: logger)
        let counts = Tally()
        try await LiveServer.with(responder: responder) { _, port in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for connection in 0..<4 {
                    group.addTask {
                        // The clients block on their sockets: on threads of their own, not
                        // the shared pool other tests' tasks need to make progress.
                        try await Self.offThePool {
                        let client = try LiveServer(port: port)
                        for round in 0..<60 {
                            let path = paths[(round * 7 + connection * 11) % paths.count]
                            try client.execute(uri: path, method: .get) { response in
                                let body = response.body
                                if body == pages[path]!.old {
                                    counts.value.withLock { $0.old += 1 }
                                } else if body == pages[path]!.new {
                                    counts.value.withLock { $0.new += 1 }
                                } else {
                                    Issue.record("\(path): an answer that is neither site's page")
                                }
                            }
                        }
                        }
                    }
                }
                group.addTask {
                    try await Task.sleep(for: .milliseconds(150))
                    responder.replace(with: after)
                }
                try await group.waitForAll()
            }
            // Once the swap is done, every page is the new site's, even one the old site had made.
            let client = try LiveServer(port: port)
            for path in paths {
                try client.execute(uri: path, method: .get) { #expect($0.body == pages[path]!.new, "\(path)") }
            }
        }
        let (old, new) = counts.value.withLock { ($0.old, $0.new) }
        #expect(old + new == 240)
    }
}

/// How many answers were the old site's page and how many the new one's.
private final class Tally: Sendable {
    let value = Mutex((old: 0, new: 0))
}
