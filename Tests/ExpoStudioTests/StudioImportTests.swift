import ExpoCatalog
import ExpoTestSupport
import Foundation
import Logging
import Testing
@testable import ExpoStudio

/// Spreadsheets sent to the studio: read and shown (added, changed, removed, what reading
/// found) with nothing written, then taken into the catalog or dropped; Excel's code
/// pages read with a note; hostile sendings refused. And the catalog as a zip that loads
/// as the same guide.
@Suite(.serialized) struct StudioImportTests {
    typealias Person = StudioEditingTests.Person

    private func send(_ person: Person, files: [(String, [UInt8])], token: String? = nil) async throws -> RawHTTP.Answer {
        var token = token ?? ""
        if token.isEmpty { token = try LiveStudio.token(in: try await person.get("/studio/import").body) }
        let (type, body) = RawHTTP.multipart([("form_token", token)], files: files.map { (name: $0.0, bytes: $0.1) })
        return try await person.http.send("POST", "/studio/import", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", person.origin), ("Content-Type", type),
        ], bytes: body)
    }

    /// The studio's catalog as `items.csv`, with its rows changed by `edit` (header first).
    private func sheet(_ studio: LiveStudio, _ edit: (inout [[String]]) -> Void) throws -> [UInt8] {
        let bytes = try #require(try CatalogConversion.convert(folder: studio.guide.url, to: .csv).files["items.csv"])
        var rows = Self.parse(String(decoding: bytes.dropFirst(3), as: UTF8.self))
        edit(&rows)
        return Array(rows.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\r\n").utf8)
    }

    /// A CSV's rows (quoted cells with commas, quotes and line breaks).
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { cell.append("\""); characters.removeFirst() } else { quoted = false }
                } else { cell.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(cell); cell = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(cell); rows.append(row); row = []; cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.isEmpty || !row.isEmpty { row.append(cell); rows.append(row) }
        return rows
    }

    @Test func aSpreadsheetIsShownBeforeItIsTakenThenTaken() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let before = try Data(contentsOf: studio.guide.url.appendingPathComponent("items.json"))
        let removed = studio.guide.watchedLoad().catalog.primary.exhibits.last!.id
        let bytes = try sheet(studio) { rows in
            let id = rows[0].firstIndex(of: "image_name")!
            let name = rows[0].firstIndex(of: "name")!
            var added = rows[1]
            added[id] = "newcomer"
            added[name] = "새 전시품"
            rows[1][name] = "가져온 이름"
            rows.removeLast()
            rows.append(added)
        }
        let read = try await send(ben, files: [("전시품 목록.csv", bytes)])
        #expect(read.status == 200, "\(read.body.prefix(400))")
        #expect(read.body.contains("1 added, 1 changed, 1 removed") || read.body.contains("추가 1, 변경 1, 삭제 1"), "\(read.body)")
        #expect(read.body.contains(removed) && read.body.contains("newcomer"))
        #expect(try Data(contentsOf: studio.guide.url.appendingPathComponent("items.json")) == before, "nothing is written before it is taken")
        #expect(try await ben.get("/studio/import/preview/items/").body.contains("새 전시품"), "the preview shows the guide with it")
        #expect(try await ben.get("/items/").body.contains("새 전시품") == false)
        // Read again from the state folder, as after a restart, it is the same import.
        #expect(try await ben.get("/studio/import").body.contains("newcomer"))

        let taken = try await ben.post("/studio/import/take", [], tokenFrom: "/studio/import")
        #expect(taken.status == 200, "\(taken.body.prefix(400))")
        let catalog = studio.guide.watchedLoad().catalog
        #expect(catalog.primary.exhibits.contains { $0.id == "newcomer" && $0.name == "새 전시품" })
        #expect(!catalog.primary.exhibits.contains { $0.id == removed })
        #expect(catalog.primary.exhibits.first?.name == "가져온 이름")
        #expect(catalog.translations.first?.exhibits.contains { $0.id == "newcomer" } == true, "the English columns are read too")
        #expect(FileManager.default.fileExists(atPath: studio.guide.url.appendingPathComponent("items.json").path),
                "a folder of JSON files stays one")
        #expect(!FileManager.default.fileExists(atPath: studio.guide.url.appendingPathComponent("items.csv").path))
        let kept = try FileManager.default.contentsOfDirectory(atPath: studio.state.folder.appendingPathComponent("imported").path)
        #expect(kept.count == 1)
        #expect(try studio.state.auditLog().contains { $0.action == .imported && $0.actor == "ben" })
        #expect(try await ben.get("/studio/import").body.contains("/studio/import/take") == false, "nothing waits any more")
    }

    /// The import page links to the preview's root, which answered 404.
    @Test func theImportPreviewsFrontPageAnswers() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let none = try await ben.get(GuideEditing.importPreviewPath)
        #expect(none.status == 404)
        let said = [StudioLanguage.english, .korean].map { StudioStrings.of($0)["import_preview_none"] }
        #expect(said.contains { none.body.contains($0.replacingOccurrences(of: "'", with: "&#39;")) }, "\(none.body.prefix(600))")
        let bytes = try sheet(studio) { rows in rows[1][rows[0].firstIndex(of: "name")!] = "가져온 이름" }
        #expect(try await send(ben, files: [("items.csv", bytes)]).status == 200)
        let front = try await ben.get(GuideEditing.importPreviewPath)
        #expect(front.status == 200)
        #expect(front.body == (try await ben.get(GuideEditing.importPreviewPath + "index.html")).body || front.body.contains("href=\"/studio/import/preview/"),
                "the guide's front page, its links inside the preview")
        #expect(try await ben.get("/studio/import/preview").status == 200)
        let chae = Person(studio: studio, session: try #require(try await studio.logIn("chae").session))
        #expect(try await chae.get(GuideEditing.importPreviewPath).status == 403, "only who may import sees it")
    }

    @Test func koreanExcelsCSVIsReadWithANoteAndWrittenInUTF8() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let cp949: [UInt8] = Array("image_name,name,desc\njikji,".utf8) + [0xC1, 0xF7, 0xC1, 0xF6] + Array(",".utf8)
            + [0xC1, 0xF7, 0xC1, 0xF6] + Array("\n".utf8)
        let read = try await send(ben, files: [("items.csv", cp949)])
        #expect(read.status == 200)
        #expect(read.body.contains("read as CP949"), "\(read.body)")
        #expect(try await ben.post("/studio/import/take", [], tokenFrom: "/studio/import").status == 200)
        let catalog = studio.guide.watchedLoad().catalog
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji"] && catalog.primary.exhibits[0].name == "직지")
        let written = try Data(contentsOf: studio.guide.url.appendingPathComponent("items.json"))
        #expect(String(data: written, encoding: .utf8)?.contains("직지") == true)
    }

    @Test func hostileSendingsAreRefusedAndChangeNothing() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let chae = Person(studio: studio, session: try #require(try await studio.logIn("chae").session))
        let before = try Data(contentsOf: studio.guide.url.appendingPathComponent("items.json"))
        let good = Array("image_name,name\njikji,직지\n".utf8)
        // Neither UTF-8, CP949 nor Windows-1252: refused, naming the row.
        let notText = Array("image_name,name\njikji,a\n".utf8) + [0x81, 0x20] + Array("\n".utf8)
        let bad = try await send(ben, files: [("items.csv", notText)])
        #expect(bad.status == 200 && bad.body.contains("items.csv:3") && !bad.body.contains("/studio/import/take"), "\(bad.body)")
        #expect(try await ben.post("/studio/import/take", [], tokenFrom: "/studio/import").status == 422)
        #expect(try await send(ben, files: [("photo.png", [0x89, 0x50, 0x4E, 0x47])]).status == 422)
        #expect(try await send(ben, files: [("items.csv", good), ("more.csv", good)]).status == 422, "two exhibit sheets at once")
        #expect(try await send(ben, files: []).status == 422)
        // A name with a path and a newline is read only as the sheet it stands for.
        let odd = try await send(ben, files: [("../../etc/items.csv\r\nX-Evil: 1", good)])
        #expect(odd.status == 200 || odd.status == 422)
        #expect(!FileManager.default.fileExists(atPath: studio.guide.url.deletingLastPathComponent().appendingPathComponent("etc").path))
        // A formula in a cell is text, never run: the sheet reads it as the text it is.
        let formula = try await send(ben, files: [("items.csv", Array("image_name,name\njikji,\"=HYPERLINK(\"\"http://x\"\")\"\n".utf8))])
        #expect(formula.status == 200)
        // A contributor may not import, nor download the catalog; nobody may without the form's token.
        #expect(try await send(chae, files: [("items.csv", good)]).status == 403)
        #expect(try await chae.get("/studio/import").status == 403)
        #expect(try await chae.get("/studio/catalog.zip").status == 403)
        #expect(try await send(ben, files: [("items.csv", good)], token: "forged").status == 403)
        let anonymous = try await studio.http.send("GET", "/studio/catalog.zip")
        #expect(anonymous.status != 200 && anonymous.header("content-type") != "application/zip")
        #expect(try Data(contentsOf: studio.guide.url.appendingPathComponent("items.json")) == before)
        #expect(try await ben.post("/studio/import/drop", [], tokenFrom: "/studio/import").status == 200)
        #expect(!FileManager.default.fileExists(atPath: studio.state.folder.appendingPathComponent("import").path))
    }

    @Test func theCatalogsZipLoadsAsTheSameGuide() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        // A curator's notes in a folder of their own go into the zip too.
        try FileManager.default.createDirectory(at: studio.guide.url.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("메모".utf8).write(to: studio.guide.url.appendingPathComponent("notes/curator.txt"))
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let answer = try await studio.http.send("GET", "/studio/catalog.zip", headers: [("Cookie", "studio_session=\(ben.session)")])
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "application/zip")
        #expect(answer.header("content-disposition")?.hasPrefix("attachment; filename=\"") == true)
        #expect(answer.header("x-studio-temporary-file") == nil, "the file's path stays inside the server")
        let folder = try TemporaryFolder()
        let zip = folder.url.appendingPathComponent("catalog.zip")
        try Data(answer.bodyBytes).write(to: zip)
        let unpacked = folder.url.appendingPathComponent("unpacked")
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        unzip.arguments = ["python3", "-m", "zipfile", "-e", zip.path, unpacked.path]
        try unzip.run()
        unzip.waitUntilExit()
        #expect(unzip.terminationStatus == 0, "Python's zipfile reads it, checking every CRC")
        let original = try FileManager.default.subpathsOfDirectory(atPath: studio.guide.url.path).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: unpacked.path).sorted() == original)
        for path in original where !path.hasSuffix("notes") {
            #expect(try Data(contentsOf: unpacked.appendingPathComponent(path)) == Data(contentsOf: studio.guide.url.appendingPathComponent(path)), "\(path)")
        }
        let loaded = try CatalogLoader.load(at: unpacked)
        let served = studio.guide.watchedLoad().catalog
        #expect(loaded.fingerprint == served.fingerprint)
        #expect(loaded.editions.map { $0.exhibits.map(\.id) } == served.editions.map { $0.exhibits.map(\.id) })
        // The server removes it once the last piece is written, which may be just after the client has read it.
        var left = try FileManager.default.contentsOfDirectory(atPath: studio.state.folder.appendingPathComponent("tmp").path)
        for _ in 0..<40 where !left.isEmpty {
            try await Task.sleep(for: .milliseconds(50))
            left = try FileManager.default.contentsOfDirectory(atPath: studio.state.folder.appendingPathComponent("tmp").path)
        }
        #expect(left.isEmpty, "the zip is removed once sent")
        // One left by a studio that stopped while sending it is removed when the studio starts again.
        let leftOver = studio.state.folder.appendingPathComponent("tmp/catalog-1.zip")
        try Data("PK".utf8).write(to: leftOver)
        _ = StudioRoutes(state: studio.state, transport: .loopback, logger: Logger(label: "again", factory: { _ in SwiftLogNoOpLogHandler() }),
                         guide: studio.guide)
        #expect(!FileManager.default.fileExists(atPath: leftOver.path))
    }
}
