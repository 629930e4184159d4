import ExpoServer
import ExpoSite
import Foundation
import Testing
@testable import ExpoStudio

/// The dashboard: what was counted, as charts with their tables and as CSV, for editors and
/// admins only, with a visitor's search never able to become a spreadsheet formula.
@Suite struct StudioUsageTests {
    private static func key(_ subject: String, _ metric: UsageMetric, _ language: String = "ko") -> UsageTally.Key {
        UsageTally.Key(subject: subject, language: language, metric: metric)
    }

    static let formula = "=HYPERLINK(\"http://evil.example\",\"x\")"

    private static func counted(_ studio: LiveStudio) throws {
        let today = UsageDay.today()
        try UsageStore(folder: studio.state.folder).record(UsageTally.Batch(day: today, counts: [
            key("jikji", .viewLabel): 3, key("jikji", .viewSearch): 1, key("haegeum", .viewList): 1, key("jikji", .viewOther, "en"): 2,
            key("jikji", .recordingStarted): 4, key("jikji", .recordingFinished): 3, key("tour:strings#1", .viewTour): 2,
            key("tour:strings#2", .viewTour): 1, key("", .versionEasy): 1,
        ], missed: [MissedSearches.Query(language: "ko", text: "가야금 줄"): 5, MissedSearches.Query(language: "en", text: formula): 5]))
    }

    @Test func editorsAndAdminsSeeTheCountsAsChartsAndTables() async throws {
        let studio = try await LiveStudio(files: ["tours.json": #"[{"id": "strings", "title": "현악기", "stops": ["haegeum", "jikji"]}]"#])
        defer { Task { await studio.stop() } }
        try Self.counted(studio)
        for name in ["ben", "anna"] {
            let session = try #require(try await studio.logIn(name).session)
            let page = try await studio.http.send("GET", "/studio/usage", headers: [("Cookie", "studio_session=\(session)")])
            #expect(page.status == 200)
            let body = page.body
            // Each chart is an SVG naming its heading, with the table it draws beside it.
            #expect(body.components(separatedBy: "<svg class=\"chart\"").count - 1 >= 6)
            #expect(body.contains(#"<th scope="row">직지심체요절</th><td>6</td>"#), "직지: 3 label + 1 search + 2 English")
            #expect(body.contains(#"<th scope="row">녹음 해설</th><td>4</td><td>3</td><td>75 %</td>"#) || body.contains(#"<th scope="row">Recording</th><td>4</td><td>3</td><td>75 %</td>"#))
            #expect(body.contains(#"<th scope="row">1. 해금</th><td>2</td>"#) && body.contains(#"<th scope="row">2. 직지심체요절</th><td>1</td>"#))
            #expect(body.contains("가야금 줄"))
            // A visitor's text is escaped on the page.
            #expect(!body.contains("\"http://evil.example\""))
        }
        let contributor = try #require(try await studio.logIn("chae").session)
        for path in ["/studio/usage", "/studio/usage.csv", "/studio/usage-searches.csv"] {
            #expect(try await studio.http.send("GET", path, headers: [("Cookie", "studio_session=\(contributor)")]).status == 403, "\(path)")
            #expect(try await studio.http.send("GET", path).status == 303, "\(path) without a session")
        }
    }

    @Test func theCSVHoldsEveryCountAndNoFormula() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        try Self.counted(studio)
        let session = try #require(try await studio.logIn("ben").session)
        let today = UsageDay.date(UsageDay.today())
        let counts = try await studio.http.send("GET", "/studio/usage.csv?from=\(today)&to=\(today)", headers: [("Cookie", "studio_session=\(session)")])
        #expect(counts.status == 200)
        #expect(counts.header("content-type") == "text/csv; charset=utf-8")
        #expect(counts.header("content-disposition")?.hasPrefix("attachment;") == true)
        let lines = counts.body.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "period,subject,language,metric,count")
        #expect(lines.contains("\(today),jikji,ko,view_label,3"))
        #expect(lines.contains("\(today),tour:strings#1,ko,view_tour,2"))
        #expect(lines.count == 1 + 9)
        let searches = try await studio.http.send("GET", "/studio/usage-searches.csv?from=\(today)&to=\(today)", headers: [("Cookie", "studio_session=\(session)")])
        #expect(searches.body.contains("ko,가야금 줄,5"))
        // The formula starts with ' so no spreadsheet runs it.
        #expect(searches.body.contains(#",en,"'=HYPERLINK(""http://evil.example"",""x"")",5"#))
    }

    @Test func datesThatCannotBeReadShowTheLastThirtyDaysAndSaySo() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let session = try #require(try await studio.logIn("ben").session)
        for query in ["from=yesterday&to=2026-13-40", "from=%3Cscript%3E&to=1", "from=2026-02-30&to=2026-03-01"] {
            let page = try await studio.http.send("GET", "/studio/usage?\(query)", headers: [("Cookie", "studio_session=\(session)")])
            #expect(page.status == 200, "\(query)")
            #expect(page.body.contains("role=\"status\""), "\(query)")
            #expect(!page.body.contains("<script>"))
        }
        // Reversed dates are read the right way round; a range of ten years is cut to two.
        let reversed = try await studio.http.send("GET", "/studio/usage?from=2026-11-27&to=2026-11-01", headers: [("Cookie", "studio_session=\(session)")])
        #expect(reversed.body.contains(#"value="2026-11-01""#) && reversed.body.contains(#"value="2026-11-27""#))
        let long = try await studio.http.send("GET", "/studio/usage?from=2016-01-01&to=2026-11-27", headers: [("Cookie", "studio_session=\(session)")])
        #expect(long.body.contains(#"value="2024-11-27""#))
    }
}
