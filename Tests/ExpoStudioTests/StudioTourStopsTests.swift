import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// A tour's stops and length built through the studio's plain forms: exhibits found with
/// the guide's search and added, put in order, the length set, all drafted and published
/// into `tours.json`; hostile forms refused with nothing changed.
@Suite(.serialized) struct StudioTourStopsTests {
    typealias Person = StudioEditingTests.Person

    static let tours = #"[{"id": "print", "title": "인쇄", "duration": 10, "stops": ["jikji"]}, {"id": "sound-walk", "title": "소리", "stops": ["haegeum"]}]"#

    @Test func stopsAreAddedOrderedAndPublishedWithTheLength() async throws {
        let studio = try await LiveStudio(files: ["tours.json": Self.tours])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        #expect(try await ben.get("/studio/tours").body.contains("/studio/tour-stops/print"), "the tours' page links to it")
        // An id with a dash is linked as written, and the link leads to it.
        let link = try #require(StudioAccessTests.matches(#"href="(/studio/tour-stops/sound[^"]*)""#, in: try await ben.get("/studio/tours").body, groups: 1).first?.first)
        #expect(try await ben.get(link).status == 200, "\(link)")
        let found = try await ben.get("/studio/tour-stops/print?q=%ED%95%B4%EA%B8%88")
        #expect(found.status == 200 && found.body.contains("name=\"exhibit\" value=\"haegeum\""), "the guide's search finds 해금")
        let page = "/studio/tour-stops/print"
        #expect(try await ben.post(page, [("action", "add"), ("exhibit", "haegeum")], tokenFrom: page).status == 303)
        #expect(try await ben.post(page, [("action", "move"), ("exhibit", "haegeum"), ("to", "0")], tokenFrom: page).status == 303, "as a drag sends it")
        #expect(try await ben.post(page, [("action", "duration"), ("minutes", "25")], tokenFrom: page).status == 303)
        // The tours' texts saved meanwhile keep the route in the draft.
        #expect(try await ben.save("@tours", ["f.ko.tours.print.title": "인쇄의 길"], at: "/studio/tours").status == 303)
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let tour = try #require(studio.guide.watchedLoad().catalog.primary.tours.first)
        #expect(tour.stops == ["haegeum", "jikji"] && tour.duration == 25 && tour.title == "인쇄의 길")
    }

    @Test func hostileFormsAreRefusedAndChangeNothing() async throws {
        let studio = try await LiveStudio(files: ["tours.json": Self.tours])
        defer { Task { await studio.stop() } }
        let ben = Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let page = "/studio/tour-stops/print"
        for fields in [[("action", "add"), ("exhibit", "nobody")], [("action", "add"), ("exhibit", "jikji")], [("action", "add"), ("exhibit", "../x")],
                       [("action", "remove"), ("exhibit", "jikji")], [("action", "up"), ("exhibit", "jikji")], [("action", "drop"), ("exhibit", "jikji")],
                       [("action", "duration"), ("minutes", "1e3")], [("action", "duration"), ("minutes", "-5")], [("action", "duration"), ("minutes", "99999")],
                       [("action", "duration"), ("minutes", "0")], [("action", "move"), ("exhibit", "jikji"), ("to", "5")],
                       [("action", "move"), ("exhibit", "jikji"), ("to", "-1")], [("action", "move"), ("exhibit", "jikji")]] {
            #expect(try await ben.post(page, fields, tokenFrom: page).status == 422, "\(fields)")
        }
        #expect(try studio.state.draft(of: "@tours").draft == nil)
        #expect(try await ben.get("/studio/tour-stops/nothing").status == 404)
        #expect(try await ben.post("/studio/tour-stops/nothing", [("action", "add"), ("exhibit", "jikji")], tokenFrom: page).status == 404)
    }
}
