import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// An export into a folder that holds an export already writes only the files whose bytes
/// change: every other file keeps its inode, bytes and modification time, and the folder
/// is byte for byte what a whole export writes.
@Suite struct UnchangedFilesTests {
    /// A folder of the test's own, removed when `body` is done.
    static func inFolder(_ body: (URL) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-unchanged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        try body(url)
    }

    /// Every regular file under `root`, by its path inside it.
    static func files(_ root: URL) throws -> [String: (bytes: Data, inode: UInt64, modified: Date)] {
        var found: [String: (bytes: Data, inode: UInt64, modified: Date)] = [:]
        let names = FileManager.default.enumerator(atPath: root.path)!
        for case let name as String in names {
            let path = root.appendingPathComponent(name).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            found[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), (attributes[.systemFileNumber] as! NSNumber).uint64Value,
                           attributes[.modificationDate] as! Date)
        }
        return found
    }

    @Test func aChangedTextRewritesOnlyTheFilesItChanges() throws { try Self.inFolder { parent in
        let target = parent.appendingPathComponent("site")
        let catalog = try TemporaryCatalog.generated(count: 300)
        let first = try SiteExporter.export(try Site.render(catalog.load()), to: target)
        #expect(first.kept == 0, "nothing to keep the first time")
        let before = try Self.files(target)

        let items = catalog.url.appendingPathComponent("items.json")
        let text = try String(contentsOf: items, encoding: .utf8)
        try text.replacingOccurrences(of: "\"설명 150\"", with: "\"고친 설명 150\"").write(to: items, atomically: true, encoding: .utf8)
        let site = try Site.render(catalog.load())
        let second = try SiteExporter.export(site, to: target)
        let after = try Self.files(target)

        // Byte for byte a whole export of the same site.
        let whole = parent.appendingPathComponent("whole")
        _ = try SiteExporter.export(site, to: whole)
        let reference = try Self.files(whole)
        #expect(Set(after.keys) == Set(reference.keys))
        for (name, file) in after { #expect(file.bytes == reference[name]?.bytes, "\(name)") }

        // Each file whose bytes did not change is the very file the export before wrote.
        var written: [String] = []
        for (name, file) in after {
            if let old = before[name], old.bytes == file.bytes {
                #expect(file.inode == old.inode && file.modified == old.modified, "\(name) kept")
            } else {
                written.append(name)
            }
        }
        #expect(written.contains("items/item-150/index.html"))
        #expect(second.files - second.kept == written.count, "\(written.sorted())")
        // The exhibit's page, the list and search that show it, the marker: a handful of
        // the site's files, not all of them.
        #expect(written.count < after.count / 10, "\(written.count) of \(after.count): \(written.sorted())")
        #expect(second.keptLine.contains("unchanged since the export before"))
    } }

    @Test func aFileTheExportBeforeHoldsAsALinkIsWrittenNotFollowed() throws { try Self.inFolder { parent in
        let target = parent.appendingPathComponent("site")
        let site = try Site.render(TemporaryCatalog.seed().load())
        _ = try SiteExporter.export(site, to: target)
        // Someone replaced a page of the export with a link to a file elsewhere.
        let page = target.appendingPathComponent("items/index.html")
        let elsewhere = parent.appendingPathComponent("elsewhere.html")
        try FileManager.default.moveItem(at: page, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: page, withDestinationURL: elsewhere)
        _ = try SiteExporter.export(site, to: target)
        let attributes = try FileManager.default.attributesOfItem(atPath: page.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: page) == Data(contentsOf: elsewhere))
    } }
}
