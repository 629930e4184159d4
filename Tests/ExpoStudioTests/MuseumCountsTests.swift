import ExpoServer
import ExpoSite
import Foundation
import Testing
@testable import ExpoStudio

/// Counts per exhibition (`studio --catalogs`): each exhibition's views and beacons go to its
/// own store, its dashboard and CSV show only its own and say whose they are, and the
/// museum's view of them all shows a person only the exhibitions they may read counts in.
@Suite struct MuseumCountsTests {
    /// A visitor opening a page, as a browser does.
    private static let navigation = [("Sec-Fetch-Mode", "navigate")]

    private static func beacon(_ studio: LiveMuseumStudio, _ path: String, _ body: String) async throws -> Int {
        try await studio.http.send("POST", path, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body).status
    }

    private static func flush(_ studio: LiveMuseumStudio) {
        for recorder in studio.listed.recorders.values { recorder.flush() }
    }

    @Test func eachExhibitionCountsIntoItsOwnStore() async throws {
        let studio = try await LiveMuseumStudio(counting: true)
        defer { Task { await studio.stop() } }
        for _ in 0..<3 { #expect(try await studio.http.send("GET", "/korea/items/jikji/", headers: Self.navigation).status == 200) }
        #expect(try await studio.http.send("GET", "/paris/items/haegeum/", headers: Self.navigation).status == 200)
        // Each exhibition's pages send their events to their own address.
        let page = try await studio.http.send("GET", "/paris/items/jikji/", headers: Self.navigation).body
        #expect(page.contains(#"<meta name="expo-count" content="/paris/count""#))
        #expect(try await Self.beacon(studio, "/paris/count", "e=start&x=jikji&l=ko&v=recording") == 204)
        Self.flush(studio)

        let today = UsageDay.today()
        let korea = try #require(studio.listed.counts(of: "korea")).usageRows(from: today, to: today)
        let paris = try #require(studio.listed.counts(of: "paris")).usageRows(from: today, to: today)
        #expect(korea.filter { $0.subject == "jikji" && $0.metric.isView }.map(\.count).reduce(0, +) == 3)
        #expect(!korea.contains { $0.subject == "haegeum" || $0.metric == .recordingStarted }, "korea holds nothing of paris")
        #expect(paris.contains { $0.subject == "haegeum" && $0.metric.isView && $0.count == 1 })
        #expect(paris.contains { $0.subject == "jikji" && $0.metric == .recordingStarted && $0.count == 1 })
        #expect(FileManager.default.fileExists(atPath: studio.state.folder.appendingPathComponent("counts/korea.sqlite").path))
    }

    @Test func aBeaconCountsOnlyAtItsOwnExhibitionsAddress() async throws {
        let studio = try await LiveMuseumStudio(counting: true)
        defer { Task { await studio.stop() } }
        let event = "e=start&x=jikji&l=ko&v=recording"
        // The museum has no `/count` of its own, and nothing else is an events address.
        #expect(try await Self.beacon(studio, "/count", event) != 204)
        #expect(try await Self.beacon(studio, "/nowhere/count", event) != 204)
        #expect(try await Self.beacon(studio, "/korea/../paris/count", event) != 204)
        #expect(try await Self.beacon(studio, "/KOREA/count", event) != 204)
        #expect(try await Self.beacon(studio, "/korea/count/", event) != 204)
        #expect(try await Self.beacon(studio, "/studio/e/korea/count", event) != 204)
        // Checked against that exhibition's own catalog.
        #expect(try await Self.beacon(studio, "/korea/count", "e=start&x=nothing-here&l=ko&v=recording") == 400)
        #expect(try await Self.beacon(studio, "/korea/count", "e=start&x=jikji&l=fr&v=recording") == 400)
        #expect(try await Self.beacon(studio, "/korea/count", String(repeating: "e", count: 2000)) == 413)
        Self.flush(studio)
        let today = UsageDay.today()
        for name in ["korea", "paris"] {
            #expect(try #require(studio.listed.counts(of: name)).usageRows(from: today, to: today).isEmpty, "\(name) counted nothing")
        }
    }

    @Test func theExhibitionsShareOneAllowancePerAddress() async throws {
        let studio = try await LiveMuseumStudio(counting: true, rate: 3)
        defer { Task { await studio.stop() } }
        let event = "e=start&x=jikji&l=ko&v=recording"
        #expect(try await Self.beacon(studio, "/korea/count", event) == 204)
        #expect(try await Self.beacon(studio, "/paris/count", event) == 204)
        #expect(try await Self.beacon(studio, "/korea/count", event) == 204)
        // Sending to the other exhibition gives no new allowance.
        #expect(try await Self.beacon(studio, "/paris/count", event) == 429)
    }

    @Test func eachDashboardShowsItsOwnCountsAndTheMuseumShowsThoseAPersonMayRead() async throws {
        let studio = try await LiveMuseumStudio(counting: true)
        defer { Task { await studio.stop() } }
        for _ in 0..<4 { _ = try await studio.http.send("GET", "/korea/items/jikji/", headers: Self.navigation) }
        for _ in 0..<2 { _ = try await studio.http.send("GET", "/paris/items/haegeum/", headers: Self.navigation) }
        Self.flush(studio)

        let korea = try await studio.get("kim", "/studio/e/korea/usage")
        #expect(korea.status == 200)
        #expect(korea.body.contains(#"<th scope="row">직지심체요절</th><td>4</td>"#))
        #expect(!korea.body.contains(#"<th scope="row">해금</th><td>2</td>"#), "paris's views are not korea's")
        #expect(try await studio.get("kim", "/studio/e/paris/usage").status == 403)
        #expect(try await studio.get("lee", "/studio/e/paris/usage").status == 403, "a contributor reads no counts")

        let today = UsageDay.date(UsageDay.today())
        let csv = try await studio.get("kim", "/studio/e/korea/usage.csv?from=\(today)&to=\(today)")
        let lines = csv.body.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "exhibition,period,subject,language,metric,count")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("korea,\(today),") } && lines.count > 1)
        #expect(csv.header("content-disposition")?.contains("expo1900-korea-counts-") == true)

        // The museum's view: anna sees both, kim korea alone, lee none at all.
        let all = try await studio.get("anna", "/studio/usage")
        #expect(all.status == 200)
        #expect(all.body.contains(#"href="/studio/e/korea/usage?from="#) && all.body.contains(#"href="/studio/e/paris/usage?from="#))
        #expect(all.body.contains("<code>korea</code></th><td>4</td>") && all.body.contains("<code>paris</code></th><td>2</td>"))
        #expect(all.body.contains("<svg class=\"chart\""))
        let kims = try await studio.get("kim", "/studio/usage")
        #expect(kims.status == 200 && kims.body.contains("<code>korea</code>") && !kims.body.contains("<code>paris</code>"))
        #expect(try await studio.get("kim", "/studio/").body.contains(#"href="/studio/usage""#))
        for path in ["/studio/usage", "/studio/usage.csv", "/studio/usage-searches.csv"] {
            #expect(try await studio.get("lee", path).status == 403, "\(path)")
            #expect(try await studio.http.send("GET", path).status == 303, "\(path) without a session")
        }
        let every = try await studio.get("anna", "/studio/usage.csv?from=\(today)&to=\(today)").body.split(separator: "\r\n")
        #expect(every.first == "exhibition,period,subject,language,metric,count")
        #expect(every.contains { $0.hasPrefix("korea,") } && every.contains { $0.hasPrefix("paris,") })
        let kimsCSV = try await studio.get("kim", "/studio/usage.csv?from=\(today)&to=\(today)").body
        #expect(!kimsCSV.contains("paris,"), "kim's CSV holds no exhibition she has no role in")
    }
}
