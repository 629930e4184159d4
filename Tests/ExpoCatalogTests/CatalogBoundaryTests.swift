import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A catalog reads only what is inside its own folder: a path it names or a link it holds
/// that leads outside is refused unread, loops of links end, and oversized data files are
/// refused before they are read.
@Suite struct CatalogBoundaryTests {
    /// A file outside any catalog, whose content must never reach the catalog or a message.
    static let secret = "SECRET-\(UUID().uuidString)"

    /// An app whose asset catalog holds the seed data and the images `jikji` (named by
    /// `jikjiFile` in its imageset) and `poster`.
    private func app(jikjiFile: String) throws -> TemporaryCatalog {
        let folder = try TemporaryCatalog()
        let assets = "App/Assets.xcassets/"
        try folder.write(assets + "Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try folder.write(assets + "exposition_universelle_1900.dataset/Contents.json",
                         AssetCatalogFixture.contents(dataFile: "exposition_universelle_1900.json"))
        try folder.write(assets + "exposition_universelle_1900.dataset/exposition_universelle_1900.json", TemporaryCatalog.seedExposition)
        try folder.write(assets + "items.dataset/Contents.json", AssetCatalogFixture.contents(dataFile: "items.json"))
        try folder.write(assets + "items.dataset/items.json", TemporaryCatalog.seedItems)
        try folder.write(assets + "poster.imageset/Contents.json", AssetCatalogFixture.imageContents([("poster.svg", nil)]))
        try folder.write(assets + "poster.imageset/poster.svg", TemporaryCatalog.tinySVG)
        try folder.write(assets + "jikji.imageset/Contents.json", AssetCatalogFixture.imageContents([(jikjiFile, nil)]))
        return folder
    }

    /// A folder beside the catalogs, holding an SVG with the secret.
    private func outsideFolder() throws -> TemporaryCatalog {
        try TemporaryCatalog(["secret.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><title>\#(Self.secret)</title></svg>"#])
    }

    private func everything(_ catalog: Catalog) -> String {
        (catalog.diagnostics + catalog.publishingNotes).map(\.line).joined(separator: "\n")
            + catalog.images.values.flatMap(\.variants).map { String(decoding: $0.data, as: UTF8.self) }.joined()
    }

    @Test func anImagesetNamingAFileOutsideTheCatalogIsRefusedUnread() throws {
        let outside = try outsideFolder()
        // From App/Assets.xcassets/jikji.imageset, four levels up is the temporary folder.
        let escape = "../../../../\(outside.url.lastPathComponent)/secret.svg"
        let folder = try app(jikjiFile: escape)
        let catalog = try folder.load()
        #expect(catalog.images["jikji"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains(
            "App/Assets.xcassets/jikji.imageset/Contents.json[0]: names \(escape), outside the catalog's folder; skipped"))
        #expect(!everything(catalog).contains(Self.secret))
    }

    @Test func anImagesetOrDatasetNamingAnAbsolutePathIsRefusedUnread() throws {
        let folder = try app(jikjiFile: "/etc/passwd")
        let catalog = try folder.load()
        #expect(catalog.images["jikji"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains(
            "App/Assets.xcassets/jikji.imageset/Contents.json[0]: names /etc/passwd, outside the catalog's folder; skipped"))
        #expect(!everything(catalog).contains("root:"))

        // A dataset that names it as its JSON is refused before anything is opened.
        try folder.write("App/Assets.xcassets/items.dataset/Contents.json",
                         #"{"data":[{"filename":"/etc/passwd","idiom":"universal","universal-type-identifier":"public.json"}]}"#)
        let failure = Result { () throws(CatalogError) in try CatalogLoader.load(at: folder.url) }
        guard case let .failure(error) = failure else { Issue.record("a dataset of /etc/passwd loaded"); return }
        let lines = error.diagnostics.map(\.description)
        #expect(lines.contains("App/Assets.xcassets/items.dataset/Contents.json.data[0]: names /etc/passwd, outside the catalog's folder; not read"))
        #expect(!lines.joined().contains("root:"))
    }

    @Test func aSymbolicLinkIsFollowedOnlyWhenItStaysInside() throws {
        let outside = try outsideFolder()
        let folder = try TemporaryCatalog.seed()
        let files = FileManager.default
        try files.removeItem(at: folder.url.appendingPathComponent("jikji.svg"))
        try files.removeItem(at: folder.url.appendingPathComponent("haegeum.svg"))
        try files.createSymbolicLink(atPath: folder.url.appendingPathComponent("jikji.svg").path,
                                     withDestinationPath: outside.url.appendingPathComponent("secret.svg").path)
        let inside = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle r="2"/></svg>"#
        try folder.write("originals/haegeum.svg", inside)
        try files.createSymbolicLink(atPath: folder.url.appendingPathComponent("haegeum.svg").path, withDestinationPath: "originals/haegeum.svg")
        let catalog = try folder.load()
        #expect(catalog.images["jikji"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains("jikji.svg: leads outside the catalog's folder (a symbolic link?); left out"))
        #expect(catalog.images["haegeum"]?.variants.map { String(decoding: $0.data, as: UTF8.self) } == [inside])
        #expect(!everything(catalog).contains(Self.secret))
    }

    @Test func linksToTheFolderItselfDoNotLoopTheWalk() throws {
        let folder = try app(jikjiFile: "jikji.svg")
        try folder.write("App/Assets.xcassets/jikji.imageset/jikji.svg", TemporaryCatalog.tinySVG)
        try folder.write("App/Assets.xcassets/Group/haegeum.imageset/Contents.json", AssetCatalogFixture.imageContents([("haegeum.svg", nil)]))
        try folder.write("App/Assets.xcassets/Group/haegeum.imageset/haegeum.svg", TemporaryCatalog.tinySVG)
        // 2 links in each of 2 folders: walked naively to depth 32 that is far beyond 2^32 paths.
        for place in ["App/Assets.xcassets", "App/Assets.xcassets/Group", "App"] {
            for name in ["a", "b"] {
                try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("\(place)/\(name)").path,
                                                           withDestinationPath: ".")
            }
        }
        let catalog = try folder.load()
        #expect(catalog.exhibitCount == 2)
        #expect(Set(catalog.images.keys) == ["poster", "jikji", "haegeum"])
        #expect(!catalog.diagnostics.contains { $0.message.contains("is also at") }, "each imageset is found once")
    }

    @Test func aDataFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryCatalog.seed()
        // Sparse: 600 MB that take no room on disk, and would take 600 MB of memory if read.
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("items.json"))
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        let failure = Result { () throws(CatalogError) in try CatalogLoader.load(at: folder.url) }
        guard case let .failure(error) = failure else { Issue.record("a 600 MB items.json loaded"); return }
        #expect(error.diagnostics.map(\.description)
            == ["items.json: is 600 MB, more than the 512 MB allowed for a data file; not read"])
    }

    @Test func anAssetsContentsOverItsLimitIsRefusedBeforeItIsRead() throws {
        let folder = try app(jikjiFile: "jikji.svg")
        try folder.write("App/Assets.xcassets/jikji.imageset/jikji.svg", TemporaryCatalog.tinySVG)
        let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("App/Assets.xcassets/jikji.imageset/Contents.json"))
        try handle.truncate(atOffset: 2 << 20)
        try handle.close()
        let catalog = try folder.load()
        #expect(catalog.images["jikji"] == nil)
        #expect(catalog.diagnostics.map(\.description).contains(
            "App/Assets.xcassets/jikji.imageset/Contents.json: is 2 MB, more than the 1 MB allowed for an asset's Contents.json; "
                + "not read; a placeholder is shown"))
    }
}
