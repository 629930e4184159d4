import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// What a catalog holds cannot act on the curator's terminal or add lines of its own to a
/// report; ids stay short enough for every file system to take them as names.
@Suite struct ForgedMessageTests {
    private func failure(_ folder: TemporaryCatalog) -> CatalogError? {
        if case let .failure(error) = Result(catching: { () throws(CatalogError) in try CatalogLoader.load(at: folder.url) }) {
            error
        } else {
            nil
        }
    }

    @Test func anIDWithEscapeBellAndNewlinePrintsEscapedOnOneLine() throws {
        let items = #"[{"name": "직지", "image_name": "a\u001B[2J\u0007\nerror: items.json: forged", "short_desc": "책", "desc": "첫 문단."}]"#
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let error = try #require(failure(folder))
        let errors = error.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.line) == [
            #"error: items.json[0].image_name: "a\u{1B}[2J\u{7}\nerror: items.json: forged" is not a safe id: use only letters, digits, - and _"#,
        ])
        // Printed as the commands print it: one line per error, nothing a terminal acts on.
        #expect(error.description.split(separator: "\n", omittingEmptySubsequences: false).count == 1)
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func controlCharactersAreWrittenOutWhereverAMessageQuotesThem() {
        #expect(ControlCharacters.escaped("plain 텍스트") == "plain 텍스트")
        #expect(ControlCharacters.escaped("a\r\nb\tc\u{0}\u{7F}\u{85}\u{202E}") == #"a\r\nb\tc\u{0}\u{7F}\u{85}\u{202E}"#)
        let diagnostic = Diagnostic(.warning, file: "items.csv", place: ":1 (x\ny)", "unknown column\r; ignored")
        #expect(diagnostic.line == #"warning: items.csv:1 (x\ny): unknown column\r; ignored"#)
    }

    @Test func anIDLongerThanAFileNameCanBeIsAnErrorNamingThePlace() throws {
        let id = String(repeating: "a", count: 300)
        let items = #"[{"name": "직지", "image_name": "\#(id)", "short_desc": "책", "desc": "첫 문단."}]"#
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let error = try #require(failure(folder))
        #expect(error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            "items.json[0].image_name: \"\(id.prefix(24))…\" is 300 characters long; an id may have at most 200, "
                + "as it names the exhibit's folder and image files in the export",
        ])
        // The longest id that is allowed loads.
        let longest = String(repeating: "b", count: Exhibit.maximumIDLength)
        let fits = try TemporaryCatalog.seed(extra: [
            "items.json": #"[{"name": "직지", "image_name": "\#(longest)", "short_desc": "책", "desc": "첫 문단."}]"#,
        ])
        #expect(try fits.load().primary.exhibits.map(\.id) == [longest])
    }
}
