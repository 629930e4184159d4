import GRDB

extension UsageStore {
    /// The counts' tables, one migration a step; a released migration is never changed.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: counts") { db in
            // What a count is about (an exhibit's id, "" for the exposition, a tour's stop),
            // named once: a row then holds a small number, not the id again.
            try db.create(table: "usageSubject") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique()
            }
            // One row a day (or month), subject, language and metric with a count above 0:
            // nothing else, and nothing about who. Days older than `UsageFolding.dayLimit`
            // are folded into months (StudioState+Usage).
            for (table, period) in [("usageDay", "day"), ("usageMonth", "month")] {
                try db.create(table: table, options: .withoutRowID) { table in
                    table.column(period, .integer).notNull()
                    table.column("subject", .integer).notNull()
                    table.column("language", .text).notNull()
                    table.column("metric", .integer).notNull()
                    table.column("count", .integer).notNull()
                    table.primaryKey([period, "subject", "language", "metric"])
                }
            }
            // Searches that found nothing, only those asked at least MissedSearches.threshold times.
            for (table, period) in [("missedDay", "day"), ("missedMonth", "month")] {
                try db.create(table: table, options: .withoutRowID) { table in
                    table.column(period, .integer).notNull()
                    table.column("language", .text).notNull()
                    table.column("query", .text).notNull()
                    table.column("count", .integer).notNull()
                    table.primaryKey([period, "language", "query"])
                }
            }
        }
        return migrator
    }
}
