import Foundation
import GRDB
@testable import ExpoStudio
import Testing

/// On a full disk every studio page answered 500 with an empty body: the session's touch
/// could not commit. Reads go on when a touch cannot be written; a write that finds no room
/// answers 507 with a page that says nothing was saved; any other failure answers a page.
/// SQLite's own writes are made to fail, on the state's one writing connection.
@Suite(.serialized) struct StudioFullDiskTests {
    typealias Person = StudioEditingTests.Person

    /// Every write of the state fails (SQLite's error 8), as on a disk that takes none.
    static func refuseWrites(_ state: StudioState, _ refused: Bool) throws {
        try state.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = \(refused ? 1 : 0)") }
    }

    /// The state's file may not grow past its size now, and what room is left in it is
    /// taken: the next write that needs a page fails with SQLite's error 13, as on a full disk.
    static func fill(_ state: StudioState) throws {
        try state.database.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        for _ in 0..<10_000 {
            do {
                try state.database.write { db in
                    try db.execute(sql: "INSERT INTO audit (time, account, action, detail, actor) VALUES (?, 'filler', 'published', ?, 'test')",
                                   arguments: [Date(), String(repeating: "x", count: 500)])
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                return
            }
        }
        Issue.record("the state never filled up")
    }

    @Test func pagesAreReadWhenTheSessionsTouchCannotBeWritten() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        try Self.refuseWrites(studio.state, true)
        defer { try? Self.refuseWrites(studio.state, false) }
        for path in ["/studio/", "/studio/exhibits/jikji", "/studio/exhibits"] {
            let page = try await ben.get(path)
            #expect(page.status == 200, "\(path)")
            #expect(page.body.contains("<h1"), "\(path)")
        }
        // A write that fails for another reason answers a page too, never an empty 500.
        let saved = try await ben.save("jikji", ["f.en.name": "Jikji, saved on a disk that takes nothing"])
        #expect(saved.status == 500)
        #expect(saved.body.contains(StudioStrings.of(.english)["server_error"]) || saved.body.contains(StudioStrings.of(.korean)["server_error"]))
    }

    @Test func aWriteOnAFullDiskAnswers507WithAPageThatSaysNothingWasSaved() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let form = try await ben.form("jikji")
        try Self.fill(studio.state)
        let saved = try await studio.http.send("POST", "/studio/exhibits/jikji", headers: [
            ("Cookie", "studio_session=\(ben.session)"), ("Origin", studio.origin), ("Content-Type", "application/x-www-form-urlencoded"),
            ("Accept-Language", "en"),
        ], body: RawHTTP.form([("form_token", try LiveStudio.token(in: try await ben.get("/studio/").body))]
            + form.map { ($0.0, $0.0 == "f.en.name" ? String(repeating: "A long name. ", count: 2000) : $0.1) }))
        #expect(saved.status == 507)
        #expect(saved.body.contains("The server&#39;s disk is full, so nothing was saved") || saved.body.contains("disk is full"), "\(saved.body.prefix(300))")
        #expect(try studio.state.draft(of: "jikji").draft == nil, "nothing was saved")
        #expect(try await ben.get("/studio/exhibits/jikji").status == 200, "reading still works")
    }
}
