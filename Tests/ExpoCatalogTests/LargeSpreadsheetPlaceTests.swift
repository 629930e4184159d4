import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A spreadsheet of tens of thousands of rows is read without working out where each cell
/// is: a fault deep in it must still be reported at its own line, or row and column.
@Suite struct LargeSpreadsheetPlaceTests {
    static let header = "image_name,name,short_desc,desc,name.en,short_desc.en,desc.en,images.1.name"

    /// 20,000 exhibits, each description quoted over three lines (a CRLF and an LF inside), so
    /// that a row's line in the file is not its row number; `fault(index)` replaces a row.
    /// The rows, and the line of the file each row starts on.
    static func items(count: Int = 20_000, fault: (Int) -> String? = { _ in nil }) -> (text: String, lines: [Int: Int]) {
        var rows = [header]
        var lines: [Int: Int] = [:]
        var line = 2
        for index in 1...count {
            let row = fault(index) ?? "item-\(index),출품작 \(index),설명 \(index),\"첫 문단.\r\n둘째 문단 \"\"인용\"\".\n셋째.\",Exhibit \(index),Short,Text \(index).,"
            lines[index] = line
            line += row.utf8.count { $0 == 0x0A } + 1
            rows.append(row)
        }
        return (rows.joined(separator: "\r\n") + "\r\n", lines)
    }

    static func folder(_ items: String) throws -> TemporaryCatalog {
        try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.csv": items])
    }

    static func errors(_ folder: TemporaryCatalog) -> [String] {
        do {
            _ = try CatalogLoader.load(at: folder.url)
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }

    @Test func aMalformedCellDeepInALargeSpreadsheetIsReportedAtItsLine() throws {
        let (text, lines) = Self.items { $0 == 19_500 ? "item-19500,\"출품작\" 19500,설명,\"첫 문단.\n둘째.\",,,," : nil }
        #expect(Self.errors(try Self.folder(text)) == [
            "items.csv:\(try #require(lines[19_500])): malformed CSV: a quoted cell goes on after its closing \"; inside a quoted cell, write a quote as \"\"",
        ])
    }

    @Test func aQuoteLeftOpenDeepInALargeSpreadsheetIsReportedWhereItOpens() throws {
        // On the last row: a quote on a later row would close it.
        let (text, lines) = Self.items { $0 == 20_000 ? "item-20000,출품작,설명,\"첫 문단.\n둘째.,,,," : nil }
        #expect(Self.errors(try Self.folder(text)) == [
            "items.csv:\(try #require(lines[20_000])): malformed CSV: the quoted cell that starts on this line has no closing \"",
        ])
    }

    /// A file is read without being decoded first, so a byte that is not UTF-8 after a
    /// malformed cell must still make it "not text", as it did when the file was decoded whole.
    @Test func oneByteThatIsNotUTF8AnywhereMakesTheFileNotText() throws {
        let (text, _) = Self.items { $0 == 10 ? "item-10,\"출품작\" 10,설명,,,,," : nil }
        var bytes = Data(text.utf8)
        // Neither CP949 nor Windows-1252 reads 0x81 before a space, so the file is no text at all.
        let at = bytes.count - 10
        bytes.insert(contentsOf: [0x81, 0x20], at: at)
        let folder = try Self.folder("")
        try folder.write("items.csv", bytes)
        let lastRow = bytes.prefix(at).filter { $0 == 0x0A }.count + 1
        #expect(Self.errors(folder) == ["items.csv:\(lastRow): is not UTF-8, UTF-16, CP949 or Windows-1252 text (this row holds the first bytes "
            + "that are not UTF-8); in Excel, save it as \"CSV UTF-8 (Comma delimited)\""])
    }

    /// Values read from the rows are named by row (as a spreadsheet numbers them, the header
    /// being row 1) and column, whatever the lines of the file.
    @Test func aWrongValueDeepInALargeSpreadsheetIsNamedByItsRowAndColumn() throws {
        let faults = [12_345: "item-12345,출품작,설명,설명 문단.,Exhibit,Short,,",
                      15_000: "item-15000,출품작,설명,설명 문단.,Exhibit,Short,Text.,bad name!",
                      19_500: "bad id,출품작,설명,설명 문단.,Exhibit,Short,Text.,"]
        let folder = try Self.folder(Self.items { faults[$0] }.text)
        let messages = SpreadsheetTests.messages(folder)
        #expect(messages.filter { $0.hasPrefix("error") } == [
            "error: items.csv:\(19_500 + 1) (image_name): \"bad id\" is not a safe id: use only letters, digits, - and _",
        ])
        #expect(messages.contains("warning: items.csv:\(12_345 + 1) (desc.en): missing; the Korean text is used"), "\(messages.prefix(5))")
        #expect(messages.contains { $0.hasPrefix("warning: items.csv:\(15_000 + 1) (images.1.name): \"bad name!\" is not a safe image name") },
                "\(messages.prefix(5))")
    }
}
