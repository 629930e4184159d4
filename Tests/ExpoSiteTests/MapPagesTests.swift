import ExpoCatalog
import ExpoImages
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// `/map/` in every language, an exhibit's "where to find it", screen 1's link, and the
/// route a tour's page draws over a plan.
@Suite struct MapPagesTests {
    /// The seed catalog in Korean and English on two floors: jikji on floor 1, haegeum on 2.
    static func catalog(floors: Bool = true) throws -> TemporaryCatalog {
        guard floors else { return try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles) }
        let items = TemporaryCatalog.seedItems
            .replacingOccurrences(of: "\"image_name\":\"jikji\",", with: "\"image_name\":\"jikji\",\"floor\":\"1\",\"x\":25,\"y\":40.5,")
            .replacingOccurrences(of: "\"image_name\":\"haegeum\",", with: "\"image_name\":\"haegeum\",\"floor\":\"b2\",\"x\":75,\"y\":10,")
        return try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles.merging([
            "items.json": items,
            "floors.json": #"[{"id": "1", "name": "1층", "plan": "plan-1", "plan_alt": "두 방"}, {"id": "b2", "name": "지하", "plan": "plan-b2", "plan_alt": "한 방"}]"#,
            "floors.en.json": #"[{"id": "1", "name": "Ground floor", "plan_alt": "Two rooms"}]"#,
            "plan-1.svg": TemporaryCatalog.tinySVG, "plan-b2.svg": TemporaryCatalog.tinySVG,
        ]) { _, new in new })
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    @Test func theMapHasASectionPerFloorWithAPinLinkPerExhibit() throws {
        let site = try Site.render(Self.catalog().load())
        let english = try html(site, "/en/map/")
        #expect(english.contains(##"<a href="#floor-1"><bdi>Ground floor</bdi></a>"##))
        // The basement has no English name: the Korean one stands in, marked as Korean.
        #expect(english.contains(##"<a href="#floor-b2" lang="ko" dir="auto"><bdi>지하</bdi></a>"##))
        #expect(english.contains(#"<section class="floor" id="floor-1" aria-labelledby="floor-1-heading">"#))
        #expect(english.contains(#"<a class="plan-pin" href="/en/items/jikji/" aria-label="Stop 1, 직지">"#)
            || english.contains(#"<a class="plan-pin" href="/en/items/jikji/" aria-label="Stop 1, Jikji">"#))
        #expect(english.contains(#"cx="25%" cy="40.5%" r="23""#))
        #expect(english.contains(#"cx="75%" cy="10%""#))
        #expect(english.contains(#"<div class="floor-plan" dir="ltr">"#))
        #expect(english.contains(#"alt="Two rooms""#))
        let korean = try html(site, "/map/")
        #expect(korean.contains(#"<a class="plan-pin" href="/items/haegeum/" aria-label="2번, 해금">"#))
    }

    @Test func anExhibitWithAPositionShowsWhereToFindItAndLinksToItsFloor() throws {
        let site = try Site.render(Self.catalog().load())
        let page = try html(site, "/en/items/jikji/")
        #expect(page.contains(#"<h2 id="location-heading">Where to find it</h2>"#))
        #expect(page.contains(##"<a class="location-link" href="/en/map/#floor-1">"##))
        // Only its own pin, not a link (the plan is one), and the plan decorative beside the link's words.
        #expect(page.components(separatedBy: "class=\"plan-pin\"").count == 2)
        #expect(page.contains(#"<g class="plan-pin" aria-hidden="true">"#))
        #expect(page.contains(#"alt="""#))
        let unplaced = try html(Site.render(Self.catalog(floors: false).load()), "/en/items/jikji/")
        #expect(!unplaced.contains("exhibit-location"))
    }

    @Test func screenOneLinksToTheMapOnlyWhenTheCatalogHasFloors() throws {
        #expect(try html(Site.render(Self.catalog().load()), "/en/").contains(#"<a class="button button-secondary" href="/en/map/">"#))
        let without = try Site.render(Self.catalog(floors: false).load())
        #expect(try !html(without, "/en/").contains("home-map-link"))
        #expect(try without.page(at: "/map/") == nil)
    }

    @Test func theMapIsMadeWhenAskedForAndExported() throws {
        let catalog = try Self.catalog().load()
        let site = try Site.render(catalog)
        #expect(site.paths.contains("/map/") && site.paths.contains("/en/map/"))
        let plan = SitePlan(catalog, routes: Routes(primary: catalog.primary.language, basePath: "/"), options: SiteOptions(),
                            search: SearchIndexes(catalog, routes: Routes(primary: catalog.primary.language, basePath: "/"), shardLimit: 1 << 20),
                            browse: BrowseIndexes(catalog, strings: [:]))
        #expect(!plan.madeFirst.contains { $0.path.hasSuffix("map/") })
        #expect(plan.job(at: "/en/map/") != nil)
    }

    @Test func aFloorWithMoreThanThePinLimitShowsTheFirstByStopAndSaysHowMany() throws {
        var catalog = try Self.catalog().load()
        let routes = Routes(primary: catalog.primary.language, basePath: "/")
        let assets = SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                resources: try SiteResources.bundled(), routes: routes)
        let count = MapScreen.pinLimit + 7
        // In reverse stop order, so that the screen must sort them.
        catalog.primary.exhibits = ExhibitTable((1...count).reversed().map { stop in
            Exhibit(id: "e\(stop)", stop: stop, name: "Exhibit \(stop)", shortDescription: "", description: "",
                    position: ExhibitPosition(floor: "1", x: 50, y: 50))
        })
        let screen = MapScreen(language: catalog.primary.language, catalog: catalog, routes: routes, assets: assets)
        let floor = try #require(screen.floors.first)
        #expect(floor.plan?.pins.count == MapScreen.pinLimit)
        #expect(floor.stops.map(\.badge.number) == (1...MapScreen.pinLimit).map(String.init))
        #expect(floor.more?.contains(String(count)) == true)
        #expect(screen.floors[1].stops.isEmpty && screen.floors[1].more == nil)
    }

    @Test func aRouteIsDrawnThroughThePinsInTheOrderGiven() throws {
        let catalog = try Self.catalog().load()
        let routes = Routes(primary: catalog.primary.language, basePath: "/")
        let assets = SiteAssets(catalog: catalog, renditions: ImageWork.renditions(for: catalog, cache: nil),
                                resources: try SiteResources.bundled(), routes: routes)
        var edition = catalog.edition(Language("en"))
        // Both exhibits on one floor, so the route has a leg.
        edition.exhibits[1].position = ExhibitPosition(floor: "1", x: 75, y: 10)
        let floor = try #require(edition.floors.first)
        let figure = try #require(FloorPlanFigure(
            floor: floor, route: ["haegeum", "missing", "jikji"], edition: edition, positions: ["jikji": 0, "haegeum": 1],
            href: { routes.link(routes.exhibit($0.id, edition.language)) }, slot: "100vw", strings: assets.strings(edition.language), assets: assets))
        // Each pin bears its exhibit's stop number (haegeum is stop 2), not its place on the route.
        #expect(figure.pins.map { $0.number } == edition.exhibits.reversed().map { String($0.stop) } && figure.pins.map(\.number) == ["2", "1"])
        #expect(figure.pins.map { $0.href } == ["/en/items/haegeum/", "/en/items/jikji/"] && figure.pins.allSatisfy { $0.isLink })
        #expect(figure.route.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [["75%", "10%", "25%", "40.5%"]])
        let html = try SiteResources.bundled().templates.render(figure, with: "floor-plan")
        #expect(String(decoding: html, as: UTF8.self).contains(
            #"<line x1="75%" y1="10%" x2="50%" y2="25.25%" marker-end="url(#route-arrow-1)"/><line x1="50%" y1="25.25%" x2="25%" y2="40.5%"/>"#))
    }
}
