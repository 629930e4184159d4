import Foundation
import ExpoTestSupport
import Testing
@testable import ExpoCatalog

/// The seed apps' decoding cases and every way a curator's files can go wrong.
@Suite struct CatalogLoaderTests {
    private func load(_ catalog: TemporaryCatalog) throws -> Catalog {
        try CatalogLoader.load(at: catalog.url)
    }

    /// The diagnostics of a load that is expected to fail.
    private func failure(_ catalog: TemporaryCatalog) -> [Diagnostic] {
        do {
            _ = try CatalogLoader.load(at: catalog.url)
            Issue.record("the catalog loaded, but errors were expected")
            return []
        } catch {
            return error.diagnostics
        }
    }

    private func exposition(replacing old: String, with new: String) throws -> TemporaryCatalog {
        let text = TemporaryCatalog.seedExposition.replacingOccurrences(of: old, with: new)
        #expect(text != TemporaryCatalog.seedExposition, "the test's replacement did not apply")
        return try .seed(extra: ["exposition_universelle_1900.json": text])
    }

    @Test func decodesTheSeedFilesAsTheyAre() throws {
        let catalog = try load(.seed())
        let exposition = catalog.primary.exposition
        #expect(exposition.title == "파리 만국박람회 1900(L'Exposition de Paris 1900)")
        #expect(exposition.visitors == 48_130_300)
        #expect(exposition.location == "프랑스 파리")
        #expect(exposition.duration == "1900. 04. 14 - 1900. 11. 12")
        #expect(exposition.description == "첫 문단.\n\n둘째 문단.")
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji", "haegeum"])
        #expect(catalog.primary.exhibits[0] == Exhibit(id: "jikji", stop: 1, name: "직지심체요절", shortDescription: "금속활자로 찍은 책", description: "첫 문단.\n\n둘째 문단."))
        #expect(catalog.languages == [.korean])
        #expect(catalog.diagnostics.isEmpty)
        #expect(Set(catalog.images.keys) == ["poster", "flag", "jikji", "haegeum"])
    }

    @Test func aMissingTitleBecomesEmptyWithAWarning() throws {
        let catalog = try load(exposition(replacing: "\t\"title\":\"파리 만국박람회 1900(L'Exposition de Paris 1900)\",\n", with: ""))
        #expect(catalog.primary.exposition.title == "")
        #expect(catalog.diagnostics.map(\.description) == ["exposition_universelle_1900.json.title: missing"])
        #expect(catalog.diagnostics.first?.severity == .warning)
    }

    @Test func aNullTitleBecomesEmptyWithAWarning() throws {
        let catalog = try load(exposition(replacing: "\"파리 만국박람회 1900(L'Exposition de Paris 1900)\"", with: "null"))
        #expect(catalog.primary.exposition.title == "")
        #expect(catalog.diagnostics.map(\.description) == ["exposition_universelle_1900.json.title: null"])
    }

    @Test func aWrongTypeGetsTheDefaultAndAWarning() throws {
        let catalog = try load(exposition(replacing: "48130300", with: "\"many\""))
        #expect(catalog.primary.exposition.visitors == 0)
        #expect(catalog.diagnostics.map(\.description) == ["exposition_universelle_1900.json.visitors: expected a whole number of 0 or more, found text"])
    }

    @Test func aMissingShortDescriptionNamesTheEntryAndKey() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\t\t\"short_desc\":\"두 줄 현악기\",\n", with: "")
        let catalog = try load(.seed(extra: ["items.json": items]))
        #expect(catalog.primary.exhibits[1].shortDescription == "")
        #expect(catalog.diagnostics.map(\.description) == ["items.json[1].short_desc: missing"])
    }

    @Test func malformedJSONIsAnErrorWithLineAndColumn() throws {
        let broken = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"jikji\",", with: "\"jikji\"")
        let diagnostics = failure(try .seed(extra: ["items.json": broken]))
        #expect(diagnostics.map(\.description) == ["items.json:5:3: malformed JSON: unexpected '\"', expected ',' or '}'"])
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func anEmptyFileIsAnError() throws {
        let diagnostics = failure(try .seed(extra: ["exposition_universelle_1900.json": " \n"]))
        #expect(diagnostics.map(\.description) == ["exposition_universelle_1900.json: the file is empty"])
    }

    @Test func aMissingDataFileIsAnError() throws {
        let catalog = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: catalog.url.appendingPathComponent("items.json"))
        #expect(failure(catalog).map(\.description) == ["items.json: missing"])
    }

    @Test func aTopLevelOfTheWrongShapeIsAnError() throws {
        let diagnostics = failure(try .seed(extra: ["items.json": #"{"name": "직지"}"#]))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.hasPrefix("items.json: expected a list") == true)
        #expect(diagnostics.first?.description.hasSuffix("found an object") == true)
    }

    @Test func aUTF8ByteOrderMarkIsAccepted() throws {
        let catalog = try TemporaryCatalog.seed()
        try catalog.write("items.json", Data([0xEF, 0xBB, 0xBF]) + Data(TemporaryCatalog.seedItems.utf8))
        #expect(try load(catalog).primary.exhibits.count == 2)
    }

    @Test func anUnknownKeyStillLoadsWithOneWarning() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"image_name\":\"jikji\",", with: "\"image_name\":\"jikji\", \"year\": 1377,")
        let catalog = try load(.seed(extra: ["items.json": items]))
        #expect(catalog.primary.exhibits[0].id == "jikji")
        #expect(catalog.diagnostics.map(\.description) == ["items.json[0].year: unknown key; ignored"])
    }

    @Test func aTitleWithALineBreakIsKeptAsItIs() throws {
        let catalog = try load(exposition(replacing: "1900(L'", with: "1900\\n(L'"))
        #expect(catalog.primary.exposition.title == "파리 만국박람회 1900\n(L'Exposition de Paris 1900)")
    }

    @Test func aDuplicateIDIsAnError() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"haegeum\"", with: "\"jikji\"")
        #expect(failure(try .seed(extra: ["items.json": items])).map(\.description) ==
            ["items.json[1].image_name: \"jikji\" is already the id of [0]; ids must be unique"])
    }

    @Test(arguments: ["../x", "a b", "한글", "x/y", "%2e", ""])
    func anUnsafeIDIsAnError(_ id: String) throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"haegeum\"", with: "\"\(id)\"")
        let errors = failure(try .seed(extra: ["items.json": items])).filter { $0.severity == .error }
        #expect(errors.map(\.description) == ["items.json[1].image_name: \"\(id)\" is not a safe id: use only letters, digits, - and _"])
    }

    @Test func aMissingImageNameGetsAPositionalIDAndAWarning() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\t\t\"image_name\":\"haegeum\",\n", with: "")
        let catalog = try load(.seed(extra: ["items.json": items]))
        #expect(catalog.primary.exhibits[1].id == "exhibit-2")
        #expect(catalog.diagnostics.map(\.description) == [
            "items.json[1].image_name: missing; the exhibit gets the id \"exhibit-2\"",
            "exhibit-2.*: no image (exhibit-2.svg, .png, .jpg, .webp, .heic, .avif, .tif or .gif); a placeholder is shown",
        ])
    }

    @Test func anEntryThatIsNotAnObjectIsSkippedWithAWarning() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "[\n", with: "[\n42,\n")
        let catalog = try load(.seed(extra: ["items.json": items]))
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji", "haegeum"])
        #expect(catalog.diagnostics.map(\.description) == ["items.json[0]: expected an object, found a number; skipped"])
    }

    @Test func aMissingImageIsAWarning() throws {
        let catalog = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: catalog.url.appendingPathComponent("haegeum.svg"))
        let loaded = try load(catalog)
        #expect(loaded.images["haegeum"] == nil)
        #expect(loaded.diagnostics.map(\.description) == ["haegeum.*: no image (haegeum.svg, .png, .jpg, .webp, .heic, .avif, .tif or .gif); a placeholder is shown"])
    }

    @Test func rasterImagesKeepTheirScales() throws {
        let catalog = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: catalog.url.appendingPathComponent("jikji.svg"))
        try catalog.write("jikji@3x.PNG", "three")
        try catalog.write("jikji.png", "one")
        try catalog.write("jikji@2x.jpg", "two")
        let image = try #require(try load(catalog).images["jikji"])
        #expect(image.variants.map(\.scale) == [1, 2, 3])
        #expect(image.variants.map(\.file) == ["jikji.png", "jikji@2x.jpg", "jikji@3x.PNG"])
        #expect(image.variants.map(\.format) == [.png, .jpeg, .png])
        #expect(image.variants[0].data == Data("one".utf8))
    }

    @Test func anImageNameMatchesOnlyItsOwnCase() throws {
        let catalog = try TemporaryCatalog.seed()
        try FileManager.default.removeItem(at: catalog.url.appendingPathComponent("jikji.svg"))
        try catalog.write("JIKJI.svg", TemporaryCatalog.tinySVG)
        #expect(try load(catalog).images["jikji"] == nil)
    }

    @Test func aMissingPathAndAFolderWithoutDataAreNotCatalogs() throws {
        let empty = try TemporaryCatalog()
        #expect(throws: CatalogError.self) { try CatalogLoader.load(at: empty.url.appendingPathComponent("nothing")) }
        do {
            _ = try empty.load()
            Issue.record("an empty folder loaded")
        } catch let error as CatalogError {
            guard case .notACatalog = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func everyErrorOfALoadIsReportedAtOnce() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: "\"haegeum\"", with: "\"../x\"")
        let diagnostics = failure(try .seed(extra: ["items.json": items, "exposition_universelle_1900.json": ""]))
        #expect(diagnostics.map(\.description) == [
            "exposition_universelle_1900.json: the file is empty",
            "items.json[1].image_name: \"../x\" is not a safe id: use only letters, digits, - and _",
        ])
    }
}
