import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// In a collection of tens of thousands of records, a message is only useful if it says
/// where: a fault deep in a large file is reported at its own line and column.
@Suite struct LargeCatalogPlaceTests {
    /// 20,000 exhibits written one key a line, with a fault at the line of exhibit `faulty`.
    static func items(count: Int, faulty: Int, fault: String) -> (text: String, line: Int) {
        var lines = ["["]
        var faultLine = 0
        for index in 1...count {
            lines.append("  {")
            lines.append("    \"image_name\": \"item-\(index)\",")
            if index == faulty {
                faultLine = lines.count + 1
                lines.append(fault)
            } else {
                lines.append("    \"name\": \"출품작 \(index)\",")
            }
            lines.append("    \"short_desc\": \"설명 \(index)\",")
            lines.append("    \"desc\": \"첫 문단.\\n\\n둘째 문단.\"")
            lines.append(index == count ? "  }" : "  },")
        }
        lines.append("]")
        return (lines.joined(separator: "\n"), faultLine)
    }

    @Test func aMalformedValueDeepInALargeFileIsReportedAtItsLineAndColumn() throws {
        let (text, line) = Self.items(count: 20_000, faulty: 19_500, fault: "    \"name\": \"출품작\" 19500,")
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": text])
        do {
            _ = try CatalogLoader.load(at: folder.url)
            Issue.record("a malformed file loaded")
        } catch {
            // Columns count characters: `    "name": "출품작" ` is 18 of them before the 1.
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "items.json:\(line):19: malformed JSON: unexpected '1', expected ',' or '}'",
            ])
        }
    }

    @Test func aWrongTypeDeepInALargeFileIsReportedAtItsEntry() throws {
        let (text, _) = Self.items(count: 20_000, faulty: 19_500, fault: "    \"name\": 19500,")
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": text])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.exhibitCount == 20_000)
        #expect(catalog.diagnostics.map(\.location).contains("items.json[19499].name"), "\(catalog.diagnostics.prefix(3))")
    }
}
