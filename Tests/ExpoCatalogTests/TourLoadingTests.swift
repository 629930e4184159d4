import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// Tours: `tours.json`, its translations and `tours.csv` read into every edition, and each
/// problem a diagnostic with its file and place.
@Suite struct TourLoadingTests {
    /// The tours of a catalog whose `tours.json` is `tours`, and what loading it said about them.
    static func load(_ tours: String) throws -> (tours: [Tour], diagnostics: [Diagnostic]) {
        let catalog = try ToursCatalog.make(tours: tours).load()
        return (catalog.primary.tours, catalog.diagnostics.filter { $0.file == "tours.json" })
    }

    @Test func toursInJSONAndInCSVLoadAsTheSameTours() throws {
        let json = try ToursCatalog.make().load()
        let csv = try ToursCatalog.make(csv: true).load()
        #expect(json.primary.tours.map(\.id) == ToursCatalog.expected.map(\.id))
        #expect(json.primary.tours.map(\.stops) == ToursCatalog.expected.map(\.stops))
        #expect(json.primary.tours.map(\.title) == ToursCatalog.expected.map(\.ko))
        #expect(json.edition(.english).tours.map(\.title) == ToursCatalog.expected.map(\.en))
        #expect(json.primary.tours.map(\.duration) == [20, 15])
        #expect(csv.primary.tours == json.primary.tours)
        #expect(csv.edition(.english).tours == json.edition(.english).tours)
        #expect(json.diagnostics.filter { $0.file.hasPrefix("tours") } == [])
        #expect(csv.diagnostics.filter { $0.file.hasPrefix("tours") } == [])
    }

    @Test func aTranslationGivesOnlyTextsAndAMissingOneFallsBackToThePrimary() throws {
        let english = #"[{"id": "printed-word", "title": "The printed word", "stops": ["jikji"], "duration": 5}]"#
        let catalog = try ToursCatalog.make(extra: ["tours.en.json": english]).load()
        let tours = catalog.edition(.english).tours
        #expect(tours.map(\.stops) == ToursCatalog.expected.map(\.stops))
        #expect(tours.map(\.duration) == [20, 15])
        #expect(tours.map(\.title) == ["The printed word", "궁중의 악기"])
        #expect(catalog.edition(.english).isUntranslated(Tour.untranslatedKey("court-music"), "title"))
        #expect(catalog.edition(.english).isUntranslated(Tour.untranslatedKey("printed-word"), "description"))
        let places = Set(catalog.diagnostics.filter { $0.file == "tours.en.json" }.map(\.location))
        #expect(places.isSuperset(of: ["tours.en.json[0].stops", "tours.en.json[0].duration", "tours.en.json[0].description", "tours.en.json"]))
    }

    @Test func anUnknownExhibitIsAWarningAndTheStopIsLeftOut() throws {
        let (tours, diagnostics) = try Self.load(#"[{"id": "t", "title": "T", "stops": ["jikji", "jikij", "palman"]}]"#)
        #expect(tours.map(\.stops) == [["jikji", "palman"]])
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.location == "tours.json[0].stops[1]")
        #expect(warning.message.contains("\"jikij\" is no exhibit's id"))
        #expect(warning.message.contains("did you mean jikji?"))
    }

    @Test func aRepeatedStopIsAWarningAndTheRepeatIsLeftOut() throws {
        let (tours, diagnostics) = try Self.load(#"[{"id": "t", "title": "T", "stops": ["jikji", "palman", "jikji"]}]"#)
        #expect(tours.map(\.stops) == [["jikji", "palman"]])
        #expect(diagnostics.map(\.location) == ["tours.json[0].stops[2]"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("already stop 1") == true)
    }

    @Test func aTourWithNoStopsLeftIsAWarningAndTheTourIsLeftOut() throws {
        let (tours, diagnostics) = try Self.load("""
            [{"id": "gone", "title": "G", "stops": ["nothing"]}, {"id": "empty", "title": "E", "stops": []},
             {"id": "t", "title": "T", "stops": ["jikji"]}]
            """)
        #expect(tours.map(\.id) == ["t"])
        #expect(diagnostics.map(\.location) == ["tours.json[0].stops[0]", "tours.json[0].stops", "tours.json[1].stops"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(diagnostics[1].message.contains("left out"))
    }

    @Test func aRepeatedTourIDIsAWarningAndTheLaterTourIsLeftOut() throws {
        let (tours, diagnostics) = try Self.load("""
            [{"id": "t", "title": "First", "stops": ["jikji"]}, {"id": "t", "title": "Second", "stops": ["palman"]}]
            """)
        #expect(tours.map(\.title) == ["First"])
        #expect(diagnostics.map(\.location) == ["tours.json[1].id"])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("already the id of [0]") == true)
    }

    @Test func anUnsafeTourIDIsAnError() throws {
        let folder = try ToursCatalog.make(tours: #"[{"id": "../x", "title": "T", "stops": ["jikji"]}]"#)
        do {
            _ = try folder.load()
            Issue.record("a tour id that cannot name a page loaded")
        } catch let CatalogError.invalid(_, diagnostics) {
            let error = try #require(diagnostics.first { $0.severity == .error })
            #expect(error.location == "tours.json[0].id")
            #expect(error.message.contains("not a safe id"))
        }
    }

    @Test func aSpreadsheetNamesTheRowAndTheColumn() throws {
        let csv = "id,title,duration,stops,title.en\r\nt,T,soon,\"jikji, jikji nothing\",\r\n"
        let catalog = try ToursCatalog.make(csv: true, extra: ["tours.csv": csv]).load()
        #expect(catalog.primary.tours.map(\.stops) == [["jikji"]])
        let places = catalog.diagnostics.filter { $0.file == "tours.csv" }.map(\.location)
        #expect(places.contains("tours.csv:2 (stops)"))
        #expect(places.contains("tours.csv:2 (duration)"))
        #expect(places.contains("tours.csv:2 (title.en)"))
    }

    @Test func aCatalogWithoutToursHasNone() throws {
        let catalog = try TemporaryCatalog.seed().load()
        #expect(catalog.editions.allSatisfy { $0.tours.isEmpty })
        #expect(catalog.diagnostics == [])
    }

    @Test func convertingCarriesToursBothWays() throws {
        let folder = try ToursCatalog.make()
        let csv = try CatalogConversion.convert(folder: folder.url, to: .csv)
        let sheet = try #require(csv.files["tours.csv"])
        #expect(csv.replaced.isSuperset(of: ["tours.json", "tours.en.json"]))
        let converted = try ToursCatalog.make(tours: "[]")
        try FileManager.default.removeItem(at: converted.url.appendingPathComponent("tours.json"))
        try converted.write("tours.csv", Data(sheet))
        let back = try CatalogConversion.convert(folder: converted.url, to: .json)
        #expect(back.files["tours.json"] != nil && back.files["tours.en.json"] != nil)
        let original = try folder.load()
        let reloaded = try converted.load()
        #expect(reloaded.primary.tours == original.primary.tours)
        #expect(reloaded.edition(.english).tours == original.edition(.english).tours)
    }
}
