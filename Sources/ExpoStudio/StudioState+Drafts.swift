import Foundation
import GRDB

/// A person's changes to one exhibit, not yet seen by visitors: one row an exhibit, its
/// texts in `DraftField`s. Every save of it is a new revision.
public struct Draft: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "draft"
    public var exhibit: String
    public var revision: Int64
    /// Who saved it last.
    public var account: String
    public var updated: Date
    /// Whether a contributor asked an editor to publish it.
    public var submitted: Bool
}

/// One drafted text, and the published text it was drafted over.
public struct DraftField: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable, Hashable {
    public static let databaseTableName = "draftField"
    public var exhibit: String
    /// The language's code.
    public var language: String
    /// The field's name (`desc`, `images.jikji.alt`).
    public var field: String
    public var value: String
    public var base: String

    public init(exhibit: String, language: String, field: String, value: String, base: String) {
        self.exhibit = exhibit
        self.language = language
        self.field = field
        self.value = value
        self.base = base
    }
}

/// One publish or revert: who made which texts live, when.
public struct Publication: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "publication"
    public enum Kind: String, Codable, Sendable { case publish, revert }
    public var id: Int64?
    public var time: Date
    public var account: String
    public var kind: Kind

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// One text a publication changed, from what to what.
public struct PublishedChange: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "publishedChange"
    public var publication: Int64
    public var exhibit: String
    public var language: String
    public var field: String
    public var old: String
    public var new: String

    public init(publication: Int64, exhibit: String, language: String, field: String, old: String, new: String) {
        self.publication = publication
        self.exhibit = exhibit
        self.language = language
        self.field = field
        self.old = old
        self.new = new
    }
}

/// A save refused because someone saved the exhibit since the form was opened.
public struct NewerDraft: Error, Sendable {
    public let draft: Draft?
    public let fields: [DraftField]
}

extension StudioState {
    /// This exhibition's rows of a table with an `exhibition` column.
    private var here: SQLExpression { Column("exhibition") == exhibition }

    private func draftRow(_ exhibit: String, _ db: Database) throws -> Draft? {
        try Draft.filter(here && Column("exhibit") == exhibit).fetchOne(db)
    }

    private func draftFieldRows(_ exhibit: String, _ db: Database) throws -> [DraftField] {
        try DraftField.filter(here && Column("exhibit") == exhibit).order(Column("language"), Column("field")).fetchAll(db)
    }

    /// The exhibit's draft and its texts; nil and none when it has no draft.
    public func draft(of exhibit: String) throws(StudioError) -> (draft: Draft?, fields: [DraftField]) {
        try reading { db in (try draftRow(exhibit, db), try draftFieldRows(exhibit, db)) }
    }

    /// Every draft, the latest first.
    public func drafts() throws(StudioError) -> [Draft] {
        try reading { db in try Draft.filter(here).order(Column("updated").desc).fetchAll(db) }
    }

    /// Every drafted text of every draft.
    public func draftFields() throws(StudioError) -> [DraftField] {
        try reading { db in try DraftField.filter(here).order(Column("exhibit"), Column("language"), Column("field")).fetchAll(db) }
    }

    /// Saves the exhibit's drafted texts as a new revision, if its draft is still at
    /// `revision` (0: it had none); `fields` replace the old ones, and none ends the draft.
    /// Returns the new revision (0 when the draft ended), or throws `NewerDraft` with what
    /// was saved meanwhile.
    public func saveDraft(_ exhibit: String, over revision: Int64, fields: [DraftField], by account: String) throws -> Int64 {
        let time = now()
        return try database.write { db in
            let current = try draftRow(exhibit, db)
            guard (current?.revision ?? 0) == revision else {
                throw NewerDraft(draft: current, fields: try draftFieldRows(exhibit, db))
            }
            try DraftField.filter(here && Column("exhibit") == exhibit).deleteAll(db)
            guard !fields.isEmpty else {
                try Draft.filter(here && Column("exhibit") == exhibit).deleteAll(db)
                return 0
            }
            try db.execute(sql: "INSERT INTO draftSave (exhibition, exhibit, account, time) VALUES (?, ?, ?, ?)",
                           arguments: [exhibition, exhibit, account, time])
            let next = db.lastInsertedRowID
            try db.execute(sql: """
                INSERT OR REPLACE INTO draft (exhibition, exhibit, revision, account, updated, submitted) VALUES (?, ?, ?, ?, ?, 0)
                """, arguments: [exhibition, exhibit, next, account, time])
            for field in fields {
                try db.execute(sql: "INSERT INTO draftField (exhibition, exhibit, language, field, value, base) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [exhibition, field.exhibit, field.language, field.field, field.value, field.base])
            }
            return next
        }
    }

    /// Marks a draft as waiting for an editor, and says so in the audit log.
    public func submit(_ exhibit: String, by account: String) throws(StudioError) {
        let time = now()
        try writing { db in
            guard let draft = try draftRow(exhibit, db) else { return }
            try Draft.filter(here && Column("exhibit") == exhibit).updateAll(db, Column("submitted").set(to: true))
            try audit(db, time, exhibit, .submitted, "revision \(draft.revision)", account)
        }
    }

    /// Records a publication of `changes`, ends the drafts it made live (only those still
    /// at the revision published, so a save made meanwhile stays a draft), and writes the
    /// audit log's line. Returns the publication's number.
    @discardableResult
    public func recordPublication(_ kind: Publication.Kind, changes: [PublishedChange], ending drafts: [String: Int64],
                                  by account: String) throws(StudioError) -> Int64 {
        let time = now()
        return try writing { db in
            try db.execute(sql: "INSERT INTO publication (exhibition, time, account, kind) VALUES (?, ?, ?, ?)",
                           arguments: [exhibition, time, account, kind.rawValue])
            let id = db.lastInsertedRowID
            for change in changes {
                try db.execute(sql: """
                    INSERT INTO publishedChange (exhibition, publication, exhibit, language, field, old, new) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [exhibition, id, change.exhibit, change.language, change.field, change.old, change.new])
            }
            for (exhibit, revision) in drafts {
                try Draft.filter(here && Column("exhibit") == exhibit && Column("revision") == revision).deleteAll(db)
            }
            let exhibits = Set(changes.map(\.exhibit)).sorted()
            let named = exhibits.prefix(10).joined(separator: ", ") + (exhibits.count > 10 ? " and \(exhibits.count - 10) more" : "")
            try audit(db, time, named, kind == .publish ? .published : .reverted,
                      "publication \(id): \(changes.count) text\(changes.count == 1 ? "" : "s")", account)
            return id
        }
    }

    /// Every text any publication changed, for the translations' page: which text, in which
    /// language, in which publication (the texts themselves are not read).
    public func publishedTexts() throws(StudioError) -> [PublishedChange] {
        try reading { db in
            try Row.fetchAll(db, sql: "SELECT publication, exhibit, language, field FROM publishedChange WHERE exhibition = ?",
                             arguments: [exhibition]).map { row in
                PublishedChange(publication: row["publication"], exhibit: row["exhibit"], language: row["language"], field: row["field"], old: "", new: "")
            }
        }
    }

    /// Every publication that changed the exhibit, the latest first, with its changes to it.
    public func history(of exhibit: String) throws(StudioError) -> [(publication: Publication, changes: [PublishedChange])] {
        try reading { db in
            let changes = try PublishedChange.filter(here && Column("exhibit") == exhibit).order(Column("publication").desc).fetchAll(db)
            let ids = Array(Set(changes.map(\.publication)))
            let publications = try Publication.filter(here && ids.contains(Column("id"))).fetchAll(db)
            let byID = Dictionary(uniqueKeysWithValues: publications.compactMap { publication in publication.id.map { ($0, publication) } })
            return ids.sorted(by: >).compactMap { id in
                byID[id].map { ($0, changes.filter { $0.publication == id }) }
            }
        }
    }

    /// Every kept file (by hash) a draft, a publication or the history names, in every
    /// exhibition: the state folder's `uploads/` is the museum's, shared by all.
    public func namedFiles() throws(StudioError) -> Set<String> {
        try reading { db in
            var names = Set(try String.fetchAll(db, sql: "SELECT value FROM draftField WHERE field LIKE 'file:%'"))
            for row in try Row.fetchAll(db, sql: "SELECT old, new FROM publishedChange WHERE field LIKE 'file:%'") {
                names.insert(row["old"])
                names.insert(row["new"])
            }
            return names
        }
    }
}
