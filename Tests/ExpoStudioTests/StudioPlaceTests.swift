import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// An exhibit's place on the plan, set through the studio's plain form: drafted, published
/// into the main entry's `floor`, `x` and `y` to a tenth of a percent, and hostile values
/// refused with nothing changed.
@Suite(.serialized) struct StudioPlaceTests {
    typealias Person = StudioEditingTests.Person

    static let floors = #"[{"id": "1", "name": "전시실", "plan": "jikji"}, {"id": "2", "name": "2층", "plan": "haegeum"}]"#

    @Test func aPlaceIsDraftedAndPublishedIntoTheMainEntry() async throws {
        let studio = try await LiveStudio(files: ["floors.json": Self.floors])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let page = try await ben.get("/studio/exhibits/jikji/place")
        #expect(page.status == 200 && page.body.contains("/studio/plans/1") && page.body.contains("<option value=\"2\""))
        #expect(try await ben.get("/studio/exhibits/jikji").body.contains("/studio/exhibits/jikji/place"), "the exhibit's page links to it")
        #expect(try await ben.get("/studio/plans/1").status == 200)
        #expect(try await ben.get("/studio/plans/9").status == 404)

        let saved = try await ben.post("/studio/exhibits/jikji/place", [("floor", "2"), ("x", "42,46"), ("y", "7")], tokenFrom: "/studio/exhibits/jikji/place")
        #expect(saved.status == 303)
        // A text saved afterwards keeps the place in the draft.
        #expect(try await ben.save("jikji", ["f.ko.short_desc": "자리를 옮긴 직지"]).status == 303)
        let fields = try studio.state.draft(of: "jikji").fields
        #expect(Set(fields.filter { PositionKeys.all.contains($0.field) }.map { "\($0.field)=\($0.value)" }) == ["floor=2", "x=42.5", "y=7.0"])
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let items = try studio.guide.file("items.json")
        #expect(items.contains(#""floor": "2""#) || items.contains(#""floor":"2""#), "\(items.prefix(300))")
        let position = try #require(studio.guide.watchedLoad().catalog.primary.exhibits.first { $0.id == "jikji" }?.position)
        #expect(position.floor == "2" && position.x == 42.5 && position.y == 7)

        // Off the plan again: the three are taken out of the entry.
        #expect(try await ben.post("/studio/exhibits/jikji/place", [("floor", "")], tokenFrom: "/studio/exhibits/jikji/place").status == 303)
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        #expect(studio.guide.watchedLoad().catalog.primary.exhibits.first { $0.id == "jikji" }?.position == nil)
    }

    @Test func hostilePlacesAreRefusedAndChangeNothing() async throws {
        let studio = try await LiveStudio(files: ["floors.json": Self.floors])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        for (floor, x, y) in [("3", "10", "10"), ("../1", "10", "10"), ("1", "NaN", "10"), ("1", "1e400", "10"), ("1", "-0.1", "10"),
                              ("1", "100.01", "10"), ("1", "10", ""), ("1", "0x10", "5"), ("1\n2", "1", "1")] {
            let answer = try await ben.post("/studio/exhibits/jikji/place", [("floor", floor), ("x", x), ("y", y)], tokenFrom: "/studio/exhibits/jikji/place")
            #expect(answer.status == 422, "\(floor) \(x) \(y)")
        }
        #expect(try studio.state.draft(of: "jikji").draft == nil)
        #expect(try await ben.post("/studio/exhibits/nobody/place", [("floor", "1"), ("x", "1"), ("y", "1")], tokenFrom: "/studio/exhibits/jikji/place").status == 404)
        #expect(try await ben.post("/studio/exhibits/@exposition/place", [("floor", "1"), ("x", "1"), ("y", "1")], tokenFrom: "/studio/exhibits/jikji/place").status == 404)
    }
}
