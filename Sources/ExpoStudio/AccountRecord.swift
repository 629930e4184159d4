import Foundation
import GRDB

/// A row of the `account` table. `folded` is the name as compared (`AccountName.folded`):
/// its unique index is what keeps `Anna` and `anna` from being two accounts, in every
/// script, which SQLite's own NOCASE (ASCII only) would not.
struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "account"

    var id: Int64?
    var name: String
    var folded: String
    var role: Role?
    var passwordHash: String
    var created: Date
    var updated: Date
    var sessionEpoch: Int = 0

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let folded = Column(CodingKeys.folded)
        static let role = Column(CodingKeys.role)
        static let passwordHash = Column(CodingKeys.passwordHash)
        static let updated = Column(CodingKeys.updated)
        static let sessionEpoch = Column(CodingKeys.sessionEpoch)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var account: Account {
        Account(id: id ?? 0, name: name, role: role, created: created, updated: updated, sessionEpoch: sessionEpoch)
    }

    /// The account with its roles in each exhibition.
    func account(_ db: Database) throws -> Account {
        var account = account
        for row in try Row.fetchAll(db, sql: "SELECT exhibition, role FROM exhibitionRole WHERE account = ?", arguments: [id]) {
            if let role = Role(rawValue: row["role"]) { account.exhibitionRoles[row["exhibition"]] = role }
        }
        return account
    }
}

extension Role: DatabaseValueConvertible {}
