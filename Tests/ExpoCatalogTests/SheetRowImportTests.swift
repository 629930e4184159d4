import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// An exhibits' sheet sent to the studio is compared with the catalog row by row: what it
/// finds, the catalog it previews and the files it writes are those of reading it with the
/// whole folder, and an unchanged entry keeps its bytes.
@Suite struct SheetRowImportTests {
    /// 30 exhibits in Korean and English, every fifth with a stop of its own.
    private func folder() throws -> TemporaryCatalog {
        func entry(_ number: Int, _ language: String) -> String {
            let stop = number % 5 == 0 ? ",\n    \"stop\": \(100 + number)" : ""
            return "  {\n    \"image_name\": \"item-\(number)\",\n    \"name\": \"\(language) \(number)\",\n"
                + "    \"short_desc\": \"\(language) text \(number), with a comma\"\(language == "ko" ? stop : "")\n  }"
        }
        let numbers = Array(1...30)
        return try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "exposition_universelle_1900.en.json": #"{"title": "Paris 1900", "location": "Paris", "duration": "1900", "description": "A fair."}"#,
            "items.json": "[\n" + numbers.map { entry($0, "ko") }.joined(separator: ",\n") + "\n]\n",
            "items.en.json": "[\n" + numbers.map { entry($0, "en") }.joined(separator: ",\n") + "\n]\n",
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
        ])
    }

    /// The folder's exhibits as `items.csv`, each row's cells by column, edited by `edit`.
    private func sheet(_ folder: TemporaryCatalog, _ edit: (inout [[String]]) -> Void) throws -> [UInt8] {
        let bytes = try #require(try CatalogConversion.convert(folder: folder.url, to: .csv).files["items.csv"])
        guard case let .success(table) = CSVTable.read(bytes, file: "items.csv") else { throw CancellationError() }
        var rows = [table.header] + table.rows.map(\.cells)
        edit(&rows)
        return CSVWriter.bytes(rows)
    }

    private func column(_ rows: [[String]], _ name: String) -> Int { rows[0].firstIndex(of: name)! }

    private func same(_ rows: SheetImport, _ whole: SheetImport) {
        func keyed(_ changes: [SheetImport.Change]) -> [String] {
            changes.map { "\($0.kind) \($0.key) \($0.columns)" }.sorted()
        }
        #expect(keyed(rows.changes) == keyed(whole.changes))
        #expect(!rows.hasErrors && !whole.hasErrors, "\(rows.diagnostics.map(\.line)) \(whole.diagnostics.map(\.line))")
        #expect(rows.catalog?.primary.exhibits == whole.catalog?.primary.exhibits, "the preview's exhibits, their stops included")
        #expect(rows.catalog?.translations.map(\.exhibits) == whole.catalog?.translations.map(\.exhibits))
    }

    @Test(arguments: ["a text", "a row added", "a row removed", "a row moved", "all at once"])
    func aSheetReadRowByRowIsReadAsTheWholeFolderReadsIt(_ edit: String) throws {
        let folder = try folder()
        let before = try Data(contentsOf: folder.url.appendingPathComponent("items.json"))
        let sent = try sheet(folder) { rows in
            let text = column(rows, "short_desc")
            if edit == "a text" || edit == "all at once" { rows[7][text] = "새 설명, 고친 것" }
            if edit == "a row added" || edit == "all at once" {
                var added = rows[3]
                added[column(rows, "image_name")] = "newcomer"
                added[column(rows, "name")] = "새 전시품"
                added[column(rows, "stop")] = ""
                rows.insert(added, at: 4)
            }
            if edit == "a row removed" || edit == "all at once" { rows.remove(at: 2) }
            if edit == "a row moved" || edit == "all at once" { rows.append(rows.remove(at: 12)) }
        }
        let load = try WatchedLoad.load(at: folder.url)
        let rows = SheetImport(load: load, sheets: ["items.csv": sent])
        let whole = SheetImport(folder: folder.url, sheets: ["items.csv": sent])
        #expect(rows.rows != nil, "read row by row")
        same(rows, whole)
        #expect(rows.fileNames == ["items.en.json", "items.json"])
        #expect(rows.write(into: folder.url) == nil)
        let written = try folder.load()
        #expect(written.primary.exhibits == whole.catalog?.primary.exhibits, "the folder loads as the preview showed it")
        #expect(written.translations.map(\.exhibits) == whole.catalog?.translations.map(\.exhibits))
        // An entry the sheet leaves as it was keeps its bytes, its indentation included.
        let after = String(decoding: try Data(contentsOf: folder.url.appendingPathComponent("items.json")), as: UTF8.self)
        let untouched = "  {\n    \"image_name\": \"item-20\",\n    \"name\": \"ko 20\",\n    \"short_desc\": \"ko text 20, with a comma\",\n    \"stop\": 120\n  }"
        #expect(String(decoding: before, as: UTF8.self).contains(untouched) && after.contains(untouched), "\(after.prefix(600))")
    }

    @Test func aSheetTheCatalogAlreadyHoldsChangesNothing() throws {
        let folder = try folder()
        let before = try Data(contentsOf: folder.url.appendingPathComponent("items.json"))
        let sent = try sheet(folder) { _ in }
        let load = try WatchedLoad.load(at: folder.url)
        let rows = SheetImport(load: load, sheets: ["items.csv": sent])
        #expect(rows.changes.isEmpty && !rows.hasErrors, "\(rows.changes) \(rows.diagnostics.map(\.line))")
        #expect(rows.write(into: folder.url) == nil)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("items.json")) == before, "byte for byte")
    }

    @Test func aCatalogKeptInASpreadsheetGetsTheSheet() throws {
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.csv": "image_name,name,name.en\njikji,직지,Jikji\nhaegeum,해금,Haegeum\n",
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
        ])
        let sent = Array("image_name,name,name.en\nhaegeum,해금,Haegeum fiddle\ngayageum,가야금,Gayageum\n".utf8)
        let load = try WatchedLoad.load(at: folder.url)
        let rows = SheetImport(load: load, sheets: ["items.csv": sent])
        let whole = SheetImport(folder: folder.url, sheets: ["items.csv": sent])
        same(rows, whole)
        #expect(rows.catalog?.primary.exhibits.map(\.stop) == [1, 2], "stops follow the places in the sheet")
        #expect(rows.fileNames == ["items.csv"])
        #expect(rows.write(into: folder.url) == nil)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("items.csv")) == Data(sent))
    }

    @Test func hostileSheetsAreReportedAtTheirRowsAndBlockTheTake() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        func read(_ text: [UInt8]) -> SheetImport { SheetImport(load: load, sheets: ["items.csv": text]) }
        let twice = read(Array("image_name,name\nitem-1,a\n\nitem-1,b\n".utf8))
        #expect(twice.hasErrors && twice.diagnostics.contains { $0.line.contains("items.csv:4") && $0.line.contains("already the id of row 2") },
                "\(twice.diagnostics.map(\.line))")
        #expect(twice.catalog == nil)
        let noID = read(Array("name,short_desc\nA,B\n".utf8))
        #expect(noID.hasErrors && noID.diagnostics.contains { $0.line.contains("no image_name column") })
        let notText = read(Array("image_name,name\nitem-1,a\n".utf8) + [0x81, 0x20, 0x0A])
        #expect(notText.hasErrors && notText.diagnostics.contains { $0.line.contains("items.csv:3") }, "\(notText.diagnostics.map(\.line))")
        let badID = read(Array("image_name,name\n../etc,x\n".utf8))
        #expect(badID.hasErrors, "an id that cannot be an address is refused as a load refuses it: \(badID.diagnostics.map(\.line))")
        let headerOnly = read(Array("image_name,name\n".utf8))
        #expect(headerOnly.changes.filter { $0.kind == .removed }.count == 30, "a sheet of no rows removes every exhibit, and says so")
        let quoted = read(Array("image_name,name\nitem-1,\"a \"\"quoted\"\" name\nover two lines\"\r\n".utf8))
        #expect(!quoted.hasErrors && quoted.catalog?.primary.exhibits.first?.name == "a \"quoted\" name\nover two lines")
    }

    /// The spreadsheets a museum downloads, sent back together: the exhibits' rows are read
    /// row by row, the exposition's and tours' sheets with the folder, and the whole reads as
    /// reading all of them with the whole folder does.
    @Test func theExpositionAndToursSheetsSentWithTheExhibitsAreReadAroundTheRows() throws {
        let folder = try folder()
        try Data(#"[{"id": "walk", "title": "한 바퀴", "stops": ["item-1", "item-2", "item-3"]}]"#.utf8)
            .write(to: folder.url.appendingPathComponent("tours.json"))
        let converted = try CatalogConversion.convert(folder: folder.url, to: .csv).files
        let exposition = try #require(converted["exposition.csv"])
        let tours = try #require(converted["tours.csv"])
        let items = try sheet(folder) { rows in
            rows[7][column(rows, "short_desc")] = "새 설명"
            rows.remove(at: 2)
        }
        let newTitle = Array(String(decoding: exposition, as: UTF8.self).replacingOccurrences(of: "Paris 1900", with: "Paris in 1900").utf8)
        let newTours = Array(String(decoding: tours, as: UTF8.self).replacingOccurrences(of: "한 바퀴", with: "두 바퀴").utf8)
        #expect(newTitle != exposition && newTours != tours, "the test's edits reach the sheets")
        let sheets = ["items.csv": items, "exposition.csv": newTitle, "tours.csv": newTours]
        let load = try WatchedLoad.load(at: folder.url)
        let rows = SheetImport(load: load, sheets: sheets)
        let whole = SheetImport(folder: folder.url, sheets: sheets)
        #expect(rows.rows != nil, "the exhibits read row by row")
        same(rows, whole)
        #expect(rows.catalog?.editions.map(\.exposition) == whole.catalog?.editions.map(\.exposition))
        #expect(rows.catalog?.editions.map(\.tours) == whole.catalog?.editions.map(\.tours))
        #expect(rows.catalog?.translations.first?.exposition.title == "Paris in 1900")
        #expect(rows.catalog?.primary.tours.first?.title == "두 바퀴")
        #expect(rows.catalog?.primary.tours.first?.stops == ["item-1", "item-3"], "the removed exhibit leaves the tour")
        // Only the changed rows' messages: the rows' own reading says nothing of the others.
        #expect(rows.diagnostics.filter { $0.line.contains("tours.csv:2 (stops): \"item-2\" is no exhibit's id") }.count == 1,
                "the removed stop is told once, by the tours' reading: \(rows.diagnostics.map(\.line))")
        #expect(!rows.diagnostics.contains { $0.line.contains("only the first two cells") }, "\(rows.diagnostics.map(\.line))")
        #expect(rows.catalog?.fingerprint != load.catalog.fingerprint, "the preview is a new version")
        #expect(rows.fileNames == whole.fileNames, "\(rows.fileNames) \(whole.fileNames)")
        #expect(rows.write(into: folder.url) == nil)
        let written = try folder.load()
        #expect(written.editions.map(\.exhibits) == whole.catalog?.editions.map(\.exhibits), "the folder loads as the preview showed it")
        #expect(written.editions.map(\.exposition) == whole.catalog?.editions.map(\.exposition))
        #expect(written.editions.map(\.tours) == whole.catalog?.editions.map(\.tours))
    }

    @Test func aBrokenSheetBesideTheExhibitsBlocksTheTakeAndTheFloorsSheetReadsTheWholeFolder() throws {
        let folder = try folder()
        let items = try sheet(folder) { rows in rows[7][column(rows, "short_desc")] = "새 설명" }
        let load = try WatchedLoad.load(at: folder.url)
        let broken = SheetImport(load: load, sheets: ["items.csv": items, "exposition.csv": Array("title\n\"never closed\n".utf8)])
        #expect(broken.rows != nil && broken.hasErrors && broken.catalog == nil, "\(broken.diagnostics.map(\.line))")
        #expect(broken.diagnostics.contains { $0.line.contains("exposition.csv") }, "\(broken.diagnostics.map(\.line))")
        let floors = SheetImport(load: load, sheets: ["items.csv": items, "floors.csv": Array("id,name\nground,1층\n".utf8)])
        #expect(floors.rows == nil, "each exhibit's place on a plan is read against the floors sent")
    }
}
