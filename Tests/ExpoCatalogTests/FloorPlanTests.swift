import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// Floors (`floors.json`, `floors.csv`) and the exhibits' positions: both forms load as the
/// same guide, and every problem is a warning with its place that leaves the exhibit off the plan.
@Suite struct FloorPlanTests {
    static let floorsJSON = #"""
        [{"id": "1", "name": "1층 전시실", "plan": "plan-1", "plan_alt": "두 방"},
         {"id": 2, "name": "2층", "plan": "plan-2", "plan_alt": "한 방"}]
        """#
    static let floorsEnglish = #"[{"id": "1", "name": "Ground floor", "plan_alt": "Two rooms"}, {"id": "2", "name": "First floor", "plan_alt": "One room"}]"#
    static let items = #"""
        [{"image_name": "jikji", "name": "직지", "short_desc": "책", "desc": "책.", "floor": "1", "x": 42.5, "y": 61},
         {"image_name": "haegeum", "name": "해금", "short_desc": "악기", "desc": "악기.", "floor": 2, "x": 0, "y": 100}]
        """#
    static let itemsEnglish = #"""
        [{"image_name": "jikji", "name": "Jikji", "short_desc": "Book", "desc": "A book."},
         {"image_name": "haegeum", "name": "Haegeum", "short_desc": "Fiddle", "desc": "A fiddle."}]
        """#
    static let exposition = TemporaryCatalog.seedExposition
    static let expositionEnglish = #"{"title": "Paris 1900", "visitors": 1, "location": "Paris", "duration": "1900", "description": "D."}"#

    static func jsonCatalog(items: String = items, floors: String = floorsJSON, extra: [String: String] = [:]) throws -> TemporaryCatalog {
        try TemporaryCatalog.seed(extra: [
            "items.json": items, "items.en.json": itemsEnglish, "exposition_universelle_1900.en.json": expositionEnglish,
            "floors.json": floors, "floors.en.json": floorsEnglish, "plan-1.svg": TemporaryCatalog.tinySVG, "plan-2.svg": TemporaryCatalog.tinySVG,
        ].merging(extra) { _, new in new })
    }

    static func warnings(_ catalog: Catalog) -> [String] { catalog.diagnostics.map(\.description) }

    @Test func floorsAndPositionsLoadTheSameFromJSONAndSpreadsheets() throws {
        let json = try Self.jsonCatalog().load()
        let sheets = try TemporaryCatalog.seed(extra: [
            "items.csv": "image_name,name,short_desc,desc,name.en,short_desc.en,desc.en,floor,x,y\n"
                + "jikji,직지,책,책.,Jikji,Book,A book.,1,42.5,61\nhaegeum,해금,악기,악기.,Haegeum,Fiddle,A fiddle.,2,0,100\n",
            "exposition_universelle_1900.json": Self.exposition, "exposition_universelle_1900.en.json": Self.expositionEnglish,
            "floors.csv": "id,name,plan,plan_alt,name.en,plan_alt.en\n1,1층 전시실,plan-1,두 방,Ground floor,Two rooms\n2,2층,plan-2,한 방,First floor,One room\n",
            "plan-1.svg": TemporaryCatalog.tinySVG, "plan-2.svg": TemporaryCatalog.tinySVG,
        ])
        try FileManager.default.removeItem(at: sheets.url.appendingPathComponent("items.json"))
        let csv = try sheets.load()
        #expect(json.diagnostics.isEmpty, "\(Self.warnings(json))")
        #expect(csv.diagnostics.isEmpty, "\(Self.warnings(csv))")
        #expect(json.primary.floors == [Floor(id: "1", name: "1층 전시실", plan: "plan-1", planAlt: "두 방"),
                                        Floor(id: "2", name: "2층", plan: "plan-2", planAlt: "한 방")])
        #expect(json.edition(Language("en")).floors.map(\.name) == ["Ground floor", "First floor"])
        #expect(json.edition(Language("en")).floors.map(\.planAlt) == ["Two rooms", "One room"])
        #expect(json.primary.exhibits.map(\.position) == [ExhibitPosition(floor: "1", x: 42.5, y: 61),
                                                          ExhibitPosition(floor: "2", x: 0, y: 100)])
        #expect(json.edition(Language("en")).exhibits.map(\.position) == json.primary.exhibits.map(\.position))
        #expect(csv.editions.map(\.floors) == json.editions.map(\.floors))
        #expect(csv.editions.map { $0.exhibits.map(\.position) } == json.editions.map { $0.exhibits.map(\.position) })
        #expect(json.images["plan-1"] != nil && json.images["plan-2"] != nil)
    }

    @Test func convertCarriesFloorsAndPositionsBothWays() throws {
        let source = try Self.jsonCatalog()
        let original = try source.load()
        let sheets = try ConversionTests.converted(source.url, to: .csv)
        let names = try FileManager.default.contentsOfDirectory(atPath: sheets.url.path)
        #expect(names.contains("floors.csv") && !names.contains("floors.json") && !names.contains("floors.en.json"))
        let fromSheets = try sheets.load()
        #expect(fromSheets.editions == original.editions)
        let back = try ConversionTests.converted(sheets.url, to: .json)
        #expect(try back.load().editions == original.editions)
    }

    @Test func aPositionOnAFloorThatDoesNotExistIsAWarningWithItsPlace() throws {
        let items = Self.items.replacingOccurrences(of: #""floor": 2"#, with: #""floor": "9""#)
        let catalog = try Self.jsonCatalog(items: items).load()
        #expect(catalog.diagnostics.map(\.location) == ["items.json[1].floor"])
        #expect(catalog.diagnostics.first?.message.contains("\"9\"") == true)
        #expect(catalog.primary.exhibits[1].position == nil)
        #expect(catalog.primary.exhibits[0].position != nil)
    }

    @Test func aCoordinateThatIsNoNumberOrOutsideThePlanIsAWarningWithItsPlace() throws {
        let items = Self.items.replacingOccurrences(of: #""x": 42.5"#, with: #""x": "left""#)
            .replacingOccurrences(of: #""y": 100"#, with: #""y": 100.5"#)
        let catalog = try Self.jsonCatalog(items: items).load()
        #expect(Set(catalog.diagnostics.map(\.location)) == ["items.json[0].x", "items.json[1].y"])
        #expect(catalog.diagnostics.contains { $0.message.contains("\"left\" is not a number") })
        #expect(catalog.diagnostics.contains { $0.message.contains("100.5 is outside the plan") })
        #expect(catalog.primary.exhibits.allSatisfy { $0.position == nil })
    }

    @Test func onlySomeOfFloorXAndYIsAWarningAndNoPosition() throws {
        let items = Self.items.replacingOccurrences(of: #", "x": 0, "y": 100"#, with: "")
        let catalog = try Self.jsonCatalog(items: items).load()
        #expect(catalog.diagnostics.map(\.location) == ["items.json[1].floor"])
        #expect(catalog.diagnostics.first?.message.contains("without x and y") == true)
        #expect(catalog.primary.exhibits[1].position == nil)
    }

    @Test func aMissingPlanImageIsAWarningAtThePlaceThatNamesIt() throws {
        let catalog = try Self.jsonCatalog(extra: ["plan-2.svg": ""]).load()
        // An empty file is refused (its own warning); the plan is then missing, said where it is named.
        let missing = try Self.jsonCatalog()
        try FileManager.default.removeItem(at: missing.url.appendingPathComponent("plan-2.svg"))
        let loaded = try missing.load()
        #expect(loaded.diagnostics.map(\.location) == ["floors.json[1].plan"])
        #expect(loaded.diagnostics.first?.message.contains("no image \"plan-2\"") == true)
        #expect(loaded.images["plan-2"] == nil && loaded.primary.floors.count == 2)
        #expect(!catalog.diagnostics.isEmpty)
    }

    @Test(.enabled(if: PDFConverter.locate() != nil, "needs poppler's pdftocairo (apt-get install poppler-utils)"))
    func aPlanMayBeAPDF() throws {
        let source = try Self.jsonCatalog()
        try FileManager.default.removeItem(at: source.url.appendingPathComponent("plan-2.svg"))
        try source.write("plan-2.pdf", AssetCatalogFixture.pdf())
        let catalog = try source.load()
        #expect(catalog.diagnostics.isEmpty, "\(Self.warnings(catalog))")
        let plan = try #require(catalog.images["plan-2"]?.variants.first)
        #expect(plan.format == .svg && plan.file == "plan-2.pdf")
        #expect(String(decoding: plan.data, as: UTF8.self).contains("<svg"))
    }

    @Test func aPDFPlanWithoutPdftocairoIsAWarningNamingTheTool() throws {
        let source = try Self.jsonCatalog()
        try FileManager.default.removeItem(at: source.url.appendingPathComponent("plan-2.svg"))
        try source.write("plan-2.pdf", AssetCatalogFixture.pdf())
        let catalog = try CatalogLoader.load(at: source.url, options: .init(pdfConverter: nil))
        #expect(catalog.diagnostics.map(\.location) == ["plan-2.pdf", "floors.json[1].plan"])
        #expect(catalog.diagnostics.first?.message.contains("pdftocairo") == true)
    }

    @Test func aRepeatedFloorIDIsAWarningAndTheLaterOneIsLeftOut() throws {
        let floors = Self.floorsJSON.replacingOccurrences(of: #""id": 2"#, with: #""id": "1""#)
        let items = Self.items.replacingOccurrences(of: #""floor": 2"#, with: #""floor": 1"#)
        let catalog = try Self.jsonCatalog(items: items, floors: floors).load()
        // The English file's floor "2" is then no floor either.
        #expect(catalog.diagnostics.map(\.location) == ["floors.json[1].id", "floors.en.json[1].id"])
        #expect(catalog.primary.floors.map(\.name) == ["1층 전시실"])
    }

    @Test func aTranslationCannotMoveAnExhibit() throws {
        let english = Self.itemsEnglish.replacingOccurrences(of: #""name": "Jikji""#, with: #""name": "Jikji", "x": 3"#)
        let catalog = try Self.jsonCatalog(extra: ["items.en.json": english]).load()
        #expect(catalog.diagnostics.map(\.location) == ["items.en.json[0].x"])
        #expect(catalog.edition(Language("en")).exhibits[0].position == ExhibitPosition(floor: "1", x: 42.5, y: 61))
    }

    @Test func spreadsheetProblemsNameTheirRowAndColumn() throws {
        let sheets = try TemporaryCatalog.seed(extra: [
            "items.csv": "image_name,name,short_desc,desc,floor,x,y,x.en\njikji,직지,책,책.,1,x,5,\nhaegeum,해금,악기,악기.,3,1,2,\n",
            "floors.csv": "id,name,plan,plan_alt\n1,1층,plan-1,두 방\n1,다시,plan-1,\n",
            "plan-1.svg": TemporaryCatalog.tinySVG,
        ])
        try FileManager.default.removeItem(at: sheets.url.appendingPathComponent("items.json"))
        let catalog = try sheets.load()
        #expect(Set(catalog.diagnostics.map(\.location))
            == ["items.csv:1 (x.en)", "items.csv:2 (x)", "items.csv:3 (floor)", "floors.csv:3 (id)"])
    }

    @Test func validateReportsAPlanWithoutATextAlternative() throws {
        let floors = Self.floorsJSON.replacingOccurrences(of: #", "plan_alt": "한 방""#, with: "")
        let source = try Self.jsonCatalog(floors: floors)
        #expect(try source.load().diagnostics.isEmpty)
        let checked = try source.load(publishingCheck: true)
        #expect(checked.publishingNotes.map(\.location).filter { $0.hasPrefix("floors") } == ["floors.json[1].plan_alt"])
    }

    @Test func floorNamesInALanguageTheCatalogLacksAreAWarning() throws {
        let catalog = try Self.jsonCatalog(extra: ["floors.fr.json": #"[{"id": "1", "name": "Rez-de-chaussée"}]"#]).load()
        #expect(catalog.diagnostics.map(\.location) == ["floors.fr.json"])
        #expect(!catalog.languages.contains(Language("fr")))
    }

    @Test func aCatalogWithoutFloorsHasNone() throws {
        let catalog = try TemporaryCatalog.seed().load()
        #expect(catalog.primary.floors.isEmpty && catalog.primary.exhibits.allSatisfy { $0.position == nil })
    }
}
