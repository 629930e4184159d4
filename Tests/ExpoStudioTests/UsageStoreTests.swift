import ExpoServer
import ExpoSite
@testable import ExpoStudio
import Foundation
import GRDB
import Testing

/// The counts as the studio's store keeps them: added up across writes, folded into months
/// after 90 days without losing one, and nothing else in the file.
@Suite struct UsageStoreTests {
    static let today = UsageDay.day(of: "2026-11-27")!

    private static func key(_ subject: String, _ metric: UsageMetric, _ language: String = "ko") -> UsageTally.Key {
        UsageTally.Key(subject: subject, language: language, metric: metric)
    }

    private static func batch(day: Int, _ counts: [UsageTally.Key: Int], missed: [MissedSearches.Query: Int] = [:]) -> UsageTally.Batch {
        UsageTally.Batch(day: day, counts: counts, missed: missed, dropped: 0)
    }

    @Test func addsEachWriteToTheDaysRows() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try UsageStore(folder: root.url)
        try state.record(Self.batch(day: Self.today, [Self.key("jikji", .viewLabel): 2, Self.key("", .viewOther, "en"): 1]))
        try state.record(Self.batch(day: Self.today, [Self.key("jikji", .viewLabel): 3]))
        try state.record(Self.batch(day: Self.today - 1, [Self.key("jikji", .viewLabel): 7]))
        #expect(try state.usageRows(from: Self.today, to: Self.today) == [
            UsageRow(period: "2026-11-27", subject: "", language: "en", metric: .viewOther, count: 1),
            UsageRow(period: "2026-11-27", subject: "jikji", language: "ko", metric: .viewLabel, count: 5),
        ])
        #expect(try state.usageRows(from: Self.today - 1, to: Self.today).count == 3)
    }

    @Test func foldsDaysOlderThanNinetyIntoTheirMonths() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try UsageStore(folder: root.url)
        let query = MissedSearches.Query(language: "ko", text: "가야금")
        // Every day of a year: one label view a day, one missed search a day.
        for day in (Self.today - 364)...Self.today {
            try state.record(Self.batch(day: day, [Self.key("jikji", .viewLabel): 1], missed: [query: 1]))
        }
        try state.foldUsage(today: Self.today)
        let rows = try state.usageRows(from: Self.today - 364, to: Self.today)
        // Nothing lost: 365 views in all, in day rows for the last 90 days and month rows before,
        // where each month keeps 직지's views as one count and the routes of all of them apart.
        let days = rows.filter { $0.period.count == 10 }, months = rows.filter { $0.period.count == 7 }
        #expect(rows.filter { $0.subject != UsageSubject.everything }.reduce(0) { $0 + $1.count } == 365)
        #expect(days.count == UsageFolding.dayLimit && days.allSatisfy { $0.metric == .viewLabel })
        #expect(months.filter { $0.subject == "jikji" }.allSatisfy { $0.metric == .viewsFolded })
        #expect(months.filter { $0.subject == UsageSubject.everything }.allSatisfy { $0.metric == .viewLabel })
        #expect(months.filter { $0.subject == "jikji" }.count == 10 && months.filter { $0.subject == UsageSubject.everything }.count == 10)
        #expect(months.filter { $0.subject == "jikji" }.map(\.count) == months.filter { $0.subject == UsageSubject.everything }.map(\.count))
        #expect(try state.missedSearches(from: Self.today - 364, to: Self.today).map(\.count) == [365])
        // Folding again changes nothing.
        try state.foldUsage(today: Self.today)
        #expect(try state.usageRows(from: Self.today - 364, to: Self.today) == rows)
    }

    @Test func aFoldStoppedPartWayKeepsWholeMonthsAndTheNextOneFinishes() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try UsageStore(folder: root.url)
        for day in (Self.today - 364)...Self.today {
            try state.record(Self.batch(day: day, [Self.key("jikji", .viewLabel): 1], missed: [:]))
        }
        // Stopped after the first month, as a server told to stop is.
        var asked = 0
        let folded = try state.foldUsage(today: Self.today) {
            asked += 1
            return asked > 1
        }
        #expect(folded == 1)
        let partly = try state.usageRows(from: Self.today - 364, to: Self.today)
        #expect(partly.filter { $0.subject == "jikji" }.reduce(0) { $0 + $1.count } == 365)
        #expect(partly.filter { $0.period.count == 7 && $0.subject == "jikji" }.count == 1)
        let rest = try state.foldUsage(today: Self.today)
        #expect(rest == 9)
        let rows = try state.usageRows(from: Self.today - 364, to: Self.today)
        #expect(rows.filter { $0.subject == "jikji" }.reduce(0) { $0 + $1.count } == 365)
        #expect(rows.filter { $0.period.count == 7 && $0.subject == "jikji" }.count == 10)
    }

    @Test func keepsNoAddressNoBrowserAndNoPersonalQuery() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try UsageStore(folder: root.url)
        let tally = UsageTally(today: { Self.today })
        tally.add(Self.key("jikji", .viewOther))
        for _ in 0..<10 {
            tally.missed("visitor@example.org", language: "ko")
            tally.missed("+82 10 1234 5678", language: "ko")
        }
        tally.missed("Kim Minsu", language: "ko")
        try state.record(tally.take())
        let bytes = try Data(contentsOf: state.file)
        for secret in ["example.org", "1234", "Minsu", "minsu", "127.0.0.1", "Mozilla"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the file")
        }
        #expect(try state.usageRows(from: Self.today, to: Self.today).count == 1)
    }

    @Test func aWriteIsWholeOrNothing() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try UsageStore(folder: root.url)
        try state.record(Self.batch(day: Self.today, [Self.key("jikji", .viewLabel): 1]))
        // A batch whose second row breaks a rule of the table: the first is not kept either.
        #expect(throws: StudioError.self) {
            try state.writing { db in
                try db.execute(sql: "INSERT INTO usageDay VALUES (?, 1, 'ko', 0, 1) ON CONFLICT DO UPDATE SET count = count + 1", arguments: [Self.today])
                try db.execute(sql: "INSERT INTO usageDay VALUES (?, NULL, 'ko', 0, 1)", arguments: [Self.today])
            }
        }
        #expect(try state.usageRows(from: Self.today, to: Self.today).map(\.count) == [1])
    }
}
