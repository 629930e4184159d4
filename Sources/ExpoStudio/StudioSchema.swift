import GRDB

extension StudioState {
    /// The state's tables, one migration a step. A migration, once released, is never
    /// changed: a museum's studio.sqlite made by an older guide is brought forward by the
    /// steps after it.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "account") { table in
                // Sessions and drafts will point at the id, so that a name can change.
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("folded", .text).notNull().unique()
                table.column("role", .text).notNull().check { Role.allCases.map(\.rawValue).contains($0) }
                table.column("passwordHash", .text).notNull()
                table.column("created", .datetime).notNull()
                table.column("updated", .datetime).notNull()
            }
            try db.create(table: "audit") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("time", .datetime).notNull().indexed()
                table.column("account", .text).notNull()
                table.column("action", .text).notNull()
                table.column("detail", .text).notNull()
                table.column("actor", .text).notNull()
            }
        }
        migrator.registerMigration("v2: sessions") { db in
            // Raised to end every session of an account at once (log out, new password):
            // a session remembers the number it began under.
            try db.alter(table: "account") { table in
                table.add(column: "sessionEpoch", .integer).notNull().defaults(to: 0)
            }
            // hummingbird-auth's session storage: the key is the SHA-256 of the cookie's
            // id, so that a copy of this file opens no session.
            try db.create(table: "session") { table in
                table.primaryKey("keyHash", .text)
                table.column("value", .blob).notNull()
                table.column("expires", .datetime).indexed()
            }
        }
        return migrator
    }
}
