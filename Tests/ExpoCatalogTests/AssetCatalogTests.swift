import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Reading an iPhone app's asset catalog as the iOS build would.
@Suite struct AssetCatalogTests {
    /// An app folder holding `Assets.xcassets` with the data in a nested group.
    private func app(_ customise: (TemporaryCatalog) throws -> Void = { _ in }) throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog()
        let assets = "MyApp/Assets.xcassets/"
        try folder.write(assets + "Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try folder.write(assets + "Data/Expo/exposition_universelle_1900.dataset/Contents.json",
                         AssetCatalogFixture.contents(dataFile: "exposition_universelle_1900.json"))
        try folder.write(assets + "Data/Expo/exposition_universelle_1900.dataset/exposition_universelle_1900.json",
                         TemporaryCatalog.seedExposition)
        try folder.write(assets + "Data/items.dataset/Contents.json", AssetCatalogFixture.contents(dataFile: "items.json"))
        try folder.write(assets + "Data/items.dataset/items.json", TemporaryCatalog.seedItems)
        for name in ["poster", "jikji", "haegeum"] {
            try folder.write(assets + "expo_assets/\(name).imageset/Contents.json",
                             AssetCatalogFixture.imageContents([("\(name)@1x.png", "1x"), ("\(name)@2x.png", "2x"), ("\(name)@3x.png", "3x")]))
            for scale in 1...3 {
                try folder.write(assets + "expo_assets/\(name).imageset/\(name)@\(scale)x.png", PNGFixture.make(width: 100 * scale, height: 50 * scale))
            }
        }
        try folder.write(assets + "expo_assets/flag.imageset/Contents.json", AssetCatalogFixture.imageContents([("flag.pdf", nil)]))
        try folder.write(assets + "expo_assets/flag.imageset/flag.pdf", AssetCatalogFixture.pdf())
        try customise(folder)
        return folder
    }

    private let assets = "MyApp/Assets.xcassets/"

    @Test func findsDataAndImagesAtAnyDepthFromTheAppFolder() throws {
        let folder = try app()
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji", "haegeum"])
        #expect(catalog.primary.exposition.visitors == 48_130_300)
        let jikji = try #require(catalog.images["jikji"])
        #expect(jikji.variants.map(\.scale) == [1, 2, 3])
        #expect(jikji.variants.map(\.file) == (1...3).map { "MyApp/Assets.xcassets/expo_assets/jikji.imageset/jikji@\($0)x.png" })
        #expect(catalog.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func theAssetCatalogFolderItselfIsACatalogToo() throws {
        let folder = try app()
        let catalog = try CatalogLoader.load(at: folder.url.appendingPathComponent(assets))
        #expect(catalog.exhibitCount == 2)
        withExtendedLifetime(folder) {}
    }

    @Test(.enabled(if: PDFConverter.locate() != nil, "needs poppler's pdftocairo (apt-get install poppler-utils)"))
    func convertsAPDFImageToSVG() throws {
        let folder = try app()
        let catalog = try folder.load()
        let flag = try #require(catalog.images["flag"])
        #expect(flag.variants.map(\.format) == [.svg])
        let svg = String(decoding: flag.variants[0].data, as: UTF8.self)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(#"width="30""#) && svg.contains(#"height="20""#), "\(svg.prefix(300))")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func withoutPdftocairoAPDFGetsAPlaceholderAndAWarningNamingTheTool() throws {
        let folder = try app()
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.images["flag"] == nil)
        #expect(catalog.diagnostics.map(\.description) == [
            "MyApp/Assets.xcassets/expo_assets/flag.imageset/flag.pdf: PDF images need poppler's pdftocairo to show in browsers (apt-get install poppler-utils); a placeholder is shown",
            "MyApp/Assets.xcassets/expo_assets/flag.imageset: has no image file a browser can show; a placeholder is shown",
        ])
    }

    @Test func aListedScaleWhoseFileIsMissingIsSkippedWithAWarning() throws {
        let folder = try app { folder in
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("MyApp/Assets.xcassets/expo_assets/jikji.imageset/jikji@3x.png"))
        }
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.images["jikji"]?.variants.map(\.scale) == [1, 2])
        #expect(catalog.diagnostics.map(\.description).contains(
            "MyApp/Assets.xcassets/expo_assets/jikji.imageset/Contents.json[2]: lists jikji@3x.png (3x), which is missing; skipped"))
    }

    @Test func anImagesetWithNoUsableFileGetsAPlaceholder() throws {
        let folder = try app { folder in
            let set = folder.url.appendingPathComponent("MyApp/Assets.xcassets/expo_assets/haegeum.imageset")
            for scale in 1...3 { try FileManager.default.removeItem(at: set.appendingPathComponent("haegeum@\(scale)x.png")) }
        }
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.images["haegeum"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains("MyApp/Assets.xcassets/expo_assets/haegeum.imageset: has no image file a browser can show; a placeholder is shown"))
        #expect(catalog.diagnostics.filter { $0.file.contains("haegeum") && $0.message.contains("placeholder") }.count == 1, "one placeholder warning per image")
    }

    @Test func aDatasetMayNameADifferentFile() throws {
        let folder = try app { folder in
            let set = "MyApp/Assets.xcassets/Data/items.dataset/"
            try FileManager.default.moveItem(at: folder.url.appendingPathComponent(set + "items.json"),
                                             to: folder.url.appendingPathComponent(set + "exhibits-2023.json"))
            try folder.write(set + "Contents.json", AssetCatalogFixture.contents(dataFile: "exhibits-2023.json"))
        }
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.exhibitCount == 2)
    }

    @Test func aBrokenDatasetContentsIsAnErrorNamingItsPlace() throws {
        let folder = try app { folder in
            try folder.write("MyApp/Assets.xcassets/Data/items.dataset/Contents.json", "{\"data\": [")
        }
        do {
            _ = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
            Issue.record("a catalog with a broken Contents.json loaded")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }.map(\.description)
            #expect(errors.first == "MyApp/Assets.xcassets/Data/items.dataset/Contents.json:1:11: malformed JSON: unexpected end of file, expected a value")
            #expect(errors.dropFirst().allSatisfy { $0.hasPrefix("items.json: missing: no exhibit list found; searched MyApp/Assets.xcassets") }, "\(errors)")
        }
    }

    @Test func aBrokenImagesetContentsIsAWarningAndAPlaceholder() throws {
        let folder = try app { folder in
            try folder.write("MyApp/Assets.xcassets/expo_assets/poster.imageset/Contents.json", "not json")
        }
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.images["poster"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains(
            "MyApp/Assets.xcassets/expo_assets/poster.imageset/Contents.json:1:2: malformed JSON: unexpected 'o', expected 'null'; a placeholder is shown"))
    }

    @Test func aTitleThatAlreadyHoldsALineBreakAndAnExtraKeyLoad() throws {
        let folder = try app { folder in
            try folder.write("MyApp/Assets.xcassets/Data/Expo/exposition_universelle_1900.dataset/exposition_universelle_1900.json",
                             TemporaryCatalog.seedExposition.replacingOccurrences(of: "1900(L'", with: "1900\\n(L'")
                                .replacingOccurrences(of: "\"visitors\"", with: "\"year\": 1900, \"visitors\""))
        }
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil))
        #expect(catalog.primary.exposition.title.contains("\n"))
        #expect(catalog.diagnostics.filter { !$0.file.contains("flag") }.map(\.message) == ["unknown key; ignored"])
    }
}

/// The real seed app's catalog, in CI beside the repository; not part of a user's clone.
@Suite struct ReferenceAssetCatalogTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/reference-catalogs/seed-app-2023/Assets.xcassets").standardizedFileURL

    @Test(.enabled(if: FileManager.default.fileExists(atPath: path.path),
                   "../shared/reference-catalogs is not beside this clone (it is in CI, not in a user's clone)"))
    func loadsWithOnlyTheWarningsItsMissingFilesDeserve() throws {
        let catalog = try CatalogLoader.load(at: Self.path)
        #expect(catalog.exhibitCount == 13)
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji", "buddhism", "palman", "samguk", "haegeum", "ywoonggo", "bangjja",
                                                       "woodshoes", "najeon", "folds", "god", "gayageum", "geomungo"])
        #expect(catalog.diagnostics.map(\.description) == [
            "expo_assets/haegeum.imageset/Contents.json[1]: lists haegeum~universal@2x.png (2x), which is missing; skipped",
            "expo_assets/haegeum.imageset/Contents.json[2]: lists haegeum~universal@3x.png (3x), which is missing; skipped",
            "expo_assets/najeon.imageset/Contents.json[2]: lists najeon~universal@3x.png (3x), which is missing; skipped",
        ])
        #expect(catalog.images.count == 15)
        #expect(catalog.images["flag"]?.variants.first?.format == .svg)
    }
}
