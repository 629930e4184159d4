import ExpoCatalog
import ExpoImages
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// The tours' pages: `tours/`, a tour's stops in order, each stop as the exhibit with the
/// tour's navigation, the IIIF collection, and what a catalog without tours keeps.
@Suite struct TourPagesTests {
    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    /// The `href`s of `class` links in `html`, in order.
    private func links(_ html: String, class name: String) -> [String] {
        let pattern = try! Regex(#"<a class="[^"]*\b"# + name + #"\b[^"]*" href="([^"]+)""#)
        return html.matches(of: pattern).map { String($0.output[1].substring ?? "") }
    }

    @Test func theToursScreenListsEveryTourWithItsDurationStopsAndFirstPicture() throws {
        let site = try Site.render(ToursCatalog.make().load())
        let english = try html(site, "/en/tours/")
        #expect(links(english, class: "row") == ["/en/tours/printed-word/", "/en/tours/court-music/"])
        #expect(english.contains("The printed word") && english.contains("Instruments of the court"))
        #expect(english.contains("A walk along books and woodblocks."))
        #expect(english.contains(#"<p class="tour-summary">About 20 min · 3 stops</p>"#))
        #expect(english.contains(#"<p class="tour-summary">About 15 min · 2 stops</p>"#))
        // The first stop's picture: samguk for the first tour, haegeum for the second.
        let samguk = try #require(english.range(of: "samguk"))
        let haegeum = try #require(english.range(of: "haegeum"))
        #expect(samguk.lowerBound < haegeum.lowerBound)
        #expect(try html(site, "/tours/").contains("인쇄된 말"))
    }

    @Test func aTourPageListsItsStopsInWalkingOrderEachLeadingToItsStop() throws {
        let site = try Site.render(ToursCatalog.make().load())
        for (tour, language, prefix) in [(ToursCatalog.expected[0], "en", "/en/"), (ToursCatalog.expected[1], "ko", "/")] {
            let page = try html(site, "\(prefix)tours/\(tour.id)/")
            let ids = page.matches(of: try Regex(#"<li data-id="([^"]+)">"#)).map { String($0.output[1].substring ?? "") }
            #expect(ids == tour.stops, "in \(language)")
            #expect(links(page, class: "row") == tour.stops.indices.map { "\(prefix)tours/\(tour.id)/\($0 + 1)/" })
            #expect(links(page, class: "tour-start") == ["\(prefix)tours/\(tour.id)/1/"])
        }
        let english = try html(site, "/en/tours/printed-word/")
        #expect(english.contains("<li>About 20 min</li>") && english.contains("<li>3 stops</li>"))
        // The badge is the exhibit's own stop number, as its wall label has it: samguk is the 4th exhibit.
        #expect(english.contains(#"<span class="stop-badge" aria-hidden="true">4</span>"#))
    }

    /// With a floor plan, a tour's page draws its walk: a pin per stop, in the tour's order
    /// and leading to that stop, joined in that order. Each pin bears its exhibit's stop
    /// number, as the wall label and the list below do: the default catalog's second tour
    /// starts at stop 5, so a pin numbered by its place on the tour would show 1. The default
    /// catalog has a plan and two tours; a catalog without floors draws none.
    @Test func aTourPageDrawsItsWalkOverThePlan() throws {
        let catalog = try CatalogLoader.loadDefault()
        let site = try Site.render(catalog)
        let tour = try #require(catalog.primary.tours.last)
        let exhibits = try tour.stops.map { id in try #require(catalog.primary.exhibits.first { $0.id == id }) }
        #expect(exhibits.map(\.stop) != Array(1...exhibits.count), "this tour's stop numbers must differ from its order")
        let page = try html(site, "/en/tours/\(tour.id)/")
        let pins = page.matches(of: /<a class="plan-pin" href="([^"]+)" aria-label="([^"]+)">.*?<text class="pin-number"[^>]*>([0-9]+)<\/text>/)
        #expect(pins.map { String($0.output.1) } == tour.stops.indices.map { "/en/tours/\(tour.id)/\($0 + 1)/" })
        #expect(pins.map { String($0.output.3) } == exhibits.map { String($0.stop) })
        #expect(pins.first?.output.2 == "Stop \(exhibits[0].stop), Haegeum", "\(pins.first?.output.2 ?? "")")
        // Each leg is drawn in two halves, the first ending in the arrowhead that shows the
        // way: stop to midpoint to next stop, from the first stop's place to the last's.
        let halves = page.matches(of: /<line x1="([0-9.]+)%" y1="([0-9.]+)%" x2="([0-9.]+)%" y2="([0-9.]+)%"( marker-end="url\(#route-arrow-1\)")?\/>/)
        #expect(halves.count == 2 * (tour.stops.count - 1))
        #expect(page.contains(#"<marker id="route-arrow-1""#))
        let places = try exhibits.map { try #require($0.position) }
        for (index, (from, to)) in zip(places, places.dropFirst()).enumerated() where halves.count > 2 * index + 1 {
            let (first, second) = (halves[2 * index].output, halves[2 * index + 1].output)
            #expect([first.1, first.2].compactMap { Double($0) } == [from.x, from.y] && first.5 != nil)
            #expect([first.3, first.4].compactMap { Double($0) } == [(from.x + to.x) / 2, (from.y + to.y) / 2])
            #expect(second.1 == first.3 && second.2 == first.4 && second.5 == nil)
            #expect([second.3, second.4].compactMap { Double($0) } == [to.x, to.y])
        }
        #expect(!(try html(Site.render(ToursCatalog.make().load()), "/en/tours/printed-word/")).contains("plan-pin"))
    }

    @Test func eachStopIsTheExhibitWithTheToursNavigationAndACanonicalLink() throws {
        let site = try Site.render(ToursCatalog.make().load(), options: SiteOptions(origin: "https://guide.example"))
        let stops = ToursCatalog.expected[0].stops
        for (offset, id) in stops.enumerated() {
            let number = offset + 1
            let page = try html(site, "/en/tours/printed-word/\(number)/")
            #expect(page.contains(#"<link rel="canonical" href="https://guide.example/en/items/\#(id)/">"#))
            #expect(page.components(separatedBy: #"rel="canonical""#).count == 2)
            #expect(page.contains(#"<span class="tour-nav-position">\#(number) of \#(stops.count)</span>"#))
            #expect(links(page, class: "tour-previous") == (number > 1 ? ["/en/tours/printed-word/\(number - 1)/"] : []))
            #expect(links(page, class: "tour-next") == (number < stops.count ? ["/en/tours/printed-word/\(number + 1)/"] : []))
            #expect(links(page, class: "back") == ["/en/tours/printed-word/"])
            // Not the catalog's neighbours: on a tour, next is the tour's.
            #expect(!page.contains("exhibit-pager"))
        }
        // The exhibit's own page has no tour, and is its own canonical page.
        let own = try html(site, "/en/items/jikji/")
        #expect(own.contains(#"<link rel="canonical" href="https://guide.example/en/items/jikji/">"#) && !own.contains("tour-nav"))
        #expect(try site.page(at: "/en/tours/printed-word/4/") == nil)
        #expect(try site.page(at: "/en/tours/printed-word/01/") == nil)
        #expect(try site.page(at: "/en/tours/no-such-tour/") == nil)
    }

    @Test func eachTourIsAIIIFCollectionOfItsStopsManifests() throws {
        let site = try Site.render(ToursCatalog.make().load(), options: SiteOptions(origin: "https://guide.example"))
        let page = try #require(try site.page(at: "/iiif/tours/printed-word/collection.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any])
        #expect(json["type"] as? String == "Collection")
        #expect(json["id"] as? String == "https://guide.example/iiif/tours/printed-word/collection.json")
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["id"] as? String } == ToursCatalog.expected[0].stops.map { "https://guide.example/iiif/\($0)/manifest.json" })
        #expect(try html(site, "/en/tours/printed-word/").contains(#"href="/iiif/tours/printed-word/collection.json" type="application/ld+json">IIIF collection</a>"#))
    }

    @Test func screenOneLinksToTheToursOnlyWhenTheCatalogHasThem() throws {
        let withTours = try Site.render(ToursCatalog.make().load())
        #expect(try html(withTours, "/en/").contains(#"<a class="button button-secondary" href="/en/tours/">Take a tour</a>"#))
        let without = try Site.render(TemporaryCatalog.seed().load())
        #expect(try !html(without, "/").contains("/tours/"))
        #expect(try without.page(at: "/tours/") == nil)
        #expect(!without.paths.contains { $0.contains("tours") })
    }

    @Test func everyTourPageIsInTheExportAndTheServiceWorkerKeepsThem() throws {
        let site = try Site.render(ToursCatalog.make().load())
        var expected = ["/tours/", "/en/tours/"]
        for tour in ToursCatalog.expected {
            for prefix in ["/", "/en/"] {
                expected.append("\(prefix)tours/\(tour.id)/")
                expected += tour.stops.indices.map { "\(prefix)tours/\(tour.id)/\($0 + 1)/" }
            }
        }
        #expect(Set(expected).isSubset(of: Set(site.paths)))
        let worker = try html(site, "/sw.js")
        for path in expected { #expect(worker.contains("\"\(path)\""), "\(path) is not kept") }
    }

    @Test func aLargeCatalogMakesItsTourPagesWhenAskedFor() throws {
        let folder = try TemporaryCatalog.generated(count: 700)
        try folder.write("tours.json", #"[{"id": "t", "title": "T", "duration": 5, "stops": ["item-700", "item-3", "item-1"]}]"#)
        let site = try Site.render(folder.load())
        #expect(site.isMadeOnRequest("/tours/t/2/"))
        #expect(!site.madePages.keys.contains { $0.contains("/tours/") })
        let page = try html(site, "/tours/t/2/")
        #expect(page.contains(#"<link rel="canonical" href="/items/item-3/">"#))
        #expect(links(page, class: "tour-next") == ["/tours/t/3/"])
        #expect(try html(site, "/tours/t/").contains("item-700"))
    }

    /// A tour of 1,200 exhibits on a plan: its page lists and pins the first 500 stops, as
    /// the map pins a floor's first 500, says how many there are, and every stop keeps its
    /// page, the 500th leading on to the 501st.
    @Test func aLongTourShowsItsFirstStopsAndSaysHowManyThereAre() throws {
        let count = 1_200
        let items = (1...count).map { index in
            #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "short_desc": "설명", "desc": "첫 문단.", "floor": "1", "x": \#(Double(index % 90) + 5), "y": \#(Double(index / 20) + 5)}"#
        }
        let stops = (1...count).reversed().map { "\"item-\($0)\"" }.joined(separator: ",")
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "exposition_universelle_1900.en.json": #"{"title": "Paris 1900", "location": "Paris", "duration": "1900", "description": "One."}"#,
            "items.json": "[\n" + items.joined(separator: ",\n") + "\n]",
            "floors.json": #"[{"id": "1", "name": "1층", "plan": "plan-1", "plan_alt": "평면도"}]"#,
            "plan-1.svg": TemporaryCatalog.tinySVG,
            "tours.json": #"[{"id": "all", "title": "모두", "duration": 600, "stops": [\#(stops)]}]"#,
        ])
        let site = try Site.render(folder.load())
        let limit = TourScreen.stopLimit
        #expect(limit == MapScreen.pinLimit)
        for (prefix, more) in [("/", "이 투어의 1,200곳 중 처음 500곳을 보여 줍니다. 나머지는 500번째 곳에서 ‘이 투어의 다음’으로 이어 가세요."),
                               ("/en/", "Showing the first 500 of the 1,200 stops on this tour; go on from stop 500 with “Next on this tour”.")] {
            let page = try html(site, "\(prefix)tours/all/")
            let ids = page.matches(of: try Regex(#"<li data-id="([^"]+)">"#)).map { String($0.output[1].substring ?? "") }
            #expect(ids == (count - limit + 1...count).reversed().map { "item-\($0)" })
            #expect(page.matches(of: /<a class="plan-pin" href="/).count == limit)
            #expect(page.matches(of: /marker-end="url\(#route-arrow-1\)"/).count == limit - 1, "the walk joins the pins shown")
            #expect(page.contains(#"<p class="tour-more">\#(more)</p>"#), "\(prefix)")
            #expect(!page.contains("tours/all/\(limit + 1)/"), "no stop past the limit is listed or pinned")
            #expect(page.contains(prefix == "/" ? "<li>1,200곳</li>" : "<li>1,200 stops</li>"), "the tour still counts all its stops")
        }
        let last = try html(site, "/en/tours/all/\(limit)/")
        #expect(links(last, class: "tour-next") == ["/en/tours/all/\(limit + 1)/"])
        let end = try html(site, "/en/tours/all/\(count)/")
        #expect(end.contains(#"<span class="tour-nav-position">1,200 of 1,200</span>"#))
        #expect(links(end, class: "tour-previous") == ["/en/tours/all/\(count - 1)/"] && links(end, class: "tour-next").isEmpty)
        // A tour within the limit says nothing more.
        #expect(try !html(Site.render(ToursCatalog.make().load()), "/en/tours/printed-word/").contains("tour-more"))
    }

    @Test func onATourTheLockScreenFollowsTheTour() throws {
        let folder = try ToursCatalog.make(extra: ["items.json": """
            [{"image_name": "jikji", "name": "J", "short_desc": "s", "desc": "d", "audio": "jikji.wav"},
             {"image_name": "haegeum", "name": "H", "short_desc": "s", "desc": "d"},
             {"image_name": "palman", "name": "P", "short_desc": "s", "desc": "d", "audio": "palman.wav"},
             {"image_name": "samguk", "name": "S", "short_desc": "s", "desc": "d", "audio": "samguk.wav"},
             {"image_name": "gayageum", "name": "G", "short_desc": "s", "desc": "d"}]
            """])
        for name in ["jikji.wav", "palman.wav", "samguk.wav"] { try AudioFixture.tone(name, in: folder.url, seconds: 2) }
        let catalog = try folder.load()
        guard let tools = AudioTools.locate() else { throw AudioFixture.Missing() }
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.recordings = AudioWork.recordings(for: catalog, cache: nil, tools: tools).recordings
        let site = try Site.render(catalog, renditions: renditions)
        // The tour walks samguk (4th in the list), jikji (1st), palman (3rd).
        let middle = try html(site, "/tours/printed-word/2/")
        #expect(middle.contains(#"data-previous="/tours/printed-word/1/""#))
        #expect(middle.contains(#"data-next="/tours/printed-word/3/""#))
        let last = try html(site, "/tours/printed-word/3/")
        #expect(last.contains(#"data-previous="/tours/printed-word/2/""#) && !last.contains("data-next="))
        // The exhibit's own page still follows the stop numbers: jikji, stop 1, goes on to haegeum, stop 2.
        #expect(try html(site, "/items/jikji/").contains(#"data-next="/items/haegeum/""#))
        // Three recordings of about 2 s: the tour says how long listening takes.
        #expect(try html(site, "/tours/printed-word/").contains("듣는 시간: 0:0"))
    }
}
