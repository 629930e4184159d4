import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// The exposition is edited as an exhibit's entry is: its file read as it is, a change read
/// as a load reads it, and written into the file's bytes with every other byte kept.
@Suite struct ExpositionEditingTests {
    private static let file = "exposition_universelle_1900.json"

    private func folder() throws -> TemporaryCatalog {
        try TemporaryCatalog.seed(extra: ["items.en.json": #"[{"name": "Jikji", "image_name": "jikji"}]"#])
    }

    private func text(_ folder: TemporaryCatalog, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aChangeIsWrittenIntoTheFileAndEveryOtherByteKept() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let before = try text(folder, Self.file)
        let entry = try #require(load.entry(exhibit: CatalogEntry.exposition, language: .korean))
        #expect(entry.exists && entry.text(.entry("location")) == "프랑스 파리" && entry.text(.visitors) == "48130300")
        var bytes = try #require(EntryField.entry("location").setting("프랑스 파리, 센 강변", in: entry.bytes))
        bytes = try #require(EntryField.visitors.setting("50860801", in: bytes))
        let change = EntryChange(exhibit: CatalogEntry.exposition, language: .korean, bytes: bytes, version: entry.version)
        let (catalog, problems) = load.catalog(with: [change])
        #expect(problems.isEmpty, "\(problems.map(\.diagnostic))")
        #expect(catalog.primary.exposition.location == "프랑스 파리, 센 강변" && catalog.primary.exposition.visitors == 50_860_801)
        // English has no exposition file: its texts follow the Korean ones in the preview.
        #expect(catalog.translations[0].exposition.location == "프랑스 파리, 센 강변")

        #expect(try load.write([change]).get() == [Self.file])
        let after = try text(folder, Self.file)
        #expect(after == before.replacingOccurrences(of: "\"프랑스 파리\"", with: "\"프랑스 파리, 센 강변\"")
            .replacingOccurrences(of: "48130300", with: "50860801"))
        let reloaded = try WatchedLoad.load(at: folder.url)
        #expect(reloaded.catalog.primary.exposition == catalog.primary.exposition)
    }

    @Test func aTranslationsFirstTextMakesItsFileAndItsMissingTextsAreSaidAtTheirFields() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: CatalogEntry.exposition, language: .english))
        #expect(!entry.exists && entry.file == "exposition_universelle_1900.en.json")
        let bytes = try #require(EntryField.entry("title").setting("The Paris Exposition of 1900", in: entry.bytes))
        let change = EntryChange(exhibit: CatalogEntry.exposition, language: .english, bytes: bytes, version: entry.version)
        let (catalog, problems) = load.catalog(with: [change])
        #expect(catalog.translations[0].exposition.title == "The Paris Exposition of 1900")
        #expect(catalog.translations[0].exposition.location == "프랑스 파리")
        #expect(catalog.translations[0].untranslated.contains("exposition.location"))
        #expect(!catalog.translations[0].untranslated.contains("exposition.title"))
        let fields = Set(problems.compactMap(\.field?.name))
        #expect(fields == ["location", "duration", "description"], "\(problems.map(\.diagnostic))")

        _ = try load.write([change]).get()
        #expect(try text(folder, "exposition_universelle_1900.en.json") == "{\n  \"title\": \"The Paris Exposition of 1900\"\n}\n")
        #expect(try folder.load().translations[0].exposition.title == "The Paris Exposition of 1900")
        // Made once: a second change made from "absent" finds the file and is refused.
        #expect(throws: EntryWriteError.self) { try load.write([change]).get() }
    }

    @Test func aFileChangedOnDiskOrALinkIsNeverWrittenOver() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: CatalogEntry.exposition, language: .korean))
        let bytes = try #require(EntryField.entry("title").setting("만국박람회", in: entry.bytes))
        let change = EntryChange(exhibit: CatalogEntry.exposition, language: .korean, bytes: bytes, version: entry.version)
        let url = folder.url.appendingPathComponent(Self.file)
        let theirs = TemporaryCatalog.seedExposition.replacingOccurrences(of: "프랑스 파리", with: "파리")
        try theirs.write(to: url, atomically: true, encoding: .utf8)
        #expect(load.entry(exhibit: CatalogEntry.exposition, language: .korean) == nil, "a changed file waits for its reload")
        #expect(throws: EntryWriteError.self) { try load.write([change]).get() }
        #expect(try text(folder, Self.file) == theirs)

        let linked = try WatchedLoad.load(at: folder.url)
        let fresh = try #require(linked.entry(exhibit: CatalogEntry.exposition, language: .korean))
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/etc/hostname")
        let refused = linked.write([EntryChange(exhibit: CatalogEntry.exposition, language: .korean, bytes: fresh.bytes, version: fresh.version)])
        guard case let .failure(error) = refused else { Issue.record("a link was written through"); return }
        #expect(error.description.contains("link") || error.description.contains("changed on disk"))
    }
}
