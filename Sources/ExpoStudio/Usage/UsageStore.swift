import ExpoServer
import ExpoSite
import Foundation
import GRDB

/// The counts in the studio's store: days for the last `dayLimit` days (today among them), months before that.
/// A year of a busy guide is then at most 90 days of day rows and a month row for each
/// subject, language and metric seen in a month (docs/counts.md gives the sizes).
public enum UsageFolding {
    public static let dayLimit = 90

    /// The month of a day (days since 1970): year × 12 + month − 1.
    public static func month(ofDay day: Int) -> Int {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return parts.year! * 12 + parts.month! - 1
    }

    /// The month's first day (days since 1970).
    public static func firstDay(ofMonth month: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: month / 12, month: month % 12 + 1, day: 1))!
        return Int(date.timeIntervalSince1970 / 86_400)
    }
}

/// The counts, in their own SQLite file `counts.sqlite` in the state folder, beside the
/// studio's `studio.sqlite` and apart from it: the counts hold nothing of anyone, so the
/// file can be handed to whoever studies them without the accounts, the audit log (which
/// keeps the addresses staff log in from) or the drafts; and counting never waits for the
/// studio's writes, nor they for it.
public struct UsageStore: Sendable {
    public static let fileName = "counts.sqlite"

    public let folder: URL
    let database: DatabasePool
    public let file: URL

    /// Opens the counts in `folder` (`fileName`: a museum's exhibition's own file), making
    /// the folder (0700) and the file (0600) when they are not there yet, and bringing its
    /// tables up to date.
    public init(folder: URL, fileName: String = UsageStore.fileName) throws(StudioError) {
        self.folder = folder
        file = folder.appendingPathComponent(fileName)
        let path = file.path
        try StudioState.prepare(folder: folder, file: path, creating: true)
        database = try StudioState.openDatabase(path, migrator: Self.migrator)
    }

    func writing<T>(_ body: (Database) throws -> T) throws(StudioError) -> T {
        do { return try database.write(body) } catch { throw StudioState.problem(error, path: file.path) }
    }

    func reading<T>(_ body: (Database) throws -> T) throws(StudioError) -> T {
        do { return try database.read(body) } catch { throw StudioState.problem(error, path: file.path) }
    }
}

extension UsageStore {
    /// Adds a batch of counts in one transaction; the subjects' ids are looked up (and made)
    /// as they are first met.
    public func record(_ batch: UsageTally.Batch) throws(StudioError) {
        guard !batch.isEmpty else { return }
        try writing { db in
            var ids: [String: Int64] = [:]
            let find = try db.makeStatement(sql: "SELECT id FROM usageSubject WHERE name = ?")
            let make = try db.makeStatement(sql: "INSERT INTO usageSubject(name) VALUES (?)")
            func id(_ subject: String) throws -> Int64 {
                if let known = ids[subject] { return known }
                let found = try Int64.fetchOne(find, arguments: [subject])
                let id: Int64
                if let found {
                    id = found
                } else {
                    try make.execute(arguments: [subject])
                    id = db.lastInsertedRowID
                }
                ids[subject] = id
                return id
            }
            let add = try db.makeStatement(sql: """
                INSERT INTO usageDay(day, subject, language, metric, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO UPDATE SET count = count + excluded.count
                """)
            for (key, count) in batch.counts {
                try add.execute(arguments: [batch.day, try id(key.subject), key.language, key.metric.rawValue, count])
            }
            let miss = try db.makeStatement(sql: """
                INSERT INTO missedDay(day, language, query, count) VALUES (?, ?, ?, ?)
                ON CONFLICT DO UPDATE SET count = count + excluded.count
                """)
            for (query, count) in batch.missed {
                try miss.execute(arguments: [batch.day, query.language, query.text, count])
            }
        }
    }

    /// Folds the day rows older than `UsageFolding.dayLimit` days before `today` into their
    /// months, and answers how many months it folded. Rows of a month still partly in days
    /// are added to as its days are folded. Each month is its own transaction and `stopped`
    /// is asked before each: a guide stopping in the middle of a long backlog (a first start
    /// after months) stops at once, with every month folded or not, and the next start goes on.
    @discardableResult
    public func foldUsage(today: Int, stopped: () -> Bool = { false }) throws(StudioError) -> Int {
        // The last `dayLimit` days, today among them, stay days.
        let cutoff = today - UsageFolding.dayLimit + 1
        let oldest = try reading { db in
            [try Int.fetchOne(db, sql: "SELECT MIN(day) FROM usageDay"),
             try Int.fetchOne(db, sql: "SELECT MIN(day) FROM missedDay")].compactMap { $0 }.min()
        }
        guard var first = oldest, first < cutoff else { return 0 }
        let everything = try writing { db in
            try db.execute(sql: "INSERT OR IGNORE INTO usageSubject(name) VALUES (?)", arguments: [UsageSubject.everything])
            return try Int64.fetchOne(db, sql: "SELECT id FROM usageSubject WHERE name = ?", arguments: [UsageSubject.everything])
        }
        var months = 0
        // Month by month, so the day → month mapping stays in Swift's calendar.
        while first < cutoff, !stopped() {
            let month = UsageFolding.month(ofDay: first)
            let end = min(cutoff, UsageFolding.firstDay(ofMonth: month + 1))
            try writing { db in try Self.fold(db, month: month, days: first..<end, everything: everything) }
            months += 1
            first = end
        }
        if !stopped() { try compactIfMostlyFree() }
        return months
    }

    /// One month's days as month rows. A subject's views become one count, whatever route
    /// led there; the routes are kept for all subjects together. A month's rows are then
    /// about a third of what its days' rows would fold to, and every chart of the dashboard
    /// can still be drawn.
    private static func fold(_ db: Database, month: Int, days: Range<Int>, everything: Int64?) throws {
        try db.execute(sql: """
            INSERT INTO usageMonth(month, subject, language, metric, count)
            SELECT ?, subject, language, CASE WHEN metric < 8 THEN \(UsageMetric.viewsFolded.rawValue) ELSE metric END, SUM(count)
            FROM usageDay WHERE day >= ? AND day < ?
            GROUP BY subject, language, CASE WHEN metric < 8 THEN \(UsageMetric.viewsFolded.rawValue) ELSE metric END
            ON CONFLICT DO UPDATE SET count = count + excluded.count
            """, arguments: [month, days.lowerBound, days.upperBound])
        try db.execute(sql: """
            INSERT INTO usageMonth(month, subject, language, metric, count)
            SELECT ?, ?, language, metric, SUM(count) FROM usageDay WHERE day >= ? AND day < ? AND metric < 8
            GROUP BY language, metric
            ON CONFLICT DO UPDATE SET count = count + excluded.count
            """, arguments: [month, everything, days.lowerBound, days.upperBound])
        try db.execute(sql: """
            INSERT INTO missedMonth(month, language, query, count)
            SELECT ?, language, query, SUM(count) FROM missedDay WHERE day >= ? AND day < ?
            GROUP BY language, query
            ON CONFLICT DO UPDATE SET count = count + excluded.count
            """, arguments: [month, days.lowerBound, days.upperBound])
        try db.execute(sql: "DELETE FROM usageDay WHERE day >= ? AND day < ?", arguments: [days.lowerBound, days.upperBound])
        try db.execute(sql: "DELETE FROM missedDay WHERE day >= ? AND day < ?", arguments: [days.lowerBound, days.upperBound])
    }

    /// Makes the statement running now give up (a fold or compaction the server stops in
    /// the middle of); its transaction is rolled back whole.
    public func interrupt() { database.interrupt() }

    /// Gives the disk back after a fold that emptied much of the file (the first fold of a
    /// long-stopped guide): a day's fold frees about one day's rows, whose pages the next
    /// days' rows take, so this runs rarely; when it does, it takes seconds, once.
    private func compactIfMostlyFree() throws(StudioError) {
        do {
            try database.writeWithoutTransaction { db in
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                if pages > 1000, free * 4 > pages { try db.execute(sql: "VACUUM") }
            }
        } catch {
            throw StudioState.problem(error, path: file.path)
        }
    }

    /// The queries already kept (asked often enough) in the day rows: their next misses are
    /// stored at once, also after a restart.
    public func keptSearches() throws(StudioError) -> [MissedSearches.Query] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT DISTINCT language, query FROM missedDay").map {
                MissedSearches.Query(language: $0["language"], text: $0["query"])
            }
        }
    }
}

/// One stored count: a day's, or a month's once its days were folded.
public struct UsageRow: Sendable, Equatable {
    /// `2026-11-27` for a day, `2026-08` for a folded month.
    public let period: String
    public let subject: String
    public let language: String
    public let metric: UsageMetric
    public let count: Int
}

extension UsageStore {
    /// The counts from `first` to `last` (days since 1970, both included): day rows, and the
    /// rows of folded months that overlap the range (a month is only ever kept whole).
    public func usageRows(from first: Int, to last: Int) throws(StudioError) -> [UsageRow] {
        try reading { db in
            var rows: [UsageRow] = []
            let days = try Row.fetchCursor(db, sql: """
                SELECT day, name, language, metric, count FROM usageDay JOIN usageSubject ON usageSubject.id = subject
                WHERE day BETWEEN ? AND ? ORDER BY day, name, language, metric
                """, arguments: [first, last])
            while let row = try days.next() {
                guard let metric = UsageMetric(rawValue: row[3]) else { continue }
                rows.append(UsageRow(period: UsageDay.date(row[0]), subject: row[1], language: row[2], metric: metric, count: row[4]))
            }
            let months = try Row.fetchCursor(db, sql: """
                SELECT month, name, language, metric, count FROM usageMonth JOIN usageSubject ON usageSubject.id = subject
                WHERE month BETWEEN ? AND ? ORDER BY month, name, language, metric
                """, arguments: [UsageFolding.month(ofDay: first), UsageFolding.month(ofDay: last)])
            while let row = try months.next() {
                guard let metric = UsageMetric(rawValue: row[3]) else { continue }
                let month: Int = row[0]
                rows.append(UsageRow(period: String(format: "%04d-%02d", month / 12, month % 12 + 1), subject: row[1],
                                     language: row[2], metric: metric, count: row[4]))
            }
            return rows
        }
    }

    /// The searches that found nothing from `first` to `last`, most asked first.
    public func missedSearches(from first: Int, to last: Int) throws(StudioError) -> [(language: String, query: String, count: Int)] {
        try reading { db in
            try Row.fetchAll(db, sql: """
                SELECT language, query, SUM(count) AS total FROM (
                    SELECT language, query, count FROM missedDay WHERE day BETWEEN ? AND ?
                    UNION ALL SELECT language, query, count FROM missedMonth WHERE month BETWEEN ? AND ?)
                GROUP BY language, query ORDER BY total DESC, language, query
                """, arguments: [first, last, UsageFolding.month(ofDay: first), UsageFolding.month(ofDay: last)]).map {
                (language: $0[0], query: $0[1], count: $0[2])
            }
        }
    }
}
