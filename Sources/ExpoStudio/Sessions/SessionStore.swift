import CLibCrypto
import Foundation
import GRDB
import Hummingbird
import Logging

/// hummingbird-auth's session storage, kept in the state's `session` table. A row's key is
/// the SHA-256 of the session's id, never the id: the cookie holds the only copy, so a
/// stolen backup of the state opens no session. Expired rows are removed as new ones are
/// written.
public struct SessionStore: PersistDriver {
    let state: StudioState
    let logger: Logger?

    public init(state: StudioState, logger: Logger? = nil) {
        self.state = state
        self.logger = logger
    }

    public func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let row = try row(key, value, expires)
        do {
            try await state.database.write { db in try row.insert(db) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw PersistError.duplicate
        }
    }

    public func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let given = try row(key, value, expires)
        let now = state.now()
        do {
            try await state.database.write { db in
                var row = given
                // A session's expiry stays as it was when it is saved without one.
                if expires == nil, let existing = try SessionRow.fetchOne(db, key: row.keyHash) { row.expires = existing.expires }
                try row.save(db)
                try SessionRow.filter(SessionRow.Columns.expires < now).deleteAll(db)
            }
        } catch {
            // A live session's touch (its idle time moved on) that cannot be written, on a
            // full disk say, must not fail the page it came with: the session goes on under
            // its old expiry. A new session that cannot be saved is an error.
            guard (try? await state.database.read({ db in try SessionRow.fetchOne(db, key: given.keyHash) })) != nil else { throw error }
            logger?.warning("studio: a session's idle time could not be extended: \(error)")
        }
    }

    public func get<Object: Codable & Sendable>(key: String, as type: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: type)?.object
    }

    public func getWithTTL<Object: Codable & Sendable>(key: String, as type: Object.Type) async throws -> (object: Object, ttl: Duration?)? {
        let hash = Self.hash(key)
        let now = state.now()
        guard let row = try await state.database.read({ db in try SessionRow.fetchOne(db, key: hash) }) else { return nil }
        if let expires = row.expires, expires <= now { return nil }
        guard let object = try? JSONDecoder().decode(type, from: row.value) else { throw PersistError.invalidConversion }
        return (object, row.expires.map { .seconds($0.timeIntervalSince(now)) })
    }

    /// The session `key` names when it is live, read without waiting on a task: for a
    /// request's head, before its body is taken.
    func current(_ key: String) -> StudioSession? {
        let hash = Self.hash(key)
        guard let row = try? state.database.read({ db in try SessionRow.fetchOne(db, key: hash) }),
              row.expires.map({ $0 > state.now() }) ?? true else { return nil }
        return try? JSONDecoder().decode(StudioSession.self, from: row.value)
    }

    public func remove(key: String) async throws {
        let hash = Self.hash(key)
        _ = try await state.database.write { db in try SessionRow.deleteOne(db, key: hash) }
    }

    /// How many sessions the state holds, expired or not (for tests and the audit page).
    func count() throws -> Int {
        try state.database.read { db in try SessionRow.fetchCount(db) }
    }

    private func row<Object: Encodable>(_ key: String, _ value: Object, _ expires: Duration?) throws -> SessionRow {
        SessionRow(keyHash: Self.hash(key), value: try JSONEncoder().encode(value),
                   expires: expires.map { state.now().addingTimeInterval(TimeInterval($0.components.seconds)) })
    }

    static func hash(_ key: String) -> String {
        let bytes = Array(key.utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, $0.count, &digest) }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}

struct SessionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var keyHash: String
    var value: Data
    var expires: Date?

    enum Columns {
        static let expires = Column(CodingKeys.expires)
    }
}
