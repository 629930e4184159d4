import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// The exposition's `browse`: the labels of the fields a visitor may browse by, in JSON
/// and in `exposition.csv`; a label no exhibit has is reported with its file and place.
@Suite struct BrowseSettingTests {
    private static let items = """
        [{"name":"직지","image_name":"jikji","short_desc":"책","desc":"책.","fields":[{"label":"분류","value":"책"},{"label":"시대","value":"고려"}]},
         {"name":"해금","image_name":"haegeum","short_desc":"악기","desc":"악기.","fields":[{"label":" 분류 ","value":"악기"}]}]
        """

    private func exposition(_ browse: String) -> String {
        #"{"title":"전시","visitors":1,"location":"서울","duration":"2026","description":"전시.","browse":\#(browse)}"#
    }

    @Test func theLabelsNamedAreBrowsable() throws {
        let catalog = try TemporaryCatalog.seed(extra: ["items.json": Self.items, "exposition_universelle_1900.json": exposition(#"["분류", "시대"]"#)]).load()
        #expect(catalog.browsableFields == ["분류", "시대"])
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func aLabelNoExhibitHasIsReportedWithItsFileAndPlace() throws {
        let catalog = try TemporaryCatalog.seed(extra: ["items.json": Self.items,
                                                        "exposition_universelle_1900.json": exposition(#"["분류", "시대x", 3, "분류"]"#)]).load()
        #expect(catalog.browsableFields == ["분류"])
        let unknown = try #require(catalog.diagnostics.first { $0.place == ".browse[1]" })
        #expect(unknown.file == "exposition_universelle_1900.json")
        #expect(unknown.severity == .warning)
        #expect(unknown.message == #"no exhibit has a field labelled "시대x"; it is not browsable; did you mean 시대?"#)
        let number = try #require(catalog.diagnostics.first { $0.place == ".browse[2]" })
        #expect(number.message.hasPrefix("expected a field label (text), found"))
        let twice = try #require(catalog.diagnostics.first { $0.place == ".browse[3]" })
        #expect(twice.message == #""분류" is listed twice; the first is used"#)
    }

    @Test func aBrowseThatIsNoListIsReported() throws {
        let catalog = try TemporaryCatalog.seed(extra: ["items.json": Self.items, "exposition_universelle_1900.json": exposition(#""분류""#)]).load()
        #expect(catalog.browsableFields.isEmpty)
        let problem = try #require(catalog.diagnostics.first { $0.place == ".browse" })
        #expect(problem.message.hasPrefix("expected a list of field labels"))
    }

    @Test func aSpreadsheetGivesTheLabelsInOneCellApartBySemicolons() throws {
        let folder = try TemporaryCatalog([
            "exposition.csv": "field,value\ntitle,전시\nvisitors,1\nlocation,서울\nduration,2026\ndescription,전시.\nbrowse,분류; 시대x\n",
            "items.csv": "image_name,name,short_desc,desc,fields.1.label,fields.1.value\njikji,직지,책,책.,분류,책\nhaegeum,해금,악기,악기.,분류,악기\n",
        ])
        let catalog = try folder.load()
        #expect(catalog.browsableFields == ["분류"])
        let unknown = try #require(catalog.diagnostics.first { $0.message.contains("시대x") })
        #expect(unknown.file == "exposition.csv")
        #expect(unknown.place == ":7 (browse)")
    }

    @Test func convertingToSpreadsheetsAndBackKeepsTheLabels() throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.json": Self.items, "exposition_universelle_1900.json": exposition(#"["분류", "시대"]"#)])
        let sheets = try CatalogConversion.convert(folder: folder.url, to: .csv)
        let exposition = String(decoding: try #require(sheets.files["exposition.csv"]), as: UTF8.self)
        #expect(exposition.contains("browse,분류; 시대"))
        let converted = try TemporaryCatalog(sheets.files.mapValues { String(decoding: $0, as: UTF8.self) })
        for name in ["poster", "flag", "jikji", "haegeum"] { try converted.write("\(name).svg", TemporaryCatalog.tinySVG) }
        #expect(try converted.load().browsableFields == ["분류", "시대"])
    }
}
