import ExpoCatalog
import ExpoTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import ExpoStudio

/// Adding an exhibition from a museum's studio: from the starter catalog, a catalog's zip or
/// spreadsheets, by an admin of every exhibition only, and never half: a refused one leaves
/// nothing in the museum's folder.
@Suite(.serialized) struct MuseumNewExhibitionTests {
    typealias Person = StudioEditingTests.Person

    /// Sends the new-exhibition form as `person`.
    private func send(_ person: Person, name: String, source: String, files: [(String, [UInt8])] = [],
                      iiif: String? = nil) async throws -> RawHTTP.Answer {
        let token = try LiveStudio.token(in: try await person.get("/studio/").body)
        let (type, body) = RawHTTP.multipart([("form_token", token), ("name", name), ("source", source)] + (iiif.map { [("iiif", $0)] } ?? []),
                                             files: files.map { (name: $0.0, bytes: $0.1) })
        return try await person.http.send("POST", "/studio/exhibitions/new", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", person.origin), ("Content-Type", type),
        ], bytes: body)
    }

    /// What the museum's folder holds, hidden entries (a staging folder left behind) included.
    private func entries(_ studio: LiveMuseumStudio) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: studio.listed.root.path).sorted()
    }

    private var starterItems: String {
        get throws { try String(contentsOf: CatalogLoader.starterCatalogURL!.appendingPathComponent("items.csv"), encoding: .utf8) }
    }

    @Test func anAdminAddsAnExhibitionFromTheStarterAZipOrSpreadsheets() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let anna = try await studio.person("anna")
        let form = try await anna.get("/studio/exhibitions/new")
        #expect(form.status == 200 && form.body.contains("name=\"source\"") && form.body.contains("value=\"starter\""))
        #expect(try await anna.get("/studio/").body.contains("href=\"/studio/exhibitions/new\""))

        let starter = try await send(anna, name: "spring-2027", source: "starter")
        #expect(starter.status == 303 && starter.header("location") == "/studio/?done=added")
        let list = try await anna.get("/studio/?done=added")
        #expect(list.body.contains("href=\"/studio/e/spring-2027/\"") && list.body.contains("role=\"status\""))
        #expect(try await studio.http.send("GET", "/spring-2027/").status == 200)
        #expect(try await anna.get("/studio/e/spring-2027/exhibits").status == 200)

        // The seed catalog as the studio's own "catalog out" makes it, and as a zip of its folder.
        let zip = studio.folder.url.appendingPathComponent("korea.zip")
        _ = try CatalogZip.write(folder: studio.guides["korea"]!.url, to: zip)
        let zipped = try await send(anna, name: "from-zip", source: "zip", files: [("korea.zip", [UInt8](try Data(contentsOf: zip)))])
        #expect(zipped.status == 303)
        #expect(try await studio.http.send("GET", "/from-zip/items/jikji/").status == 200)

        let sheet = try starterItems.replacingOccurrences(of: "Postcard of Main Street", with: "A Postcard From The Sheet")
        let sheets = try await send(anna, name: "sheets", source: "sheets", files: [("my exhibits.csv", Array(sheet.utf8))])
        #expect(sheets.status == 303)
        #expect(try await studio.http.send("GET", "/sheets/items/postcard/").body.contains("A Postcard From The Sheet"))
        let iiif = try await send(anna, name: "from-iiif", source: "iiif", iiif: "https://collections.example/iiif/collection.json")
        #expect(iiif.status == 303)
        #expect(studio.listed.imported.withLock { $0 } == ["https://collections.example/iiif/collection.json"])
        #expect(try await studio.http.send("GET", "/from-iiif/items/jikji/").status == 200)
        #expect(try entries(studio) == ["from-iiif", "from-zip", "sheets", "spring-2027"], "nothing half-made beside them")
        #expect(try studio.state.auditLog().filter { $0.action == .exhibitionAdded }.map(\.account) == ["spring-2027", "from-zip", "sheets", "from-iiif"])
    }

    @Test func hostileNamesFilesAndPeopleAddNothing() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let anna = try await studio.person("anna")
        for name in ["../etc", "studio", "en", "", ".hidden", "a/b", "korea", "KOREA", "특별전", String(repeating: "a", count: 65)] {
            let answer = try await send(anna, name: name, source: "starter")
            #expect(answer.status == 422 && answer.body.contains("role=\"alert\""), "\(name.prefix(20)) is refused")
        }
        #expect(try await send(anna, name: "KOREA", source: "starter").body.contains("이미 있습니다"))
        // A zip that is a web page, a zip whose entry leads out of its folder, and a sheet that does not load.
        let page = try await send(anna, name: "page", source: "zip", files: [("page.zip", Array("<html><body>hi</body></html>".utf8))])
        #expect(page.status == 422 && page.body.contains("zip 파일이 아닙니다"))
        let escaping = try await send(anna, name: "escape", source: "zip", files: [("escape.zip", Self.zip(entry: "../escaped.txt", text: "out"))])
        #expect(escaping.status == 422 && escaping.body.contains("풀 수 없어"), "\(escaping.body)")
        #expect(!FileManager.default.fileExists(atPath: studio.listed.root.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        let broken = try await send(anna, name: "broken", source: "sheets", files: [("items.csv", Array("image_name,name\n,\"unclosed".utf8))])
        #expect(broken.status == 422 && broken.body.contains("카탈로그를 불러올 수 없어"))
        let notASheet = try await send(anna, name: "notsheet", source: "sheets", files: [("photo.png", [0x89, 0x50, 0x4E, 0x47])])
        #expect(notASheet.status == 422)
        let twoZips = try await send(anna, name: "two", source: "zip", files: [("a.zip", [0x50, 0x4B, 3, 4]), ("b.zip", [0x50, 0x4B, 3, 4])])
        #expect(twoZips.status == 422)
        #expect(try await send(anna, name: "odd", source: "ftp").status == 400)
        // A IIIF address is one on the web, never a file of the server's own; an import that fails adds nothing.
        for address in ["file:///etc/passwd", "/etc/passwd", "ftp://example.org/c.json", "", "javascript:alert(1)", "http://",
                        "https://example.org/" + String(repeating: "a", count: 3000)] {
            let answer = try await send(anna, name: "web", source: "iiif", iiif: address)
            #expect(answer.status == 422 && answer.body.contains("https://"), "\(address.prefix(30)) is refused")
        }
        #expect(studio.listed.imported.withLock { $0 }.isEmpty, "none of them reached the importer")
        let failed = try await send(anna, name: "failed", source: "iiif", iiif: "https://example.org/fail/collection.json")
        #expect(failed.status == 422 && failed.body.contains("the collection answered 404"))
        let left = try entries(studio)
        #expect(left.isEmpty, "nothing was left in the museum's folder: \(left)")

        // Only an admin of every exhibition adds one.
        for name in ["ben", "kim"] {
            let person = try await studio.person(name)
            #expect(try await person.get("/studio/exhibitions/new").status == 403)
            #expect(try await send(person, name: "theirs", source: "starter").status == 403)
            #expect(!(try await person.get("/studio/").body.contains("/studio/exhibitions/new")))
        }
        #expect(try await studio.http.send("GET", "/studio/exhibitions/new").status == 303)
        #expect(try entries(studio).isEmpty)

        func limit(_ session: String) -> Int {
            var headers = HTTPHeaders()
            headers.add(name: "cookie", value: "studio_session=\(session)")
            return studio.routes.bodyLimit(for: HTTPRequestHead(version: .http1_1, method: .POST, uri: "/studio/exhibitions/new", headers: headers))
        }
        #expect(limit(anna.session) == StudioRouter.uploadLimit)
        #expect(limit(try await studio.person("ben").session) == StudioRoutes.bodyLimit)
    }

    /// A zip of one stored file named `entry`, whatever the name says.
    static func zip(entry: String, text: String) -> [UInt8] {
        let name = Array(entry.utf8), data = Array(text.utf8)
        let crc = crc32(data)
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        let local = [0x50, 0x4B, 0x03, 0x04] + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(UInt32(data.count))
            + u32(UInt32(data.count)) + u16(name.count) + u16(0) + name + data
        let central = [0x50, 0x4B, 0x01, 0x02] + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc)
            + u32(UInt32(data.count)) + u32(UInt32(data.count)) + u16(name.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(0) + name
        let end = [0x50, 0x4B, 0x05, 0x06] + u16(0) + u16(0) + u16(1) + u16(1) + u32(UInt32(central.count)) + u32(UInt32(local.count)) + u16(0)
        return local + central + end
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
