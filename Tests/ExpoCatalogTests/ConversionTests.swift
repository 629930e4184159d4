import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// `expo1900 convert`'s core: the default catalog as spreadsheets and back is the same guide.
@Suite struct ConversionTests {
    /// A copy of `source` with its data files replaced by `format`'s.
    static func converted(_ source: URL, to format: CatalogConversion.Format) throws -> TemporaryCatalog {
        let output = try CatalogConversion.convert(folder: source, to: format)
        let copy = try TemporaryCatalog()
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where !output.replaced.contains(name) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: copy.url.appendingPathComponent(name))
        }
        for (name, bytes) in output.files { try copy.write(name, Data(bytes)) }
        return copy
    }

    @Test func theDefaultCatalogGoesToSpreadsheetsAndBackUnchanged() throws {
        let source = try #require(CatalogLoader.defaultCatalogURL)
        let original = try CatalogLoader.load(at: source)
        let sheets = try Self.converted(source, to: .csv)
        let names = try FileManager.default.contentsOfDirectory(atPath: sheets.url.path)
        #expect(names.contains("items.csv") && names.contains("exposition.csv"))
        #expect(!names.contains { $0.hasSuffix(".json") })
        let fromSheets = try sheets.load()
        #expect(fromSheets.editions == original.editions)
        #expect(fromSheets.diagnostics == original.diagnostics.filter { $0.severity == .error })
        #expect(fromSheets.primaryLanguageChoice.language == original.primaryLanguageChoice.language)

        let back = try Self.converted(sheets.url, to: .json)
        #expect(try back.load().editions == original.editions)
        // The JSON written back is the original's data: the same values under the same keys.
        for name in ["items.json", "items.en.json", "exposition_universelle_1900.json", "exposition_universelle_1900.en.json"] {
            let written = try JSONSerialization.jsonObject(with: Data(contentsOf: back.url.appendingPathComponent(name))) as? NSObject
            var originalJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent(name))) as? NSObject
            // A translation's visitor count is never read (the main file's stands for every
            // language), so the spreadsheet has no row for it.
            if name == "exposition_universelle_1900.en.json", let object = originalJSON as? [String: Any] {
                originalJSON = object.filter { $0.key != "visitors" } as NSDictionary
            }
            #expect(written == originalJSON, "\(name)")
        }
        // And the spreadsheets made from that are the same bytes.
        let again = try Self.converted(back.url, to: .csv)
        for name in ["items.csv", "exposition.csv"] {
            #expect(try Data(contentsOf: again.url.appendingPathComponent(name)) == Data(contentsOf: sheets.url.appendingPathComponent(name)))
        }
    }

    @Test func theSpreadsheetHasOneColumnPerFieldAndLanguage() throws {
        let source = try #require(CatalogLoader.defaultCatalogURL)
        let sheets = try Self.converted(source, to: .csv)
        let bytes = try Data(contentsOf: sheets.url.appendingPathComponent("items.csv"))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let header = String(decoding: bytes.dropFirst(3), as: UTF8.self).prefix { $0 != "\r\n" }
        #expect(header.hasPrefix("image_name,name,name.en,short_desc,short_desc.en,desc,desc.en,alt,alt.en,"))
        #expect(header.contains("images.1.name,images.1.alt,images.1.alt.en,images.1.caption,images.1.caption.en"))
        #expect(header.contains("fields.1.label,fields.1.label.en,fields.1.value,fields.1.value.en"))
    }
}
