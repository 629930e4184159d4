import Foundation
import GRDB
@testable import ExpoStudio
import Testing

/// The state: one SQLite file in a private folder, its tables made and kept by migrations,
/// and every way it can be unusable said in a sentence.
@Suite struct StudioStateTests {
    @Test func aFreshFolderGetsItsTablesAndOnlyItsOwnerMayReadThem() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try StudioState(folder: root.url.appendingPathComponent("state"), creating: true)
        let tables = try state.database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
        #expect(tables == ["account", "audit", "draft", "draftField", "draftSave", "exhibitionRole", "grdb_migrations", "publication", "publishedChange", "session"])
        #expect(try state.database.read { try StudioState.migrator.completedMigrations($0) } == ["v1", "v2: sessions", "v3: drafts and history", "v4: names compared in NFKC", "v5: roles per exhibition",
                                                                                                   "v6: drafts, history and audit per exhibition"])
        #expect(try root.permissions(of: "state") == 0o700)
        #expect(try root.permissions(of: "state/studio.sqlite") == 0o600)
        // SQLite gives the WAL files the database's own permissions.
        #expect(try root.permissions(of: "state/studio.sqlite-wal") == 0o600)
    }

    @Test func anExistingFileIsOpenedAsItWasAndLooserPermissionsAreTightened() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("state")
        try StudioState(folder: folder, creating: true)
            .addAccount(AccountName("anna"), role: .admin, password: Password("twelve chars"), by: "test")
        chmod(folder.appendingPathComponent("studio.sqlite").path, 0o644)
        let reopened = try StudioState(folder: folder, creating: false)
        #expect(try reopened.accounts().map(\.name) == ["anna"])
        #expect(try reopened.database.read { try StudioState.migrator.completedMigrations($0) } == ["v1", "v2: sessions", "v3: drafts and history", "v4: names compared in NFKC", "v5: roles per exhibition",
                                                                                                   "v6: drafts, history and audit per exhibition"])
        #expect(try root.permissions(of: "state/studio.sqlite") == 0o600)
    }

    @Test func aFolderWithoutStateIsSaidToHoldNoAccountsAndIsNotMade() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let folder = root.url.appendingPathComponent("nothing-here")
        #expect(throws: StudioError.noState(folder: folder.path)) { try StudioState(folder: folder, creating: false) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aDamagedFileIsRefusedInASentenceThatSaysWhatToDo() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let file = root.url.appendingPathComponent("studio.sqlite")
        try Data(String(repeating: "not a database ", count: 400).utf8).write(to: file)
        let error = #expect(throws: StudioError.self) { try StudioState(folder: root.url, creating: false) }
        #expect(error?.description == "\(file.path): is not a readable studio database (damaged, or another kind of file); restore it from a backup, or move it away to start anew")
        #expect(error?.isAboutTheStateFolder == true)
    }

    @Test func aFolderThisUserCannotWriteIsRefusedInASentence() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        chmod(root.url.path, 0o500)
        // Root writes anywhere but in /sys, which no one may add a folder to.
        let parent = geteuid() == 0 ? URL(fileURLWithPath: "/sys") : root.url
        guard FileManager.default.fileExists(atPath: parent.path) else { return }
        let error = #expect(throws: StudioError.self) {
            try StudioState(folder: parent.appendingPathComponent("expo1900-state-\(UUID().uuidString)"), creating: true)
        }
        #expect(error?.description.contains("permission denied") == true)
        #expect(error?.description.contains("Error Domain") == false)
    }

    @Test func aStateWrittenByANewerGuideIsNotTouched() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try StudioState(folder: root.url, creating: true)
        try state.database.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')") }
        let error = #expect(throws: StudioError.self) { try StudioState(folder: root.url, creating: false) }
        #expect(error?.description.contains("was written by a newer expo1900") == true)
    }
}
