import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// An exhibit's stop: the number on its wall label, in JSON and in a spreadsheet.
@Suite struct StopNumberTests {
    /// An items file of exhibits `a`, `b`, … whose `stop` is each value given (nil: none).
    static func items(_ stops: [String?]) -> String {
        let entries = stops.enumerated().map { index, stop in
            let id = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
            return "{\"image_name\": \"\(id)\", \"name\": \"N\(id)\", \"short_desc\": \"s\", \"desc\": \"d\""
                + (stop.map { ", \"stop\": \($0)" } ?? "") + "}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]"
    }

    static func folder(_ items: String, extra: [String: String] = [:]) throws -> TemporaryCatalog {
        var files = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": items]
        for id in ["poster", "flag", "a", "b", "c", "d", "e", "f"] { files["\(id).svg"] = TemporaryCatalog.tinySVG }
        files.merge(extra) { _, new in new }
        return try TemporaryCatalog(files)
    }

    static func sheet(_ rows: [[String]]) throws -> TemporaryCatalog {
        var files = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
                     "items.csv": SpreadsheetTests.csv(rows)]
        for id in ["poster", "flag", "a", "b", "c", "d"] { files["\(id).svg"] = TemporaryCatalog.tinySVG }
        return try TemporaryCatalog(files)
    }

    @Test func withoutAStopEachExhibitIsNumberedByItsPlaceInTheList() throws {
        let catalog = try Self.folder(Self.items([nil, nil, nil])).load()
        #expect(catalog.primary.exhibits.map(\.stop) == [1, 2, 3])
        #expect(catalog.diagnostics == [])
    }

    @Test func aGivenStopIsKeptAndTheOthersKeepTheirPlace() throws {
        let catalog = try Self.folder(Self.items(["12", nil, "\"007\""])).load()
        #expect(catalog.primary.exhibits.map(\.stop) == [12, 2, 7])
        #expect(catalog.diagnostics == [])
    }

    @Test func theStopIsTheSameInEveryLanguage() throws {
        let english = #"[{"image_name": "a", "name": "A"}, {"image_name": "b", "name": "B", "stop": 99}]"#
        let catalog = try Self.folder(Self.items(["5", "6"]), extra: ["items.en.json": english]).load()
        #expect(catalog.edition(.english).exhibits.map(\.stop) == [5, 6])
        let warning = try #require(catalog.diagnostics.first { $0.place.hasSuffix(".stop") })
        #expect(warning.location == "items.en.json[1].stop")
        #expect(warning.message.contains("the main language's, 6, is used"))
    }

    @Test func aSpreadsheetReadsTheSameStopsAsJSON() throws {
        let json = try Self.folder(Self.items(["12", nil, "3"])).load()
        let sheet = try Self.sheet([
            ["image_name", "stop", "name", "short_desc", "desc"],
            ["a", "12", "Na", "s", "d"],
            ["b", "", "Nb", "s", "d"],
            ["c", " 3 ", "Nc", "s", "d"],
        ]).load()
        #expect(sheet.primary.exhibits.map(\.stop) == [12, 2, 3])
        #expect(sheet.primary.exhibits.map(\.stop) == json.primary.exhibits.map(\.stop))
        #expect(sheet.diagnostics == [])
    }

    @Test func convertWritesTheStopBothWays() throws {
        let source = try Self.folder(Self.items(["12", nil, "3"]))
        let csv = try ConversionTests.converted(source.url, to: .csv)
        let table = try String(contentsOf: csv.url.appendingPathComponent("items.csv"), encoding: .utf8)
        let lines = table.split(separator: "\r\n").map(String.init)
        // The stop beside the id, an exhibit without one left empty.
        #expect(lines.first?.hasPrefix("image_name,stop,name,") == true)
        #expect(lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[1] } == ["12", "", "3"])
        let back = try ConversionTests.converted(csv.url, to: .json)
        let items = try String(contentsOf: back.url.appendingPathComponent("items.json"), encoding: .utf8)
        // A number again, not text.
        #expect(items.contains(#""stop": 12"#))
        #expect(try back.load().primary.exhibits.map(\.stop) == [12, 2, 3])
    }

    @Test func aDuplicateStopIsAWarningNamingBothPlacesInJSON() throws {
        let catalog = try Self.folder(Self.items(["4", "9", "4"])).load()
        let warnings = catalog.diagnostics.filter { $0.message.contains("is also the stop of") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.location == "items.json[2].stop")
        #expect(warning.message.hasPrefix("stop 4 is also the stop of items.json[0].stop; /stop/4 leads to that one, the first"))
        // The guide still serves both exhibits, each with the number its label shows.
        #expect(catalog.primary.exhibits.map(\.stop) == [4, 9, 4])
    }

    @Test func aDuplicateStopIsAWarningNamingBothRowsInASpreadsheet() throws {
        let catalog = try Self.sheet([
            ["image_name", "name", "stop", "short_desc", "desc"],
            ["a", "Na", "8", "s", "d"],
            ["b", "Nb", "", "s", "d"],
            ["c", "Nc", "8", "s", "d"],
        ]).load()
        let warning = try #require(catalog.diagnostics.first { $0.message.contains("is also the stop of") })
        #expect(warning.location == "items.csv:4 (stop)")
        #expect(warning.message.hasPrefix("stop 8 is also the stop of items.csv:2 (stop);"))
    }

    @Test func aStopThatCollidesWithAnotherExhibitsPlaceSaysSo() throws {
        // The second exhibit has no stop, so it is stop 2, which the first one gave itself.
        let catalog = try Self.folder(Self.items(["2", nil])).load()
        let warning = try #require(catalog.diagnostics.first { $0.message.contains("is also the stop of") })
        #expect(warning.location == "items.json[1]")
        #expect(warning.message.hasPrefix("stop 2 (its place in the list) is also the stop of items.json[0].stop;"))
        #expect(warning.message.contains("give a stop to every exhibit or to none"))
    }

    @Test(arguments: [
        ("\"12a\"", "\"12a\" is not a number"),
        ("0", "0 is not a stop number (they start at 1)"),
        ("-3", "-3 is not a stop number (they start at 1)"),
        ("2.5", "2.5 is not a whole number"),
        ("true", "expected a whole number, found"),
        ("null", "null"),
        ("1000000000", "1000000000 is larger than 999999999, the largest stop number"),
    ])
    func aStopThatIsNoNumberIsAWarningAtItsPlaceAndThePlaceInTheListStandsIn(_ given: String, _ said: String) throws {
        let catalog = try Self.folder(Self.items([nil, given])).load()
        #expect(catalog.primary.exhibits.map(\.stop) == [1, 2])
        let warnings = catalog.diagnostics.filter { $0.place.hasSuffix(".stop") }
        #expect(warnings.map(\.location) == ["items.json[1].stop"])
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.first?.message.hasPrefix(said) == true, "\(warnings)")
        #expect(warnings.first?.message.hasSuffix("the exhibit's place in the list, 2, is its stop instead") == true)
    }

    @Test func aStopThatIsNoNumberInASpreadsheetNamesItsRow() throws {
        let catalog = try Self.sheet([
            ["image_name", "name", "short_desc", "desc", "stop", "stop.en"],
            ["a", "Na", "s", "d", "1", ""],
            ["b", "Nb", "s", "d", "two", "2"],
        ]).load()
        #expect(catalog.primary.exhibits.map(\.stop) == [1, 2])
        let messages = catalog.diagnostics.map(\.description)
        #expect(messages.contains("items.csv:3 (stop): \"two\" is not a number; the exhibit's place in the list, 2, is its stop instead"))
        #expect(messages.contains("items.csv:1 (stop.en): stop is the number on the wall label, which is the same in every language; the column is ignored"))
    }
}
