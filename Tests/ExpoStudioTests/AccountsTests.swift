import Foundation
@testable import ExpoStudio
import Testing

/// Accounts as the studio keeps them: unique names whatever their case, an audit row for
/// each change, never without an admin, and a password checked the same way whether or
/// not the name exists.
@Suite struct AccountsTests {
    static let day = Date(timeIntervalSince1970: 1_790_000_000)

    static func state(in root: TemporaryFolder) throws -> StudioState {
        try StudioState(folder: root.url, creating: true, now: { day })
    }

    @Test func namesAreUniqueWhateverTheirCase() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        try state.addAccount(AccountName("Anna"), role: .admin, password: Password("twelve chars"), by: "test")
        #expect(throws: StudioError.nameTaken("ANNA")) {
            try state.addAccount(AccountName("ANNA"), role: .editor, password: Password("twelve chars"), by: "test")
        }
        #expect(try state.accounts() == [Account(id: 1, name: "Anna", role: .admin, created: Self.day, updated: Self.day)])
        #expect(try state.account(named: "anna")?.name == "Anna")
    }

    @Test func everyChangeToAnAccountIsInTheAuditLog() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        try state.addAccount(AccountName("anna"), role: .admin, password: Password("twelve chars"), by: "command line (curator)")
        try state.addAccount(AccountName("ben"), role: .contributor, password: Password("twelve chars"), by: "anna")
        try state.setRole(.editor, of: "BEN", by: "anna")
        try state.setPassword(Password("another twelve"), of: "ben", by: "anna")
        try state.removeAccount(named: "ben", by: "anna")
        let log = try state.auditLog()
        #expect(log.map(\.action) == [.accountAdded, .accountAdded, .roleChanged, .passwordChanged, .accountRemoved])
        #expect(log.map(\.account) == ["anna", "ben", "ben", "ben", "ben"])
        #expect(log.map(\.detail) == ["as admin", "as contributor", "from contributor to editor", "", "was editor"])
        #expect(log.map(\.actor) == ["command line (curator)", "anna", "anna", "anna", "anna"])
        #expect(log.allSatisfy { $0.time == Self.day })
        #expect(try state.accounts().map(\.name) == ["anna"])
    }

    @Test func theLastAdminCanBeNeitherRemovedNorDemoted() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        try state.addAccount(AccountName("anna"), role: .admin, password: Password("twelve chars"), by: "test")
        try state.addAccount(AccountName("ben"), role: .editor, password: Password("twelve chars"), by: "test")
        #expect(throws: StudioError.lastAdmin(name: "anna", change: "removing it")) { try state.removeAccount(named: "anna", by: "test") }
        #expect(throws: StudioError.lastAdmin(name: "anna", change: "making it editor")) { try state.setRole(.editor, of: "anna", by: "test") }
        // With a second admin, either may go.
        try state.setRole(.admin, of: "ben", by: "test")
        try state.removeAccount(named: "anna", by: "test")
        #expect(try state.accounts().map(\.role) == [.admin])
        #expect(throws: StudioError.noSuchAccount("anna")) { try state.removeAccount(named: "anna", by: "test") }
    }

    @Test func theRightPasswordOpensTheAccountAndAWrongOneOrAnUnknownNameDoesNot() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        try state.addAccount(AccountName("김민지"), role: .editor, password: Password("correct horse"), by: "test")
        #expect(try state.authenticate(name: "김민지", password: "correct horse")?.role == .editor)
        #expect(try state.authenticate(name: "김민지", password: "correct horsE") == nil)
        #expect(try state.authenticate(name: "nobody", password: "correct horse") == nil)
        #expect(try state.authenticate(name: "<script>", password: "correct horse") == nil)
        let stored = try state.database.read { try String.fetchOne($0, sql: "SELECT passwordHash FROM account") }
        #expect(stored?.hasPrefix("$2b$") == true && stored?.contains("horse") == false)
    }

    @Test func aPasswordLongerThanBcryptReadsDoesNotOpenTheAccount() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try Self.state(in: root)
        let password = String(repeating: "a", count: 72)
        try state.addAccount(AccountName("anna"), role: .admin, password: Password(password), by: "test")
        #expect(try state.authenticate(name: "anna", password: password) != nil)
        #expect(try state.authenticate(name: "anna", password: password + "b") == nil)
    }
}
