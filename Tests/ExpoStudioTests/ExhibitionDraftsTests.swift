import ExpoTestSupport
import Foundation
import GRDB
import Testing
@testable import ExpoStudio

/// Drafts, publications and audit lines kept per exhibition in the one state file
/// (migration v6): two exhibitions may both have an exhibit `jikji`, and neither sees the
/// other's.
@Suite struct ExhibitionDraftsTests {
    private func field(_ exhibit: String, _ value: String) -> DraftField {
        DraftField(exhibit: exhibit, language: "ko", field: "name", value: value, base: "직지")
    }

    @Test func theSameExhibitDraftedInTwoExhibitionsKeepsTwoDrafts() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let state = try StudioState(folder: root.url, creating: true)
        let korea = state.scoped(to: "korea"), paris = state.scoped(to: "paris")
        let first = try korea.saveDraft("jikji", over: 0, fields: [field("jikji", "서울의 직지")], by: "kim")
        let second = try paris.saveDraft("jikji", over: 0, fields: [field("jikji", "파리의 직지")], by: "lee")
        #expect(first > 0 && second > first)
        #expect(try korea.draft(of: "jikji").fields.map(\.value) == ["서울의 직지"])
        #expect(try paris.draft(of: "jikji").fields.map(\.value) == ["파리의 직지"])
        #expect(try state.drafts().isEmpty, "the one catalog's drafts ('') are apart from both")
        // A save over korea's revision from paris's form is a save over paris's, and refused.
        #expect(throws: NewerDraft.self) { try paris.saveDraft("jikji", over: first, fields: [field("jikji", "x")], by: "lee") }

        try korea.recordPublication(.publish, changes: [PublishedChange(publication: 0, exhibit: "jikji", language: "ko", field: "name",
                                                                        old: "직지", new: "서울의 직지")],
                                    ending: ["jikji": first], by: "kim")
        #expect(try korea.drafts().isEmpty)
        #expect(try paris.draft(of: "jikji").fields.map(\.value) == ["파리의 직지"], "ending korea's draft leaves paris's")
        #expect(try korea.history(of: "jikji").count == 1 && paris.history(of: "jikji").isEmpty)
        #expect(try korea.publishedTexts().count == 1 && paris.publishedTexts().isEmpty)
        #expect(try korea.auditLog().map(\.action) == [.published])
        #expect(try paris.auditLog().isEmpty)
        #expect(try state.auditLog().contains { $0.exhibition == "korea" }, "unscoped, the log holds every line")
    }

    @Test func draftsFromBeforeTheMigrationAreTheOneCatalogs() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        var state: StudioState? = try StudioState(folder: root.url, creating: true)
        let revision = try state!.saveDraft("jikji", over: 0, fields: [field("jikji", "고친 이름")], by: "ben")
        try state!.recordPublication(.publish, changes: [], ending: [:], by: "ben")
        let file = state!.file.path
        state = nil
        // As a guide before this change left the file: no exhibition columns, a draft keyed by its exhibit.
        try DatabaseQueue(path: file).write { db in
            try db.execute(sql: """
                CREATE TABLE draft_v5 (exhibit TEXT PRIMARY KEY NOT NULL, revision INTEGER NOT NULL, account TEXT NOT NULL,
                    updated DATETIME NOT NULL, submitted BOOLEAN NOT NULL DEFAULT 0);
                INSERT INTO draft_v5 SELECT exhibit, revision, account, updated, submitted FROM draft;
                CREATE TABLE draftField_v5 (exhibit TEXT NOT NULL REFERENCES draft_v5(exhibit) ON DELETE CASCADE, language TEXT NOT NULL,
                    field TEXT NOT NULL, value TEXT NOT NULL, base TEXT NOT NULL, PRIMARY KEY (exhibit, language, field));
                INSERT INTO draftField_v5 SELECT exhibit, language, field, value, base FROM draftField;
                DROP TABLE draftField;
                DROP TABLE draft;
                ALTER TABLE draft_v5 RENAME TO draft;
                ALTER TABLE draftField_v5 RENAME TO draftField;
                DROP INDEX publishedChangeByExhibition;
                ALTER TABLE draftSave DROP COLUMN exhibition;
                ALTER TABLE publication DROP COLUMN exhibition;
                ALTER TABLE publishedChange DROP COLUMN exhibition;
                ALTER TABLE audit DROP COLUMN exhibition;
                DELETE FROM grdb_migrations WHERE identifier = 'v6: drafts, history and audit per exhibition';
                """)
        }
        let reopened = try StudioState(folder: root.url, creating: false)
        #expect(try reopened.draft(of: "jikji").draft?.revision == revision)
        #expect(try reopened.draft(of: "jikji").fields.map(\.value) == ["고친 이름"])
        #expect(try reopened.scoped(to: "korea").drafts().isEmpty)
        #expect(try reopened.auditLog().map(\.exhibition) == [""])
        // And it goes on being saved over, at the revision it had.
        #expect(try reopened.saveDraft("jikji", over: revision, fields: [field("jikji", "또 고친 이름")], by: "ben") > revision)
    }
}
