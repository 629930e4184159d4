import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// An app's project is edited where the app reads its data: a changed text is written into
/// the dataset's own file, with every other byte kept, and no file appears beside it.
@Suite struct AppProjectEditingTests {
    static let xcassets = "App/Assets.xcassets"
    static let items = "\(xcassets)/Data/EntryEntity.dataset/EntryEntity.json"
    static let exposition = "\(xcassets)/Data/ExpositionPost.dataset/ExpositionPost.json"

    private func app() throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog()
        try folder.write(Self.xcassets + "/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        for name in ["poster", "flag", "jikji", "haegeum"] {
            try folder.write("\(Self.xcassets)/Images/\(name).imageset/Contents.json", AssetCatalogFixture.imageContents([("\(name).svg", nil)]))
            try folder.write("\(Self.xcassets)/Images/\(name).imageset/\(name).svg", TemporaryCatalog.tinySVG)
        }
        for (path, text) in [(Self.items, TemporaryCatalog.seedItems), (Self.exposition, TemporaryCatalog.seedExposition)] {
            let url = URL(fileURLWithPath: path)
            try folder.write(url.deletingLastPathComponent().relativePath + "/Contents.json",
                             AssetCatalogFixture.contents(dataFile: url.lastPathComponent))
            try folder.write(path, text)
        }
        return folder
    }

    private func text(_ folder: TemporaryCatalog, _ path: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func aTextIsWrittenIntoTheDatasetItWasReadFrom() throws {
        let folder = try app()
        let load = try WatchedLoad.load(at: folder.url)
        #expect(load.isEditable && !load.isUpToDate, "an app's project is always read whole again")
        let entry = try #require(load.entry(exhibit: "haegeum", language: .korean))
        let bytes = try #require(EntryField.entry("short_desc").setting("활로 켜는 두 줄 현악기", in: entry.bytes))
        let expositionEntry = try #require(load.entry(exhibit: CatalogDocument.exposition.rawValue, language: .korean))
        let title = try #require(EntryField.entry("title").setting("1900년 파리 만국박람회", in: expositionEntry.bytes))
        let written = try load.write([
            EntryChange(exhibit: "haegeum", language: .korean, bytes: bytes, version: entry.version),
            EntryChange(exhibit: CatalogDocument.exposition.rawValue, language: .korean, bytes: title, version: expositionEntry.version),
        ]).get()
        #expect(Set(written) == ["items.json", "exposition_universelle_1900.json"])
        #expect(try text(folder, Self.items) == TemporaryCatalog.seedItems.replacingOccurrences(of: "두 줄 현악기", with: "활로 켜는 두 줄 현악기"))
        #expect(try text(folder, Self.exposition) == TemporaryCatalog.seedExposition.replacingOccurrences(
            of: "파리 만국박람회 1900(L'Exposition de Paris 1900)", with: "1900년 파리 만국박람회"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("items.json").path))
        let reloaded = try CatalogLoader.load(at: folder.url)
        #expect(reloaded.primary.exhibits[1].shortDescription == "활로 켜는 두 줄 현악기")
        #expect(reloaded.primary.exposition.title == "1900년 파리 만국박람회")
    }

    @Test func aDatasetChangedInXcodeIsNeverWrittenOver() throws {
        let folder = try app()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        let bytes = try #require(EntryField.entry("name").setting("직지", in: entry.bytes))
        let theirs = TemporaryCatalog.seedItems.replacingOccurrences(of: "해금", with: "奚琴")
        try folder.write(Self.items, theirs)
        #expect(throws: EntryWriteError.self) {
            try load.write([EntryChange(exhibit: "jikji", language: .korean, bytes: bytes, version: entry.version)]).get()
        }
        #expect(try text(folder, Self.items) == theirs)
    }
}
