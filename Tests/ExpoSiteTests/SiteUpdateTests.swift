import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// An export brought up to date in place after a change to a few exhibits: byte for byte
/// what a whole export of the new site writes, with every file it did not need to write
/// left as it was (the same inode and modification time).
@Suite struct SiteUpdateTests {
    private static let options = SiteOptions(exhibitsPerPage: 50, origin: "https://guide.example.org")

    /// 700 exhibits in Korean and English (more than a site makes whole at once), by five
    /// makers (so there are browse pages), with stops in reverse order of the list.
    private static func catalog() throws -> TemporaryCatalog {
        func entries(_ language: String) -> String {
            "[\n" + (1...700).map { index in
                let maker = ["김", "이", "박", "최", "정"][index % 5]
                return #"{"name": "\#(language) \#(index)", "image_name": "item-\#(index)", "short_desc": "\#(language) 설명 \#(index)", "#
                    + #""desc": "첫 문단 \#(index).", "maker": "\#(maker)", "stop": \#(1000 - index)}"#
            }.joined(separator: ",\n") + "\n]"
        }
        return try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.json": entries("출품작"),
            "exposition_universelle_1900.en.json": ScreenModelTests.englishFiles["exposition_universelle_1900.en.json"]!,
            "items.en.json": entries("Exhibit"),
        ])
    }

    private static func edit(_ catalog: TemporaryCatalog, _ file: String, _ old: String, _ new: String) throws {
        let url = catalog.url.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Each edit, made to the catalog in turn: the export updated in place equals a whole one.
    @Test(arguments: [
        ("items.json", #""short_desc": "출품작 설명 350""#, #""short_desc": "고친 설명 350""#),
        ("items.json", #""name": "출품작 351""#, #""name": "새 이름""#),
        ("items.en.json", #""desc": "첫 문단 1.""#, #""desc": "A new first paragraph.""#),
        ("items.en.json", #""name": "Exhibit 700""#, #""name": "The last one, renamed""#),
        ("items.json", #""name": "출품작 200", "image_name": "item-200", "short_desc": "출품작 설명 200""#,
         #""name": "가나다라 새로운 낱말", "image_name": "item-200", "short_desc": "전혀 다른 설명""#),
    ])
    func anUpdatedExportIsByteForByteAWholeOne(_ edit: (String, String, String)) throws { try UnchangedFilesTests.inFolder { parent in
        let catalog = try Self.catalog()
        let target = parent.appendingPathComponent("site")
        let before = try Site.render(catalog.load(), options: Self.options)
        _ = try SiteExporter.export(before, to: target)
        let old = try UnchangedFilesTests.files(target)

        try Self.edit(catalog, edit.0, edit.1, edit.2)
        // As the studio makes it: its indexes from the site before's.
        let site = try Site.render(catalog.load(), options: Self.options, after: before)
        let summary = try #require(try SiteExporter.update(target, from: before, to: site))
        #expect(summary.inPlace)
        #expect(site.plan.search.index(.korean)?.isDerived == true)
        let after = try UnchangedFilesTests.files(target)

        let whole = parent.appendingPathComponent("whole")
        _ = try SiteExporter.export(Site.render(catalog.load(), options: Self.options), to: whole)
        let reference = try UnchangedFilesTests.files(whole)
        #expect(Set(after.keys) == Set(reference.keys), "\(Set(after.keys).symmetricDifference(reference.keys).sorted())")
        for (name, file) in reference { #expect(after[name]?.bytes == file.bytes, "\(name)") }

        var written: [String] = []
        for (name, file) in after {
            if let previous = old[name], previous.inode == file.inode, previous.modified == file.modified {
                continue
            }
            written.append(name)
        }
        #expect(written.count == summary.files - summary.kept, "\(written.sorted())")
        #expect(written.count < 60, "\(written.count) of \(after.count): \(written.sorted())")
        #expect(summary.keptLine.contains("updated in place"))
    } }

    /// A change the list of pages cannot follow: the export is made whole instead.
    @Test(arguments: [
        ("items.json", #""maker": "김", "stop": 995"#, #""maker": "새 사람", "stop": 995"#),
        ("items.json", #""stop": 995"#, #""stop": 5000"#),
        ("exposition_universelle_1900.json", "1900", "1901"),
    ])
    func aChangeBeyondTheExhibitsOwnWordsIsNotUpdatedInPlace(_ edit: (String, String, String)) throws { try UnchangedFilesTests.inFolder { parent in
        let catalog = try Self.catalog()
        let target = parent.appendingPathComponent("site")
        let before = try Site.render(catalog.load(), options: Self.options)
        _ = try SiteExporter.export(before, to: target)
        try Self.edit(catalog, edit.0, edit.1, edit.2)
        let site = try Site.render(catalog.load(), options: Self.options)
        #expect(try SiteExporter.update(target, from: before, to: site) == nil)
        // Left as the export before.
        #expect(try String(contentsOf: target.appendingPathComponent(SiteExporter.markerName), encoding: .utf8) == SiteExporter.markerText(before))
    } }

    @Test func aFolderThatDoesNotHoldTheSiteBeforeIsNotUpdated() throws { try UnchangedFilesTests.inFolder { parent in
        let catalog = try Self.catalog()
        let target = parent.appendingPathComponent("site")
        let before = try Site.render(catalog.load(), options: Self.options)
        _ = try SiteExporter.export(before, to: target)
        try Self.edit(catalog, "items.json", #""short_desc": "출품작 설명 350""#, #""short_desc": "고친 설명 350""#)
        let site = try Site.render(catalog.load(), options: Self.options)
        // Updated once: the folder holds `site` now, not `before`.
        #expect(try SiteExporter.update(target, from: before, to: site) != nil)
        #expect(try SiteExporter.update(target, from: before, to: site) == nil)
        // An update stopped part way leaves a marker no site has.
        let marker = target.appendingPathComponent(SiteExporter.markerName)
        try "Expo1900 static export; being updated to site version x\n".write(to: marker, atomically: true, encoding: .utf8)
        #expect(try SiteExporter.update(target, from: site, to: site) == nil)
    } }
}
