import Foundation
@testable import ExpoStudio
import GRDB
import Testing

/// Roles per exhibition (a studio over a folder of catalogs): a person may have a role in
/// every exhibition, in some, or both, and the higher one counts where both apply.
@Suite struct ExhibitionRolesTests {
    static let day = Date(timeIntervalSince1970: 1_790_000_000)

    static func state(in root: TemporaryFolder) throws -> StudioState {
        let state = try StudioState(folder: root.url, creating: true, now: { day })
        try state.addAccount(AccountName("anna"), role: .admin, password: Password("twelve chars"), by: "test")
        return state
    }

    @Test func aRoleInOneExhibitionIsThereOnly() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        let ben = try state.addAccount(AccountName("ben"), role: .editor, in: "korea-1900", password: Password("twelve chars"), by: "anna")
        #expect(ben.role == nil)
        #expect(ben.exhibitionRoles == ["korea-1900": .editor])
        #expect(ben.role(in: "korea-1900") == .editor)
        #expect(ben.role(in: "paris") == nil)
        #expect(ben.role(in: nil) == nil)
        #expect(ben.rolesDescription == "editor in korea-1900")
        // A role in every exhibition too: the higher counts in each.
        try state.setRole(.contributor, of: "ben", by: "anna")
        try state.setRole(.admin, of: "ben", in: "paris", by: "anna")
        let now = try #require(try state.account(named: "ben"))
        #expect(now.role(in: "korea-1900") == .editor)
        #expect(now.role(in: "paris") == .admin)
        #expect(now.role(in: "other") == .contributor)
        #expect(now.rolesDescription == "contributor in every exhibition, editor in korea-1900, admin in paris")
        #expect(try state.accounts().first { $0.name == "ben" } == now)
        #expect(try state.account(id: now.id) == now)
        let log = try state.auditLog().filter { $0.account == "ben" }.map(\.detail)
        #expect(log == ["as editor in korea-1900", "from none to contributor in every exhibition", "from none to admin in paris"])
    }

    @Test func takingRolesAwayNeverLeavesAnAccountWithNone() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        try state.addAccount(AccountName("ben"), role: .editor, in: "korea-1900", password: Password("twelve chars"), by: "anna")
        #expect(throws: StudioError.noRoleLeft(name: "ben")) { try state.setRole(nil, of: "ben", in: "korea-1900", by: "anna") }
        try state.setRole(.contributor, of: "ben", in: "paris", by: "anna")
        try state.setRole(nil, of: "ben", in: "korea-1900", by: "anna")
        #expect(try state.account(named: "ben")?.exhibitionRoles == ["paris": .contributor])
        // The only admin of every exhibition stays one, whatever roles others have in one.
        try state.setRole(.admin, of: "ben", in: "paris", by: "anna")
        #expect(throws: StudioError.lastAdmin(name: "anna", change: "making it editor")) { try state.setRole(.editor, of: "anna", by: "anna") }
        // Removed, an account takes its roles with it.
        try state.removeAccount(named: "ben", by: "anna")
        let left = try state.reading { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exhibitionRole") }
        #expect(left == 0)
    }

    @Test func anExhibitionsNameIsCheckedAsAFolderOfCatalogsWould() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        for name in ["", "../etc", "특별전", "assets", "en", "a b", String(repeating: "x", count: 300) + "\n"] {
            #expect(throws: StudioError.self, "\(name)") {
                try state.addAccount(AccountName("ben"), role: .editor, in: name, password: Password("twelve chars"), by: "anna")
            }
            #expect(throws: StudioError.self, "\(name)") { try state.setRole(.editor, of: "anna", in: name, by: "anna") }
        }
        #expect(try state.accounts().map(\.name) == ["anna"])
        do {
            try state.setRole(.editor, of: "anna", in: "../etc", by: "anna")
        } catch {
            #expect(error.description.hasPrefix("the exhibition '../etc' cannot be: its name becomes the exhibition's address"))
        }
    }

    @Test func roleFromBeforeTheMigrationIsTheRoleInEveryExhibition() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        var state: StudioState? = try Self.state(in: root)
        try state?.addAccount(AccountName("ben"), role: .editor, password: Password("twelve chars"), by: "anna")
        let file = try #require(state?.file.path)
        state = nil
        // As a guide before this change left the file: no exhibitionRole, role not null.
        try DatabaseQueue(path: file).write { db in
            try db.execute(sql: "DROP TABLE exhibitionRole")
            try db.execute(sql: """
                CREATE TABLE account_v4 (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE,
                    role TEXT NOT NULL CHECK (role IN ('contributor', 'editor', 'admin')), passwordHash TEXT NOT NULL,
                    created DATETIME NOT NULL, updated DATETIME NOT NULL, sessionEpoch INTEGER NOT NULL DEFAULT 0);
                INSERT INTO account_v4 SELECT * FROM account;
                DROP TABLE account;
                ALTER TABLE account_v4 RENAME TO account;
                DELETE FROM grdb_migrations WHERE identifier = 'v5: roles per exhibition';
                """)
        }
        let reopened = try StudioState(folder: root.url, creating: false)
        let ben = try #require(try reopened.account(named: "ben"))
        #expect(ben.role == .editor && ben.exhibitionRoles.isEmpty)
        #expect(try reopened.authenticate(name: "ben", password: "twelve chars")?.name == "ben")
        try reopened.setRole(.admin, of: "ben", in: "korea-1900", by: "anna")
        #expect(try reopened.account(named: "ben")?.role(in: "korea-1900") == .admin)
    }

    @Test func aStudioOfOneCatalogTurnsAwaySomeoneWithRolesInExhibitionsOnly() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        try studio.state.addAccount(AccountName("dae"), role: .admin, in: "korea-1900", password: Password(LiveStudio.password), by: "anna")
        let (session, answer) = try await studio.logIn("dae")
        #expect(answer.status == 403)
        #expect(session == nil)
        #expect(answer.body.contains(StudioStrings.of(.english)["no_role_here"]) || answer.body.contains(StudioStrings.of(.korean)["no_role_here"]))
        #expect(try studio.state.auditLog().last?.detail.hasSuffix("no role in this catalog") == true)
        // Someone with a role in every exhibition is let in as before.
        #expect(try await studio.logIn("ben").answer.status == 303)
    }
}

