import ExpoCatalog
import Foundation
import GRDB

/// Accounts: who may work in the studio, in which role. Every change writes its audit
/// row in the same transaction, so the log and the accounts never disagree.
extension StudioState {
    /// Every account, in the order of their names as compared.
    public func accounts() throws(StudioError) -> [Account] {
        try reading { db in
            try AccountRecord.order(AccountRecord.Columns.folded).fetchAll(db).map { try $0.account(db) }
        }
    }

    /// The account `name` names, compared ignoring case; nil when there is none.
    public func account(named name: String) throws(StudioError) -> Account? {
        try reading { db in try Self.record(AccountName.canonical(name), db)?.account(db) }
    }

    /// Adds an account. The password is hashed before the transaction begins, so the
    /// hash's 100 ms and more never hold the state's write lock.
    /// `exhibition`: the role is in that exhibition only (`--catalogs`); else in every one.
    @discardableResult
    public func addAccount(_ name: AccountName, role: Role, in exhibition: String? = nil, password: Password,
                           by actor: String) throws(StudioError) -> Account {
        if let exhibition { try Self.checkExhibition(exhibition) }
        let hash = PasswordHash(of: password)
        let time = now()
        return try writing { db in
            if try Self.record(name.folded, db) != nil { throw StudioError.nameTaken(name.text) }
            var record = AccountRecord(
                name: name.text, folded: name.folded, role: exhibition == nil ? role : nil, passwordHash: hash.text, created: time, updated: time)
            try record.insert(db)
            if let exhibition {
                try db.execute(sql: "INSERT INTO exhibitionRole (account, exhibition, role) VALUES (?, ?, ?)",
                               arguments: [record.id, exhibition, role.rawValue])
            }
            try Self.audit(db, time, name.text, .accountAdded, "as \(role)" + (exhibition.map { " in \($0)" } ?? ""), actor,
                           exhibition: exhibition ?? "")
            return try record.account(db)
        }
    }

    /// An exhibition's name as a folder of catalogs allows it.
    static func checkExhibition(_ name: String) throws(StudioError) {
        if let problem = MuseumFolder.problem(withName: name) { throw .invalidExhibition(name, problem) }
    }

    /// Removes an account, unless it is the last admin.
    public func removeAccount(named name: String, by actor: String) throws(StudioError) {
        let time = now()
        try writing { db in
            let record = try Self.existing(name, db)
            try Self.refuseLosingTheLastAdmin(record, change: "removing it", db)
            let roles = try record.account(db).rolesDescription
            _ = try record.delete(db)
            try Self.audit(db, time, record.name, .accountRemoved, "was \(roles)", actor)
        }
    }

    /// Gives an account another role, in every exhibition or in `exhibition`; nil takes
    /// that role away. Refused when it leaves no admin of every exhibition, or the account
    /// with no role at all.
    public func setRole(_ role: Role?, of name: String, in exhibition: String? = nil, by actor: String) throws(StudioError) {
        if let exhibition { try Self.checkExhibition(exhibition) }
        let time = now()
        try writing { db in
            var record = try Self.existing(name, db)
            let account = try record.account(db)
            let before = exhibition.map { account.exhibitionRoles[$0] } ?? account.role
            guard before != role else { return }
            let after: Account = {
                var after = account
                if let exhibition { after.exhibitionRoles[exhibition] = role } else { after.role = role }
                return after
            }()
            if after.role == nil && after.exhibitionRoles.isEmpty { throw StudioError.noRoleLeft(name: record.name) }
            if exhibition == nil, role != .admin {
                try Self.refuseLosingTheLastAdmin(record, change: role.map { "making it \($0)" } ?? "taking its role away", db)
            }
            if let exhibition {
                if let role {
                    try db.execute(sql: "INSERT OR REPLACE INTO exhibitionRole (account, exhibition, role) VALUES (?, ?, ?)",
                                   arguments: [record.id, exhibition, role.rawValue])
                } else {
                    try db.execute(sql: "DELETE FROM exhibitionRole WHERE account = ? AND exhibition = ?", arguments: [record.id, exhibition])
                }
            } else {
                record.role = role
            }
            record.updated = time
            try record.update(db)
            let place = exhibition.map { " in \($0)" } ?? (account.exhibitionRoles.isEmpty ? "" : " in every exhibition")
            try Self.audit(db, time, record.name, .roleChanged, "from \(before?.description ?? "none") to \(role?.description ?? "none")\(place)", actor,
                           exhibition: exhibition ?? "")
        }
    }

    /// Sets a new password and ends every session of the account: whoever knew the old one
    /// and logged in with it is out.
    public func setPassword(_ password: Password, of name: String, by actor: String) throws(StudioError) {
        // Found first, so a mistyped name is said before a hash's time is spent.
        guard try account(named: name) != nil else { throw .noSuchAccount(name) }
        let hash = PasswordHash(of: password)
        let time = now()
        try writing { db in
            var record = try Self.existing(name, db)
            record.passwordHash = hash.text
            record.updated = time
            record.sessionEpoch += 1
            try record.update(db)
            try Self.audit(db, time, record.name, .passwordChanged, "", actor)
        }
    }

    /// The account when `password` is its password, else nil. An unknown name is checked
    /// against a dummy hash of the same cost, and an over-long password is checked too
    /// (and refused after), so every "no" takes one hash's time and tells nothing of why.
    public func authenticate(name: String, password: String) throws(StudioError) -> Account? {
        let record = try reading { db in try Self.record(AccountName.canonical(name), db) }
        let hash = record.map { PasswordHash(text: $0.passwordHash) } ?? .unknownAccount
        let matches = hash.matches(password)
        // bcrypt compares only the first 72 bytes, and its C code stops at a NUL: a password
        // longer than any it was given, or holding a control character (refused when a
        // password is set), is not the one that was set. Both are refused after the hash, so
        // the answer and its time are a wrong password's.
        guard let record, matches, password.utf8.count <= Password.maximumBytes,
              !password.unicodeScalars.contains(where: Password.isRefused) else { return nil }
        // With its roles in each exhibition: whether it may log in here depends on them.
        return try reading { db in try record.account(db) }
    }

    /// The account with this number, for a session's requests; nil once it is removed.
    public func account(id: Int64) throws(StudioError) -> Account? {
        try reading { db in try AccountRecord.fetchOne(db, key: id)?.account(db) }
    }

    /// Ends every session of the account (logging out ends them on every device).
    public func endSessions(of account: Account, action: AuditEntry.Action, detail: String = "") throws(StudioError) {
        let time = now()
        try writing { db in
            guard var record = try AccountRecord.fetchOne(db, key: account.id) else { return }
            record.sessionEpoch += 1
            try record.update(db)
            try Self.audit(db, time, record.name, action, detail, record.name)
        }
    }

    /// Adds a line to the audit log about `account` (a login, a failed one).
    public func record(_ action: AuditEntry.Action, account: String, detail: String, actor: String) throws(StudioError) {
        let time = now()
        try writing { db in try audit(db, time, account, action, detail, actor) }
    }

    /// The audit log, oldest first: this exhibition's lines, or, unscoped, every line
    /// (the museum's own and every exhibition's).
    public func auditLog() throws(StudioError) -> [AuditEntry] {
        try reading { db in
            let lines = exhibition.isEmpty ? AuditEntry.all() : AuditEntry.filter(Column("exhibition") == exhibition)
            return try lines.order(Column("id")).fetchAll(db)
        }
    }

    private static func record(_ folded: String, _ db: Database) throws -> AccountRecord? {
        try AccountRecord.filter(AccountRecord.Columns.folded == folded).fetchOne(db)
    }

    private static func existing(_ name: String, _ db: Database) throws -> AccountRecord {
        guard let record = try record(AccountName.canonical(name), db) else {
            throw StudioError.noSuchAccount(name)
        }
        return record
    }

    /// A museum whose only admin is gone cannot manage its accounts from the studio again.
    private static func refuseLosingTheLastAdmin(_ record: AccountRecord, change: String, _ db: Database) throws {
        guard record.role == .admin else { return }
        let admins = try AccountRecord.filter(AccountRecord.Columns.role == Role.admin.rawValue).fetchCount(db)
        if admins <= 1 { throw StudioError.lastAdmin(name: record.name, change: change) }
    }

    static func audit(
        _ db: Database, _ time: Date, _ account: String, _ action: AuditEntry.Action, _ detail: String, _ actor: String,
        exhibition: String = ""
    ) throws {
        try AuditEntry(time: time, account: account, action: action, detail: detail, actor: actor, exhibition: exhibition).insert(db)
    }

    /// A line of this exhibition's audit log.
    func audit(_ db: Database, _ time: Date, _ account: String, _ action: AuditEntry.Action, _ detail: String, _ actor: String) throws {
        try Self.audit(db, time, account, action, detail, actor, exhibition: exhibition)
    }
}
