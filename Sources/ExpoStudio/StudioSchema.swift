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
        migrator.registerMigration("v3: drafts and history") { db in
            // One row a save: its id is the draft's revision, so a save over a newer one is
            // seen, and the rows say who saved what when.
            try db.create(table: "draftSave") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("exhibit", .text).notNull().indexed()
                table.column("account", .text).notNull()
                table.column("time", .datetime).notNull()
            }
            try db.create(table: "draft") { table in
                table.primaryKey("exhibit", .text)
                table.column("revision", .integer).notNull()
                table.column("account", .text).notNull()
                table.column("updated", .datetime).notNull()
                table.column("submitted", .boolean).notNull().defaults(to: false)
            }
            // A drafted text, and the published text it was drafted over: a publish checks
            // the file still holds that one, so a change made on disk is never written over.
            try db.create(table: "draftField") { table in
                table.column("exhibit", .text).notNull().references("draft", onDelete: .cascade)
                table.column("language", .text).notNull()
                table.column("field", .text).notNull()
                table.column("value", .text).notNull()
                table.column("base", .text).notNull()
                table.primaryKey(["exhibit", "language", "field"])
            }
            try db.create(table: "publication") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("time", .datetime).notNull()
                table.column("account", .text).notNull()
                table.column("kind", .text).notNull()
            }
            try db.create(table: "publishedChange") { table in
                table.column("publication", .integer).notNull().references("publication")
                table.column("exhibit", .text).notNull()
                table.column("language", .text).notNull()
                table.column("field", .text).notNull()
                table.column("old", .text).notNull()
                table.column("new", .text).notNull()
            }
            try db.create(index: "publishedChangeByExhibit", on: "publishedChange", columns: ["exhibit", "publication"])
        }
        migrator.registerMigration("v4: names compared in NFKC") { db in
            // Names were compared in NFC before; now in NFKC with every kind of space trimmed
            // (AccountName.canonical), so full-width `ａｄａ` is `ada`. Each stored name gets its
            // new form; of two that now fall together, the older keeps it and the newer is
            // renamed NAME-ID (as `users list` then shows), so both still log in.
            let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM account ORDER BY id")
            try db.execute(sql: "UPDATE account SET folded = '#' || id")
            for row in rows {
                let id: Int64 = row["id"]
                var name: String = row["name"]
                if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE folded = ?", arguments: [AccountName.canonical(name)]) ?? 0 > 0 {
                    let renamed = "\(name)-\(id)"
                    try db.execute(sql: "UPDATE account SET name = ? WHERE id = ?", arguments: [renamed, id])
                    name = renamed
                }
                try db.execute(sql: "UPDATE account SET folded = ? WHERE id = ?", arguments: [AccountName.canonical(name), id])
            }
        }
        migrator.registerMigration("v5: roles per exhibition") { db in
            // A folder of exhibitions (`--catalogs`) gives each person a role in some of
            // them, or one in all. The account's own role becomes the role in every
            // exhibition, and may be empty for someone who works on a few only. SQLite
            // cannot loosen a column's constraint in place: the table is made again.
            try db.execute(sql: """
                CREATE TABLE account_v5 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    folded TEXT NOT NULL UNIQUE,
                    role TEXT CHECK (role IS NULL OR role IN ('contributor', 'editor', 'admin')),
                    passwordHash TEXT NOT NULL,
                    created DATETIME NOT NULL,
                    updated DATETIME NOT NULL,
                    sessionEpoch INTEGER NOT NULL DEFAULT 0);
                INSERT INTO account_v5 (id, name, folded, role, passwordHash, created, updated, sessionEpoch)
                    SELECT id, name, folded, role, passwordHash, created, updated, sessionEpoch FROM account;
                DROP TABLE account;
                ALTER TABLE account_v5 RENAME TO account;
                """)
            try db.create(table: "exhibitionRole") { table in
                table.column("account", .integer).notNull().references("account", onDelete: .cascade)
                table.column("exhibition", .text).notNull()
                table.column("role", .text).notNull().check { Role.allCases.map(\.rawValue).contains($0) }
                table.primaryKey(["account", "exhibition"])
            }
        }
        migrator.registerMigration("v6: drafts, history and audit per exhibition") { db in
            // A studio over a folder of exhibitions (`studio --catalogs`) keeps each one's
            // drafts, publications and audit lines apart: two exhibitions may both have an
            // exhibit `1`. Rows from before belong to the one catalog (''). A draft's key
            // becomes (exhibition, exhibit), which SQLite cannot change in place.
            try db.execute(sql: """
                ALTER TABLE draftSave ADD COLUMN exhibition TEXT NOT NULL DEFAULT '';
                ALTER TABLE publication ADD COLUMN exhibition TEXT NOT NULL DEFAULT '';
                ALTER TABLE publishedChange ADD COLUMN exhibition TEXT NOT NULL DEFAULT '';
                ALTER TABLE audit ADD COLUMN exhibition TEXT NOT NULL DEFAULT '';
                CREATE TABLE draft_v6 (
                    exhibition TEXT NOT NULL DEFAULT '',
                    exhibit TEXT NOT NULL,
                    revision INTEGER NOT NULL,
                    account TEXT NOT NULL,
                    updated DATETIME NOT NULL,
                    submitted BOOLEAN NOT NULL DEFAULT 0,
                    PRIMARY KEY (exhibition, exhibit));
                INSERT INTO draft_v6 (exhibition, exhibit, revision, account, updated, submitted)
                    SELECT '', exhibit, revision, account, updated, submitted FROM draft;
                CREATE TABLE draftField_v6 (
                    exhibition TEXT NOT NULL DEFAULT '',
                    exhibit TEXT NOT NULL,
                    language TEXT NOT NULL,
                    field TEXT NOT NULL,
                    value TEXT NOT NULL,
                    base TEXT NOT NULL,
                    PRIMARY KEY (exhibition, exhibit, language, field),
                    FOREIGN KEY (exhibition, exhibit) REFERENCES draft_v6 (exhibition, exhibit) ON DELETE CASCADE);
                INSERT INTO draftField_v6 (exhibition, exhibit, language, field, value, base)
                    SELECT '', exhibit, language, field, value, base FROM draftField;
                DROP TABLE draftField;
                DROP TABLE draft;
                ALTER TABLE draft_v6 RENAME TO draft;
                ALTER TABLE draftField_v6 RENAME TO draftField;
                CREATE INDEX publishedChangeByExhibition ON publishedChange (exhibition, exhibit, publication);
                """)
        }
        return migrator
    }
}
