import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Characters a page cannot show, and characters that make a name read as something else:
/// the first are removed with a warning naming the place, the second are warned about.
@Suite struct ControlCharacterTests {
    @Test func aNULInACSVCellIsRemovedWithAWarningNamingItsRowAndColumn() throws {
        var rows = SpreadsheetTests.rows
        rows[1][1] = "직지\u{0}심체요절"
        let folder = try SpreadsheetTests.catalog(items: Data(SpreadsheetTests.csv(rows).utf8))
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits[0].name == "직지심체요절")
        #expect(catalog.diagnostics.map(\.description)
            == ["items.csv:2 (name): holds the control character U+0000, which no page can show; removed"])
    }

    @Test func controlCharactersInJSONTextAreRemovedAndLineBreaksAndTabsKept() throws {
        let items = #"[{"name": "직지\u001B[2J", "image_name": "jikji", "short_desc": "책\u0007\u0000", "desc": "첫 문단.\n\n\t둘째 문단."}]"#
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let catalog = try folder.load()
        let exhibit = catalog.primary.exhibits[0]
        #expect(exhibit.name == "직지[2J")
        #expect(exhibit.shortDescription == "책")
        #expect(exhibit.description == "첫 문단.\n\n\t둘째 문단.")
        let lines = catalog.diagnostics.map(\.description)
        #expect(lines.contains("items.json[0].name: holds the control character U+001B, which no page can show; removed"))
        #expect(lines.contains("items.json[0].short_desc: holds the control characters U+0000 and U+0007, which no page can show; removed"))
    }

    @Test func theScanForControlCharactersFindsOneAtAnyPlaceAndNothingElse() {
        let text = "출품작 one, 二 and ünïcode é"
        let scalars = Array(text.unicodeScalars)
        for place in 0...scalars.count {
            var mixed = String.UnicodeScalarView(scalars)
            mixed.insert("\u{1F}", at: mixed.index(mixed.startIndex, offsetBy: place))
            #expect(ControlCharacters.holdsForbiddenInText(String(mixed)), "at \(place)")
        }
        #expect(!ControlCharacters.holdsForbiddenInText(text + "\t\r\n" + text + "\u{7F}\u{85}"))
        #expect(!ControlCharacters.holdsForbiddenInText(""))
    }

    @Test func aBidiOverrideInANameIsWarnedAboutWithItsPlace() throws {
        let items = #"[{"name": "Safe\u202Egnp.exe", "image_name": "jikji", "short_desc": "책", "desc": "첫 문단."}]"#
        let exposition = TemporaryCatalog.seedExposition.replacingOccurrences(of: #""title":""#, with: #""title":"\u2067"#)
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items, "exposition_universelle_1900.json": exposition])
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits[0].name == "Safe\u{202E}gnp.exe", "the name is kept as written")
        let lines = catalog.diagnostics.map(\.line)
        #expect(lines.contains("warning: items.json[0].name: holds the bidi control U+202E, which can make the name read as something else; "
            + "it is shown isolated from the text around it (remove it unless the name needs it)"))
        #expect(lines.contains { $0.hasPrefix("warning: exposition_universelle_1900.json.title: holds the bidi control U+2067,") })
    }
}
