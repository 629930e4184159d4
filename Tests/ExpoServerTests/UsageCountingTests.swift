import ExpoCatalog
@testable import ExpoServer
import ExpoSite
import ExpoTestSupport
import HTTPTypes
import Logging
import Testing

/// What the server counts from its own answers and from the pages' beacons, and what it
/// refuses: counted exactly, nothing about the visitor, nothing a made-up event can grow.
@Suite struct UsageCountingTests {
    static let tours = ["tours.json": #"[{"id": "strings", "title": "현악기", "stops": ["haegeum", "jikji"]}]"#]

    /// A server that counts into a tally the test reads; the tally's limit is `perMinute`.
    private func withCounting(perMinute: Int = 0, _ test: @escaping @Sendable (LiveServer, UsageTally, Int) async throws -> Void) async throws {
        let folder = try TemporaryCatalog.seed(extra: Self.tours.merging(SiteResponderTests.englishFiles) { a, _ in a })
        let site = try Site.render(folder.load())
        var logger = Logger(label: "test")
        logger.logLevel = .error
        // One minute throughout, as `today` is one day: the allowance is emptied when the minute turns.
        let tally = UsageTally(limit: UsageRateLimit(perMinute: perMinute, now: { 0 }), today: { 20_000 })
        let responder = SiteResponder(site: site, logger: logger, usage: tally)
        try await LiveServer.with(responder: responder) { client, port in try await test(client, tally, port) }
    }

    private static func key(_ subject: String, _ metric: UsageMetric, _ language: String = "ko") -> UsageTally.Key {
        UsageTally.Key(subject: subject, language: language, metric: metric)
    }

    private static let navigate: HTTPFields = [HTTPField.Name("Sec-Fetch-Mode")!: "navigate"]

    private static func with(_ fields: HTTPFields, _ name: String, _ value: String) -> HTTPFields {
        var fields = fields
        fields[HTTPField.Name(name)!] = value
        return fields
    }

    @Test func countsEachViewByTheRouteThatLedThere() async throws {
        try await withCounting { client, tally, _ in
            let visits: [(String, HTTPFields)] = [
                ("/items/jikji/", Self.navigate),
                ("/items/jikji/", Self.with(Self.navigate, "Referer", "http://127.0.0.1/items/")),
                ("/items/jikji/", Self.with(Self.navigate, "Referer", "http://127.0.0.1/items/?q=%EC%A7%81")),
                ("/items/jikji/?from=label", Self.navigate),
                ("/items/haegeum/?from=stop", Self.navigate),
                // The go-to-stop page (this catalog has no browse pages: a link from there cannot happen).
                ("/items/haegeum/", Self.with(Self.navigate, "Referer", "http://127.0.0.1/stop/")),
                ("/items/haegeum/", Self.with(Self.navigate, "Referer", "http://127.0.0.1/browse/")),
                // Another site linking in is only "other": its address is not kept.
                ("/items/haegeum/", Self.with(Self.navigate, "Referer", "https://elsewhere.example/items/")),
                ("/en/items/jikji/", Self.with(Self.navigate, "Referer", "http://127.0.0.1/en/tours/strings/")),
                ("/tours/strings/1/", Self.navigate),
                ("/", Self.navigate),
            ]
            for (path, headers) in visits {
                try client.execute(uri: path, method: .get, headers: headers) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.setCookie] == nil, "\(path) set a cookie")
                }
            }
            let batch = tally.take()
            #expect(batch.day == 20_000)
            #expect(batch.counts == [
                Self.key("jikji", .viewOther): 1, Self.key("jikji", .viewList): 1, Self.key("jikji", .viewSearch): 1,
                Self.key("jikji", .viewLabel): 1, Self.key("haegeum", .viewStop): 2,
                Self.key("haegeum", .viewOther): 2, Self.key("jikji", .viewTour, "en"): 1,
                Self.key("haegeum", .viewTour): 1, Self.key("tour:strings#1", .viewTour): 1,
                Self.key("", .viewOther): 1,
            ])
        }
    }

    @Test func countsNoRequestThatIsNoVisit() async throws {
        try await withCounting { client, tally, _ in
            let requests: [(String, HTTPRequest.Method, HTTPFields)] = [
                // A browser asking not to be counted.
                ("/items/jikji/", .get, Self.with(Self.navigate, "Sec-GPC", "1")),
                ("/items/jikji/", .get, Self.with(Self.navigate, "DNT", "1")),
                // The service worker filling its cache, a prefetch, a HEAD.
                ("/items/jikji/", .get, [HTTPField.Name("Sec-Fetch-Mode")!: "cors"]),
                ("/items/jikji/", .get, Self.with(Self.navigate, "Sec-Purpose", "prefetch")),
                ("/items/jikji/", .head, Self.navigate),
                // Pages that are no exhibit, and one the guide does not have.
                ("/items/", .get, Self.navigate),
                ("/items/nothing/", .get, Self.navigate),
            ]
            for (path, method, headers) in requests {
                try client.execute(uri: path, method: method, headers: headers) { _ in }
            }
            #expect(tally.take().isEmpty)
        }
    }

    private static func beacon(_ client: LiveServer, _ body: String, headers: HTTPFields = [:]) throws -> HTTPResponse.Status {
        try client.execute(uri: "/count", method: .post, headers: headers, body: Array(body.utf8)) { response in
            #expect(response.headers[.setCookie] == nil)
            return response.status
        }
    }

    @Test func takesTheEventsThePagesSend() async throws {
        try await withCounting { client, tally, _ in
            let events = [
                "e=start&x=jikji&l=ko&v=recording", "e=finish&x=jikji&l=ko&v=recording", "e=start&x=jikji&l=en&v=description",
                "e=finish&x=haegeum&l=ko&v=sign", "e=speed&x=jikji&l=ko&v=1.5", "e=transcript&x=jikji&l=ko",
                "e=captions&x=haegeum&l=ko", "e=version&l=ko&v=easy", "e=saved&x=jikji&l=ko", "e=installed&l=en",
                "e=view&x=haegeum&l=ko&v=tour&t=tour%3Astrings%231",
            ]
            for event in events {
                let status = try Self.beacon(client, event)
                #expect(status == .noContent, "\(event)")
            }
            #expect(tally.take().counts == [
                Self.key("jikji", .recordingStarted): 1, Self.key("jikji", .recordingFinished): 1,
                Self.key("jikji", .descriptionStarted, "en"): 1, Self.key("haegeum", .signFinished): 1,
                Self.key("jikji", .speed150): 1, Self.key("jikji", .transcriptOpened): 1, Self.key("haegeum", .captionsOpened): 1,
                Self.key("", .versionEasy): 1, Self.key("jikji", .savedOffline): 1, Self.key("", .installed, "en"): 1,
                Self.key("haegeum", .viewTour): 1, Self.key("tour:strings#1", .viewTour): 1,
            ])
        }
    }

    @Test func refusesMalformedOversizedAndMadeUpEvents() async throws {
        try await withCounting { client, tally, port in
            let refused = [
                "", "e=start", "e=start&x=jikji&l=ko", "e=start&x=jikji&l=ko&v=everything", "e=start&x=nothing&l=ko&v=recording",
                "e=start&x=jikji&l=fr&v=recording", "e=start&x=jikji&l=ko&v=recording&who=me", "e=start&e=start&x=jikji&l=ko&v=recording",
                "e=speed&x=jikji&l=ko&v=16", "e=view&x=jikji&l=ko&v=tour&t=tour%3Astrings%239", "e=delete&l=ko",
                "e=start&x=%ZZ&l=ko&v=recording", "e=transcript&x=jikji&l=ko&v=extra", "e=missed&l=ko", "garbage",
                "e=start&x=../../etc/passwd&l=ko&v=recording", "e=start&x=jikji&l=ko&v=recording&q=x",
            ]
            for body in refused {
                let status = try Self.beacon(client, body)
                #expect(status == .badRequest, "\(body)")
            }
            let invalid = try client.execute(uri: "/count", method: .post, body: [0x65, 0x3D, 0xFF, 0xFE]) { $0.status }
            #expect(invalid == .badRequest)
            // 100,000 made-up exhibits: every one refused, the tally as empty as before.
            for index in 0..<100_000 where index % 1000 == 0 || index < 200 {
                let status = try Self.beacon(client, "e=start&x=fake-\(index)&l=ko&v=recording")
                #expect(status == .badRequest)
            }
            #expect(tally.take().isEmpty)
            // Over 1 KB: refused unread, on a connection of its own (it ends the connection).
            let long = try LiveServer(port: port)
            let status = try Self.beacon(long, "e=missed&l=ko&q=" + String(repeating: "a", count: 1100))
            #expect(status == .contentTooLarge)
        }
    }

    @Test func takesNothingFromABrowserThatAsksNotToBeCounted() async throws {
        try await withCounting { client, tally, _ in
            let status = try Self.beacon(client, "e=start&x=jikji&l=ko&v=recording", headers: [HTTPField.Name("Sec-GPC")!: "1"])
            #expect(status == .noContent)
            #expect(tally.take().isEmpty)
        }
    }

    @Test func limitsEachAddressWithoutKeepingIt() async throws {
        try await withCounting(perMinute: 10) { client, tally, _ in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<12 { statuses.append(try Self.beacon(client, "e=saved&x=jikji&l=ko")) }
            #expect(statuses.prefix(10).allSatisfy { $0 == .noContent })
            #expect(statuses.suffix(2).allSatisfy { $0 == .tooManyRequests })
            #expect(tally.take().counts == [Self.key("jikji", .savedOffline): 10])
        }
    }

    @Test func keepsASearchThatFoundNothingOnlyOnceAskedFiveTimes() async throws {
        try await withCounting { client, tally, _ in
            for _ in 0..<4 { _ = try Self.beacon(client, "e=missed&l=ko&q=Gayageum") }
            _ = try Self.beacon(client, "e=missed&l=ko&q=Kim+Minsu")
            #expect(tally.take().missed.isEmpty)
            _ = try Self.beacon(client, "e=missed&l=ko&q=gayageum")
            for query in ["kim%40example.org", "010-1234-5678", "%2B82%2010%201234%205678"] {
                for _ in 0..<6 { _ = try Self.beacon(client, "e=missed&l=ko&q=\(query)") }
            }
            #expect(tally.take().missed == [MissedSearches.Query(language: "ko", text: "gayageum"): 5])
            _ = try Self.beacon(client, "e=missed&l=ko&q=GAYAGEUM")
            #expect(tally.take().missed == [MissedSearches.Query(language: "ko", text: "gayageum"): 1])
        }
    }

    @Test func leavesThePublicPagesAsTheyWere() async throws {
        try await withCounting { client, _, _ in
            let before = try client.execute(uri: "/items/", method: .get) { $0.body }
            for index in 0..<300 { _ = try Self.beacon(client, "e=start&x=fake-\(index)&l=ko&v=recording") }
            for _ in 0..<50 { _ = try Self.beacon(client, "e=saved&x=jikji&l=ko") }
            let after = try client.execute(uri: "/items/", method: .get) { $0.body }
            #expect(after == before)
        }
    }

    @Test func aGuideThatDoesNotCountRefusesBeacons() async throws {
        let folder = try TemporaryCatalog.seed()
        try await LiveServer.with(try Site.render(folder.load())) { client in
            let status = try client.execute(uri: "/count", method: .post, body: Array("e=saved&x=jikji&l=ko".utf8)) { $0.status }
            #expect(status == .methodNotAllowed)
        }
    }
}
