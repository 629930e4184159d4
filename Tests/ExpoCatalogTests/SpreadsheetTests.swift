import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// Catalogs kept in a spreadsheet: `items.csv` and `exposition.csv` as Excel, Numbers and
/// Google Sheets write them load exactly as the same catalog in JSON.
@Suite struct SpreadsheetTests {
    static let rows = [
        ["image_name", "name", "short_desc", "desc"],
        ["jikji", "직지심체요절", "금속활자로 찍은 책", "첫 문단.\n\n둘째 문단."],
        ["haegeum", "해금", "두 줄 현악기", "활로 켜는 악기."],
    ]
    static let exposition = [
        ["field", "value"],
        ["title", "파리 만국박람회 1900(L'Exposition de Paris 1900)"],
        ["visitors", "48130300"],
        ["location", "프랑스 파리"],
        ["duration", "1900. 04. 14 - 1900. 11. 12"],
        ["description", "첫 문단.\n\n둘째 문단."],
    ]

    /// The rows as a spreadsheet program writes them: cells quoted when they must be, rows
    /// ended by `lineEnd`, and a line break inside a cell as LF, as Excel, Numbers and Google
    /// Sheets all write it (a CRLF inside a quoted cell is kept as CRLF).
    static func csv(_ rows: [[String]], separator: String = ",", lineEnd: String = "\r\n", trailing: String = "") -> String {
        rows.map { row in
            row.map { cell in
                cell.unicodeScalars.contains(where: { "\",;\t\r\n".unicodeScalars.contains($0) }) ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
            }.joined(separator: separator) + trailing
        }.joined(separator: lineEnd) + lineEnd
    }

    static func utf16LE(_ text: String, byteOrderMark: Bool = true) -> Data {
        Data((byteOrderMark ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    static func catalog(items: Data, exposition: Data? = nil, extra: [String: String] = [:]) throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog(extra)
        try folder.write("items.csv", items)
        try folder.write("exposition.csv", exposition ?? Data(csv(Self.exposition).utf8))
        for name in ["poster", "flag", "jikji", "haegeum"] { try folder.write("\(name).svg", TemporaryCatalog.tinySVG) }
        return folder
    }

    static let fixtures: [(program: String, bytes: Data)] = [
        ("Excel, CSV UTF-8: a byte order mark, CRLF", Data([0xEF, 0xBB, 0xBF] + Array(csv(rows).utf8))),
        ("Excel, Unicode Text: UTF-16 with tabs", utf16LE(csv(rows, separator: "\t"))),
        ("Excel in Europe: semicolons", Data(csv(rows, separator: ";").utf8)),
        ("Numbers: UTF-8, LF", Data(csv(rows, lineEnd: "\n").utf8)),
        ("Google Sheets: CRLF, empty trailing columns", Data(csv(rows.map { $0 + ["", ""] }).utf8)),
        ("UTF-16 without a byte order mark", utf16LE(csv(rows), byteOrderMark: false)),
    ]

    @Test(arguments: fixtures.indices)
    func eachProgramsFileLoadsAsTheSameCatalogAsJSON(_ index: Int) throws {
        let (program, bytes) = Self.fixtures[index]
        let json = try TemporaryCatalog.seed().load()
        let folder = try Self.catalog(items: bytes)
        let catalog = try folder.load()
        #expect(catalog.primary == json.primary, "\(program)")
        #expect(catalog.diagnostics == [], "\(program)")
    }

    @Test func translationsAreColumnsWithALanguageSuffix() throws {
        let rows = [Self.rows[0] + ["name.en", "desc.en", "alt", "alt.en", "images.1.name", "images.1.caption.fr"],
                    Self.rows[1] + ["Jikji", "The book.", "책의 한 면", "A page of the book", "jikji-2", "Une page"],
                    Self.rows[2] + ["Haegeum", "", "", "", "", ""]]
        let folder = try Self.catalog(items: Data(Self.csv(rows).utf8), extra: ["jikji-2.svg": TemporaryCatalog.tinySVG])
        let catalog = try folder.load()
        let english = catalog.edition(.english)
        #expect(english.exhibits.map(\.name) == ["Jikji", "Haegeum"])
        #expect(english.exhibits[0].description == "The book.")
        #expect(english.exhibits[0].images.map(\.alt) == ["A page of the book", nil])
        #expect(catalog.primary.exhibits[0].images.map(\.name) == ["jikji", "jikji-2"])
        let french = catalog.edition(Language("fr"))
        #expect(french.exhibits[0].images[1].caption == "Une page")
        // The empty English description of haegeum is one the Korean text stands in for, named by row and column.
        #expect(catalog.diagnostics.map(\.description).contains("items.csv:3 (desc.en): missing; the Korean text is used"))
        #expect(catalog.diagnostics.map(\.description).contains("exposition.csv: no English rows (title.en, location.en …); the Korean texts are used for English"))
    }

    @Test func everyProblemNamesTheFileTheRowAndTheColumn() throws {
        let rows = [["image_name", "name", "shortdesc", "short_desc", "desc", "name.english"],
                    ["jikji", "직지", "", "책", "첫 문단.", "Jikji"],
                    ["bad id", "해금", "", "악기", "활로 켜는 악기.", ""]]
        let folder = try Self.catalog(items: Data(Self.csv(rows).utf8))
        #expect(throws: CatalogError.self) { try folder.load() }
        let messages = (try? folder.load()).map { _ in [] } ?? Self.messages(folder)
        #expect(messages.contains("warning: items.csv:1 (shortdesc): unknown column; ignored; did you mean short_desc?"))
        #expect(messages.contains("error: items.csv:1 (name.english): \"english\" is not a language code; end the header with an ISO 639 code such as \"en\", \"fr\" or \"pt-BR\""))
        #expect(messages.contains("error: items.csv:3 (image_name): \"bad id\" is not a safe id: use only letters, digits, - and _"))
    }

    /// A column without a header is ignored: with a word of warning when it holds
    /// anything, silently when it is empty, as a spreadsheet's stray column often is.
    @Test func aColumnWithoutAHeaderIsIgnoredAndNamedWhenItHoldsAnything() throws {
        let rows = [["image_name", "name", "", "short_desc", "desc", ""],
                    ["jikji", "직지", "", "책", "첫 문단.", "note"],
                    ["haegeum", "해금", "", "악기", "활로 켜는 악기.", ""]]
        let folder = try Self.catalog(items: Data(Self.csv(rows).utf8))
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits.map(\.name) == ["직지", "해금"])
        #expect(Self.messages(folder).filter { $0.contains("no header") } == ["warning: items.csv:1 (column 6): the column has no header; its cells are ignored"])
    }

    @Test func anUnknownExpositionFieldIsNamedWithItsRow() throws {
        let exposition = Self.exposition + [["descripton", "x"]]
        let folder = try Self.catalog(items: Data(Self.csv(Self.rows).utf8), exposition: Data(Self.csv(exposition).utf8))
        let catalog = try folder.load()
        #expect(catalog.diagnostics.map(\.description) == ["exposition.csv:7 (descripton): unknown field; ignored; did you mean description?"])
        #expect(catalog.primary.exposition.visitors == 48_130_300)
    }

    @Test func aFileThatIsNotTextOrHasAnOpenQuoteIsOneError() throws {
        // 0x81 is a byte neither CP949 nor Windows-1252 reads before a space.
        let neither = Data("image_name,name\njikji,Caf".utf8) + Data([0x81, 0x20, 0x0A])
        let messages = Self.messages(try Self.catalog(items: neither))
        #expect(messages.contains("error: items.csv:2: is not UTF-8, UTF-16, CP949 or Windows-1252 text (this row holds the first bytes "
            + "that are not UTF-8); in Excel, save it as \"CSV UTF-8 (Comma delimited)\""), "\(messages)")
        let open = Self.messages(try Self.catalog(items: Data("image_name,name\njikji,\"직지\n".utf8)))
        #expect(open.contains("error: items.csv:2: malformed CSV: the quoted cell that starts on this line has no closing \""), "\(open)")
    }

    @Test func aSpreadsheetAndAJSONFileForTheSameLanguageAreAnError() throws {
        let folder = try Self.catalog(items: Data(Self.csv(Self.rows).utf8), extra: ["items.json": TemporaryCatalog.seedItems])
        #expect(Self.messages(folder).contains(
            "error: items.csv: items.json gives the exhibit list too; keep one of the two (expo1900 convert turns one into the other)"))
    }

    @Test func aSpreadsheetBesideAJSONTranslationMakesOneCatalog() throws {
        let english = #"[{"image_name": "jikji", "name": "Jikji", "short_desc": "A book", "desc": "The book."}, {"image_name": "haegeum", "name": "Haegeum", "short_desc": "A fiddle", "desc": "Played with a bow."}]"#
        let expositionEnglish = #"{"title": "Paris 1900", "location": "Paris", "duration": "1900", "description": "The fair."}"#
        let folder = try Self.catalog(items: Data(Self.csv(Self.rows).utf8),
                                      extra: ["items.en.json": english, "exposition_universelle_1900.en.json": expositionEnglish])
        let catalog = try folder.load()
        #expect(catalog.edition(.english).exhibits.map(\.name) == ["Jikji", "Haegeum"])
        #expect(catalog.diagnostics == [])
    }

    static func messages(_ folder: TemporaryCatalog) -> [String] {
        switch Result(catching: { () throws(CatalogError) in try CatalogLoader.load(at: folder.url) }) {
        case let .success(catalog): catalog.diagnostics.map { "\($0.severity.rawValue): \($0)" }
        case let .failure(error): error.diagnostics.map { "\($0.severity.rawValue): \($0)" }
        }
    }

    @Test func excelsOwnCodePagesAreReadWithANoteNamingTheEncoding() throws {
        // "한국어 이름" and "직지" as Korean Excel saves "CSV": CP949.
        let cp949: [UInt8] = Array("image_name,name\njikji,".utf8) + [0xC1, 0xF7, 0xC1, 0xF6] + Array("\n".utf8)
        let korean = try Self.catalog(items: Data(cp949))
        let catalog = try korean.load()
        #expect(catalog.primary.exhibits[0].name == "직지")
        #expect(catalog.diagnostics.map(\.description).contains { $0.hasPrefix("items.csv: is not UTF-8; read as CP949") })
        let latin1 = Data("image_name,name\njikji,Caf\u{E9}\n".data(using: .isoLatin1)!)
        let western = try Self.catalog(items: latin1).load()
        #expect(western.primary.exhibits[0].name == "Café")
        #expect(western.diagnostics.map(\.description).contains { $0.hasPrefix("items.csv: is not UTF-8; read as Windows-1252") })
    }
}
