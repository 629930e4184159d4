import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// A new floor added by sending its plan from the floors' page: drafted into the floors'
/// document with its plan's file, previewed, published into `floors.json` and the folder;
/// a plan that is no image, or a floor without a name, changes nothing.
@Suite(.serialized) struct StudioNewFloorTests {
    typealias Person = StudioEditingTests.Person
    static let floors = #"[{"id": "1", "name": "전시실", "plan": "jikji"}]"#

    private func send(_ person: Person, fields: [(String, String)], file: (String, [UInt8])?) async throws -> RawHTTP.Answer {
        let token = try LiveStudio.token(in: try await person.get("/studio/floors").body)
        let (type, body) = RawHTTP.multipart([("form_token", token)] + fields, files: file.map { [(name: $0.0, bytes: $0.1)] } ?? [])
        return try await person.http.send("POST", "/studio/floors/new", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", person.origin), ("Content-Type", type),
        ], bytes: body)
    }

    @Test func aFloorIsAddedByItsPlanPreviewedAndPublished() async throws {
        let studio = try await LiveStudio(files: ["floors.json": Self.floors])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        #expect(try await ben.get("/studio/floors").body.contains("action=\"/studio/floors/new\""))
        let plan = [UInt8](PNGFixture.make(width: 80, height: 60))
        let added = try await send(ben, fields: [("name", "2층 회랑"), ("plan_alt", "긴 회랑")], file: ("회랑.png", plan))
        #expect(added.status == 200, "\(added.body.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: studio.guide.url.appendingPathComponent("plan-2.png").path))
        #expect(try await ben.get("/studio/preview/map/").body.contains("2층 회랑"), "the preview's map has the new floor")
        // The floors' texts saved meanwhile keep the new floor in the draft.
        #expect(try await ben.save("@floors", ["f.ko.floors.1.name": "1층 전시실"], at: "/studio/floors").status == 303)
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        #expect(try [UInt8](Data(contentsOf: studio.guide.url.appendingPathComponent("plan-2.png"))) == plan)
        let floors = studio.guide.watchedLoad().catalog.primary.floors
        #expect(floors.map(\.id) == ["1", "2"] && floors[1].name == "2층 회랑" && floors[1].plan == "plan-2" && floors[1].planAlt == "긴 회랑")
        #expect(floors[0].name == "1층 전시실")
        #expect(studio.guide.watchedLoad().catalog.images["plan-2"] != nil)
    }

    @Test func aPlanThatIsNoImageOrAFloorWithoutANameChangesNothing() async throws {
        let studio = try await LiveStudio(files: ["floors.json": Self.floors])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let plan = [UInt8](PNGFixture.make(width: 8, height: 8))
        #expect(try await send(ben, fields: [("name", "  ")], file: ("a.png", plan)).status == 422)
        #expect(try await send(ben, fields: [("name", "a\nb")], file: ("a.png", plan)).status == 422)
        #expect(try await send(ben, fields: [("name", "회랑")], file: ("plan.png", Array("<html>".utf8))).status == 422)
        #expect(try await send(ben, fields: [("name", "회랑")], file: ("plan.pdf", Array("%PDF-1.4 not really".utf8))).status == 422)
        #expect(try await send(ben, fields: [("name", "회랑")], file: nil).status == 422)
        #expect(try studio.state.draft(of: "@floors").draft == nil)
    }

    @Test func aCatalogWithoutFloorsGetsItsFirstFromTheStudio() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let list = studio.guide.url.appendingPathComponent("floors.json")
        #expect(try await ben.get("/studio/").body.contains("href=\"/studio/floors\""), "the first page offers the first floor")
        #expect(try await ben.get("/studio/floors").body.contains("action=\"/studio/floors/new\""))
        // A plan that is no image changes nothing: no list of floors is left behind.
        #expect(try await send(ben, fields: [("name", "1층")], file: ("plan.png", Array("<html>".utf8))).status == 422)
        #expect(!FileManager.default.fileExists(atPath: list.path))
        let plan = [UInt8](PNGFixture.make(width: 40, height: 30))
        #expect(try await send(ben, fields: [("name", "1층 전시실")], file: ("plan.png", plan)).status == 200)
        #expect(try await ben.get("/studio/preview/map/").body.contains("1층 전시실"))
        #expect(studio.guide.watchedLoad().catalog.primary.floors.isEmpty, "visitors see no floor before it is published")
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let floors = studio.guide.watchedLoad().catalog.primary.floors
        #expect(floors.map(\.id) == ["1"] && floors[0].name == "1층 전시실" && floors[0].plan == "plan-1")
    }
}
