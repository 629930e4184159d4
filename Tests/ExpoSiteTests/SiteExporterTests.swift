import ExpoCatalog
import ExpoTestSupport
import Foundation
import Synchronization
import Testing
@testable import ExpoSite

/// The static export: the Site's files, the same bytes, atomically.
@Suite struct SiteExporterTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func files(under root: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var result: Set<String> = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                result.insert(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return result
    }

    @Test func writesEveryPathOfTheSiteWithTheSameBytes() throws {
        let catalog = try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles)
        let site = try Site.render(catalog.load())
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        let summary = try SiteExporter.export(site, to: target)

        var expected: Set<String> = [SiteExporter.markerName, SiteExporter.headersFileName]
        // The stop pages are the export's own: a server answers their addresses with a redirect.
        var pages = try site.allPages()
        for path in site.stopPagePaths { pages[path] = try #require(try site.stopPage(at: path)) }
        #expect(site.stopPagePaths.count == 2)
        for (path, page) in pages {
            let name = SiteExporter.fileName(for: path)
            expected.insert(name)
            #expect(try Data(contentsOf: target.appendingPathComponent(name)) == Data(page.body), "\(name)")
            if let gzip = page.gzip {
                expected.insert(name + ".gz")
                #expect(try Data(contentsOf: target.appendingPathComponent(name + ".gz")) == Data(gzip), "\(name).gz")
            }
        }
        #expect(files(under: target) == expected)
        #expect(summary.files == expected.count)
        #expect(summary.pages == pages.values.filter { $0.contentType.hasPrefix("text/html") }.count)
        #expect(files(under: parent).allSatisfy { $0.hasPrefix("site/") }, "no staging folder left behind")
    }

    @Test func namesFilesLikeAStaticHostLooksForThem() {
        #expect(SiteExporter.fileName(for: "/") == "index.html")
        #expect(SiteExporter.fileName(for: "/items/jikji/") == "items/jikji/index.html")
        #expect(SiteExporter.fileName(for: "/en/404.html") == "en/404.html")
        #expect(SiteExporter.fileName(for: "/assets/style.0123456789.css") == "assets/style.0123456789.css")
    }

    @Test func replacesAnEarlierExportAndRefusesAnyOtherFolder() throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        _ = try SiteExporter.export(site, to: target)
        try Data("left over".utf8).write(to: target.appendingPathComponent("stale.txt"))
        _ = try SiteExporter.export(site, to: target)
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("stale.txt").path))

        let precious = parent.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: precious.appendingPathComponent("a.jpg"))
        #expect(throws: ExportError.self) { try SiteExporter.export(site, to: precious) }
        #expect(files(under: precious) == ["a.jpg"])

        let empty = parent.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        _ = try SiteExporter.export(site, to: empty)
        #expect(files(under: empty).contains("index.html"))
    }

    @Test func aFailedExportLeavesTheFolderAsItWas() throws {
        let site = try Site.render(TemporaryCatalog.seed().load())
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        // A parent that is a file cannot hold a folder, whoever runs the test (root included).
        let blocker = parent.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        do {
            _ = try SiteExporter.export(site, to: blocker.appendingPathComponent("site"))
            Issue.record("the export succeeded under a file")
        } catch {
            #expect(error.description.hasPrefix("\(blocker.path): cannot write:"))
        }
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
        #expect(files(under: parent) == ["blocker"])
    }

    @Test func anExportThatFailsHalfWayLeavesTheEarlierExportAndNoStagingFolder() throws {
        let first = try Site.render(TemporaryCatalog.seed().load())
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        _ = try SiteExporter.export(first, to: target)
        let before = try files(under: target).sorted().map { name in (name, try Data(contentsOf: target.appendingPathComponent(name))) }

        let changed = try TemporaryCatalog.seed(extra: ["items.json": TemporaryCatalog.seedItems.replacingOccurrences(of: "해금", with: "해금 (奚琴)")])
        let second = try Site.render(changed.load())
        let written = Mutex(0)
        do {
            // Writes ten files for real, then the disk "fills up".
            _ = try SiteExporter.export(second, to: target) { path, content in
                let count = written.withLock { $0 += 1; return $0 }
                guard count <= 10 else { return "No space left on device" }
                return SiteExporter.writeFile(path, content)
            }
            Issue.record("the export succeeded")
        } catch {
            #expect(error.description.hasSuffix("cannot write: No space left on device"), "\(error)")
        }
        #expect(written.withLock { $0 } > 10, "the failure came after some files were written")
        let after = try files(under: target).sorted().map { name in (name, try Data(contentsOf: target.appendingPathComponent(name))) }
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1), "the earlier export is untouched, byte for byte")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["site"], "no staging folder is left")
    }

    @Test func makesEachFolderOnceWithTheFoldersAboveAndNamesWhatIsInTheWay() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.path + "/en/items/item-1"
        #expect(SiteExporter.makeFolder(deep, inside: root.path) == nil)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: deep, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(SiteExporter.makeFolder(deep, inside: root.path) == nil, "a folder already there is fine")
        try Data("x".utf8).write(to: root.appendingPathComponent("en/stop"))
        #expect(SiteExporter.makeFolder(root.path + "/en/stop", inside: root.path) == "a file is where a folder must be")
        #expect(SiteExporter.makeFolder(root.path + "/en/stop/1", inside: root.path) != nil)
    }

    /// A stop moves the staging folder away while pages are still being written into it:
    /// a page's folder must then fail to be made, not bring the staging folder back empty
    /// (which the stop would not know of, and left beside the destination).
    @Test func neverMakesTheRootAgainOnceItIsGone() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("staging")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        try FileManager.default.moveItem(at: root, to: parent.appendingPathComponent("moved"))
        #expect(SiteExporter.makeFolder(root.path + "/en/items/item-1", inside: root.path) == "no such folder")
        #expect(SiteExporter.makeFolder(root.path + "/items", inside: root.path) == "no such folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["moved"])
    }
}
