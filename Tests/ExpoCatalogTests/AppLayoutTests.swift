import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Other authors' versions of the seed app, each laying out its project its own way. The
/// data is found by what it is; where two files could be it, the guide says so.
@Suite struct AppLayoutTests {
    /// The default catalog's 13 exhibits and exposition, in the seed apps' format.
    static func defaultText(_ name: String) throws -> String {
        let url = try #require(CatalogLoader.defaultCatalogURL).appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        // An app's data has no places on a floor plan (the default catalog's come with its
        // floors.json, which an app's project does not hold).
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.wholeMatch(of: /\s*"(floor|x|y)": [^\n]*,/) == nil }.joined(separator: "\n")
    }

    static let ids = ["jikji", "buddhism", "palman", "samguk", "haegeum", "ywoonggo", "bangjja", "woodshoes", "najeon",
                      "folds", "god", "gayageum", "geomungo"]

    /// An app folder: `xcassets` (a path in it) with an imageset for every image, and the
    /// data where `place` puts it.
    private func app(_ xcassets: String = "App/Assets.xcassets", place: (TemporaryCatalog, String) throws -> Void) throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog()
        try folder.write(xcassets + "/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        // Jikji's further views come from imagesets named in its JSON, as the issue has them.
        for name in ["poster", "flag", "jikji-colophon", "jikji-type"] + Self.ids {
            try folder.write("\(xcassets)/Images/\(name).imageset/Contents.json", AssetCatalogFixture.imageContents([("\(name).svg", nil)]))
            try folder.write("\(xcassets)/Images/\(name).imageset/\(name).svg", TemporaryCatalog.tinySVG)
        }
        try place(folder, xcassets)
        return folder
    }

    private func dataset(_ folder: TemporaryCatalog, _ path: String, file: String, _ content: String) throws {
        try folder.write("\(path)/Contents.json", AssetCatalogFixture.contents(dataFile: file))
        try folder.write("\(path)/\(file)", content)
    }

    private func expectAllThirteen(_ folder: TemporaryCatalog, at path: String = "") throws -> Catalog {
        let catalog = try CatalogLoader.load(at: folder.url.appendingPathComponent(path))
        #expect(catalog.primary.exhibits.map(\.id) == Self.ids)
        #expect(catalog.primary.exposition.visitors == 48_130_300)
        #expect(catalog.images.count == 17, "every image found, Jikji's further views too: \(catalog.diagnostics)")
        return catalog
    }

    @Test func datasetsNamedAnyWayAreFoundByWhatTheyHold() throws {
        let layouts: [(String, String, String, String)] = [
            ("exposition.dataset", "exposition_universelle_1900.json", "items.dataset", "items.json"),
            ("expo_1900.dataset", "exposition_universelle_1900.json", "expo_1900_items.dataset", "items.json"),
            ("ExpositionPost.dataset", "ExpositionPost.json", "EntryEntity.dataset", "EntryEntity.json"),
        ]
        for (expositionSet, expositionFile, itemsSet, itemsFile) in layouts {
            let folder = try app { folder, xcassets in
                try dataset(folder, "\(xcassets)/Data/\(expositionSet)", file: expositionFile, try Self.defaultText("exposition_universelle_1900.json"))
                try dataset(folder, "\(xcassets)/Data/\(itemsSet)", file: itemsFile, try Self.defaultText("items.json"))
            }
            let catalog = try expectAllThirteen(folder)
            #expect(catalog.diagnostics.isEmpty, "\(expositionSet), \(itemsSet): \(catalog.diagnostics)")
        }
    }

    @Test func translationsAreMatchedByTheirSuffixAsBefore() throws {
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/ExpositionPost.dataset", file: "ExpositionPost.json", try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/EntryEntity.dataset", file: "EntryEntity.json", try Self.defaultText("items.json"))
            try dataset(folder, "\(xcassets)/EntryEntity.en.dataset", file: "EntryEntity.en.json", try Self.defaultText("items.en.json"))
            try dataset(folder, "\(xcassets)/ExpositionPost.en.dataset", file: "ExpositionPost.en.json", try Self.defaultText("exposition_universelle_1900.en.json"))
        }
        let catalog = try expectAllThirteen(folder)
        #expect(catalog.languages == [.korean, .english])
        #expect(catalog.edition(.english).exhibits[0].name == "Jikji")
    }

    @Test func jsonKeptBesideTheAssetCatalogIsFoundFromTheAppFolder() throws {
        let folder = try app { folder, _ in
            try folder.write("App/Data/items.json", try Self.defaultText("items.json"))
            try folder.write("App/Data/exposition_universelle_1900.json", try Self.defaultText("exposition_universelle_1900.json"))
        }
        let catalog = try expectAllThirteen(folder, at: "App")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        // A folder holding the app's folder works too, and names files from where it was given.
        _ = try expectAllThirteen(folder)
    }

    @Test func theAssetCatalogWithTheDataIsChosenOverOneWithOnlyTheIcon() throws {
        let folder = try app("Resource/ExpoAssets.xcassets") { folder, xcassets in
            try folder.write("Resource/Assets.xcassets/AppIcon.appiconset/Contents.json", #"{"images":[],"info":{"version":1}}"#)
            try folder.write("Resource/Assets.xcassets/AccentColor.colorset/Contents.json", #"{"colors":[],"info":{"version":1}}"#)
            try dataset(folder, "\(xcassets)/exposition_universelle_1900.dataset", file: "exposition_universelle_1900.json",
                        try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
        }
        let catalog = try expectAllThirteen(folder, at: "Resource")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func twoDifferentExhibitListsAreAnErrorNamingBoth() throws {
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/exposition_universelle_1900.dataset", file: "exposition_universelle_1900.json",
                        try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
            try dataset(folder, "\(xcassets)/Group/items.dataset", file: "items.json", TemporaryCatalog.seedItems)
        }
        do {
            _ = try CatalogLoader.load(at: folder.url)
            Issue.record("two different exhibit lists loaded")
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "App/Assets.xcassets/Group/items.dataset/items.json: 2 different exhibit lists: this one and "
                    + "App/Assets.xcassets/items.dataset/items.json; keep one, or give --catalog the folder that holds the one to use",
            ])
        }
    }

    @Test func anIdenticalCopyIsAWarningNamingBothAndTheOneUsed() throws {
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/exposition_universelle_1900.dataset", file: "exposition_universelle_1900.json",
                        try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
            try folder.write("App/items.json", try Self.defaultText("items.json"))
        }
        let catalog = try expectAllThirteen(folder)
        #expect(catalog.diagnostics.map(\.description) == [
            "App/Assets.xcassets/items.dataset/items.json: the same exhibit list is also at App/items.json; this one is used",
        ])
    }

    /// A student's project: the app's own two datasets, and experiments beside them that
    /// the app's code never loads (other expositions, broken JSON, an RTF document).
    @Test func theDatasetsTheAppLoadsByNameWinOverExperiments() throws {
        let exposition = try Self.defaultText("exposition_universelle_1900.json")
        let daejeon = exposition.replacingOccurrences(of: "파리 만국박람회 1900", with: "대전 엑스포 1993")
        let daejeon4 = exposition.replacingOccurrences(of: "파리 만국박람회 1900", with: "대전 엑스포 2093")
        #expect(daejeon != exposition && daejeon4 != exposition, "the experiments must differ from the app's exposition")
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/exposition_universelle_1900.dataset", file: "exposition_universelle_1900.json", exposition)
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
            try dataset(folder, "\(xcassets)/daejeon_expo.dataset", file: "daejeon_expo.json", daejeon)
            try dataset(folder, "\(xcassets)/daejeon_expo4.dataset", file: "daejeon_expo4.json", daejeon4)
            try dataset(folder, "\(xcassets)/daejeon_expo3.dataset", file: "daejeon_expo3.json", "{\n  \"title\": ,\n}")
            try folder.write("\(xcassets)/daejeon_expo2.dataset/Contents.json", #"""
                {"data":[{"filename":"daejeon_expo2.rtf","idiom":"universal","universal-type-identifier":"public.rtf"}],"info":{"author":"xcode","version":1}}
                """#)
            try folder.write("\(xcassets)/daejeon_expo2.dataset/daejeon_expo2.rtf", #"{\rtf1\ansi {\"title\": \"x\"}}"#)
        }
        let catalog = try expectAllThirteen(folder)
        #expect(catalog.primary.exposition.title.hasPrefix("파리 만국박람회 1900"))
        let assets = "App/Assets.xcassets"
        #expect(catalog.diagnostics.map(\.line).sorted() == [
            "note: \(assets)/daejeon_expo.dataset/daejeon_expo.json: not used: the app loads exposition_universelle_1900",
            "note: \(assets)/daejeon_expo2.dataset/daejeon_expo2.rtf: not read: a dataset's file is data for the guide only "
                + "when it is JSON (by its name, or by the universal-type-identifier in Contents.json)",
            "note: \(assets)/daejeon_expo4.dataset/daejeon_expo4.json: not used: the app loads exposition_universelle_1900",
            "warning: \(assets)/daejeon_expo3.dataset/daejeon_expo3.json:2:12: malformed JSON: unexpected ',', expected a value; "
                + "not used: the app loads exposition_universelle_1900 and items",
        ])
        let report = ValidationReport(loading: .success(catalog), strict: true)
        #expect(report.exitStatus == 1, "the broken experiment is a warning, which --strict counts")
        #expect(ValidationReport(loading: .success(catalog), strict: false).exitStatus == 0)
    }

    @Test func aDatasetTypedAsJSONIsReadWhateverItsFileIsCalled() throws {
        let folder = try app { folder, xcassets in
            try folder.write("\(xcassets)/expo.dataset/Contents.json", #"""
                {"data":[{"filename":"expo.data","idiom":"universal","universal-type-identifier":"public.json"}],"info":{"author":"xcode","version":1}}
                """#)
            try folder.write("\(xcassets)/expo.dataset/expo.data", try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
        }
        let catalog = try expectAllThirteen(folder)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func twoDifferentExpositionsWithoutTheSeedNameAreStillAnError() throws {
        let exposition = try Self.defaultText("exposition_universelle_1900.json")
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/expo_a.dataset", file: "expo_a.json", exposition)
            try dataset(folder, "\(xcassets)/expo_b.dataset", file: "expo_b.json", exposition.replacingOccurrences(of: "1900", with: "1901"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
        }
        do {
            _ = try CatalogLoader.load(at: folder.url)
            Issue.record("two different expositions without the seed's name loaded")
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "App/Assets.xcassets/expo_a.dataset/expo_a.json: 2 different expositions: this one and "
                    + "App/Assets.xcassets/expo_b.dataset/expo_b.json; keep one, or give --catalog the folder that holds the one to use",
            ])
        }
    }

    @Test func aBrokenDatasetIsAnErrorWhileTheAppsOwnNamesAreMissing() throws {
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/ExpositionPost.dataset", file: "ExpositionPost.json", try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/EntryEntity.dataset", file: "EntryEntity.json", "[{\"image_name\": }]")
        }
        do {
            _ = try CatalogLoader.load(at: folder.url)
            Issue.record("a broken exhibit list loaded")
        } catch {
            #expect(error.diagnostics.contains { $0.severity == .error && $0.file == "App/Assets.xcassets/EntryEntity.dataset/EntryEntity.json" })
        }
    }

    @Test func entryNumbersCountEmptySlots() throws {
        let folder = try app { folder, xcassets in
            try dataset(folder, "\(xcassets)/exposition_universelle_1900.dataset", file: "exposition_universelle_1900.json",
                        try Self.defaultText("exposition_universelle_1900.json"))
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
            let najeon = "\(xcassets)/Images/najeon.imageset"
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("\(najeon)/najeon.svg"))
            try folder.write("\(najeon)/Contents.json", """
                {"images":[{"idiom":"universal","scale":"1x"},
                           {"filename":"najeon@2x.png","idiom":"universal","scale":"2x"},
                           {"filename":"najeon@3x.png","idiom":"universal","scale":"3x"}],
                 "info":{"author":"xcode","version":1}}
                """)
            try folder.write("\(najeon)/najeon@2x.png", PNGFixture.make(width: 20, height: 10))
        }
        let catalog = try expectAllThirteen(folder)
        #expect(catalog.diagnostics.map(\.description) == [
            "App/Assets.xcassets/Images/najeon.imageset/Contents.json[2]: lists najeon@3x.png (3x), which is missing; skipped",
        ])
    }

    @Test func aMissingExpositionNamesWhereTheGuideLooked() throws {
        let folder = try app("Holder/View/Assets.xcassets") { folder, xcassets in
            try dataset(folder, "\(xcassets)/items.dataset", file: "items.json", try Self.defaultText("items.json"))
        }
        do {
            _ = try CatalogLoader.load(at: folder.url.appendingPathComponent("Holder"))
            Issue.record("a catalog without an exposition loaded")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }.map(\.description)
            #expect(errors == ["exposition_universelle_1900.json: missing: no exposition found; searched View/Assets.xcassets "
                               + "(1 dataset, 17 imagesets) and 0 other JSON files for an exposition (an object with title, visitors, "
                               + "location, duration and description) and an exhibit list (a list of objects with image_name)"])
        }
    }

    @Test func aFolderWithOnlyAnIconCatalogIsNotACatalogAndSaysWhatItFound() throws {
        let folder = try TemporaryCatalog()
        try folder.write("App/Assets.xcassets/AppIcon.appiconset/Contents.json", #"{"images":[],"info":{"version":1}}"#)
        try folder.write("App/notes.json", #"{"hello": "world"}"#)
        do {
            _ = try CatalogLoader.load(at: folder.url)
            Issue.record("an icon-only project loaded")
        } catch {
            guard case let .notACatalog(_, searched) = error else { Issue.record("unexpected \(error)"); return }
            #expect(searched == "found no JSON catalog files and no asset catalog with datasets or images (only App/Assets.xcassets (icons and colours only))")
        }
    }
}
