import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A large items file's clean runs are kept packed on disk and read back at the next start
/// (`CatalogRunCache`): what a start reads back must be what parsing gives, an edit must
/// rebuild only the runs it touches, and a damaged or foreign file must be read again.
@Suite struct CatalogRunCacheTests {
    /// 6,000 clean museum-like records, some naming their one image; `problem` gives one of
    /// them an unknown key.
    static func entries(problem: Int? = nil) -> [String] {
        (0..<6_000).map { index in
            var extra = index == problem ? #", "colour": "red""# : ""
            if index % 11 == 5 { extra += #", "images": [{"name": "item-\#(index)"}]"# }
            let stop = index % 7 == 0 ? #", "stop": \#(index + 1)"# : ""
            return #"{"name": "출품작 \#(index) \"따옴표\"", "image_name": "item-\#(index)", "short_desc": "작가 \#(index % 13)", "#
                + #""desc": "첫 문단.\n\n둘째 \#(index).", "maker": "A maker whose name is long enough to recur \#(index % 5)", "#
                + #""fields": [{"label": "Accession number", "value": "A\#(index)"}]\#(stop)\#(extra)}"#
        }
    }

    private struct Read {
        var items: StreamedItems
        var reader: FieldReader
    }

    private func read(_ path: String, cache: CatalogRunCache?, keepsNotes: Bool = false) throws -> Read {
        var reader = FieldReader(file: "items.json")
        reader.keepsNotes = keepsNotes
        let items = try #require(StreamedItems.read(path: path, displayPath: "items.json", floors: .none, cache: cache, reader: &reader))
        return Read(items: items, reader: reader)
    }

    private static func write(_ entries: [String], to path: String) throws {
        try Data(("[\n" + entries.joined(separator: ",\n") + "\n]\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A catalog folder holding `entries` as its items file, and a cache inside it; the
    /// folder is removed when the fixture goes.
    private struct Fixture {
        let folder: TemporaryCatalog
        let path: String
        let cache: CatalogRunCache

        init(_ entries: [String]) throws {
            folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition])
            path = folder.url.appendingPathComponent("items.json").path
            try CatalogRunCacheTests.write(entries, to: path)
            cache = CatalogRunCache(folder: folder.url.appendingPathComponent("cache"))
        }
    }

    private func expectSame(_ read: Read, as parsed: Read) {
        #expect(read.items.exhibits == parsed.items.exhibits)
        #expect(read.items.shapes == parsed.items.shapes)
        #expect(read.items.indexByID == parsed.items.indexByID)
        #expect(read.items.digest == parsed.items.digest)
        #expect(read.items.duplicateKeys == parsed.items.duplicateKeys)
        #expect(read.reader.diagnostics == parsed.reader.diagnostics)
        #expect(read.reader.entriesWithProblems == parsed.reader.entriesWithProblems)
        #expect(read.reader.problemCount == parsed.reader.problemCount)
        #expect(read.reader.publishingNotes == parsed.reader.publishingNotes)
    }

    @Test func anUnchangedFileIsReadBackAndAnEditRebuildsOnlyItsRun() throws {
        let fixture = try Fixture(Self.entries())
        let parsed = try read(fixture.path, cache: nil)
        let first = try read(fixture.path, cache: fixture.cache)
        #expect(first.items.runsKept == 0)
        expectSame(first, as: parsed)
        let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.cache.folder.path)
        #expect(kept.count == 64)
        #expect(!kept.contains { $0.hasSuffix(".part") })

        let again = try read(fixture.path, cache: fixture.cache)
        #expect(again.items.runsKept == 64)
        expectSame(again, as: parsed)
        // Exhibits read back decode to every text, the recurring ones too.
        #expect(again.items.exhibits[5_999].facts.maker == "A maker whose name is long enough to recur 4")
        #expect(again.items.exhibits[7].stop == parsed.items.exhibits[7].stop)

        // One entry changed: its run is parsed again, and only it.
        var edited = Self.entries()
        edited[3_000] = edited[3_000].replacingOccurrences(of: "출품작 3000", with: "고친 이름")
        try Self.write(edited, to: fixture.path)
        let afterEdit = try read(fixture.path, cache: fixture.cache)
        #expect(afterEdit.items.runsKept == 63)
        expectSame(afterEdit, as: try read(fixture.path, cache: nil))
        #expect(afterEdit.items.exhibits[3_000].name.hasPrefix("고친 이름"))
    }

    /// As `validate` reads it: every packed exhibit gets a note on its image's alt text,
    /// which a run read back makes again, at the entry or at its `images`.
    @Test func notesOnAltTextAreMadeAgainForARunReadBack() throws {
        let fixture = try Fixture(Self.entries())
        let parsed = try read(fixture.path, cache: nil, keepsNotes: true)
        #expect(parsed.reader.publishingNotes.count == RepeatedDiagnostics.shown)
        #expect(parsed.reader.publishingNotes.contains { $0.place == "[5].images" })
        _ = try read(fixture.path, cache: fixture.cache, keepsNotes: true)
        let again = try read(fixture.path, cache: fixture.cache, keepsNotes: true)
        #expect(again.items.runsKept == 64)
        expectSame(again, as: parsed)
        // Kept apart from the runs read without notes, which make none.
        let withoutNotes = try read(fixture.path, cache: fixture.cache)
        #expect(withoutNotes.items.runsKept == 0)
        #expect(withoutNotes.reader.publishingNotes.isEmpty)
    }

    @Test func aRunWithAFindingIsNotKeptAndSaysItAgain() throws {
        let fixture = try Fixture(Self.entries(problem: 10))
        let first = try read(fixture.path, cache: fixture.cache)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.cache.folder.path).count == 63)
        let again = try read(fixture.path, cache: fixture.cache)
        #expect(again.items.runsKept == 63)
        expectSame(again, as: first)
        #expect(again.reader.problemCount == 1)
        #expect(again.reader.entriesWithProblems == [10])
    }

    @Test func aDamagedOrForeignKeptFileIsReadAgain() throws {
        let fixture = try Fixture(Self.entries())
        let parsed = try read(fixture.path, cache: fixture.cache)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.cache.folder.path).sorted()
        func file(_ index: Int) -> URL { fixture.cache.folder.appendingPathComponent(names[index]) }
        // Five damaged: cut short, emptied, one byte flipped in a record, another run's file
        // (the fifth's, left as it is) in its place, and noise. Each is refused, its run
        // parsed again, and the result is the same.
        let whole = try Data(contentsOf: file(0))
        try whole.prefix(whole.count - 3).write(to: file(0))
        try Data().write(to: file(1))
        var flipped = [UInt8](try Data(contentsOf: file(2)))
        flipped[flipped.count / 2] ^= 0xFF
        try Data(flipped).write(to: file(2))
        try Data(contentsOf: file(4)).write(to: file(3))
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255) }).write(to: file(5))
        let again = try read(fixture.path, cache: fixture.cache)
        expectSame(again, as: parsed)
        #expect(again.items.runsKept == 64 - 5)
    }

    /// A file made by hand under a run's name, well formed but holding ids no clean run
    /// has (one that climbs out of a folder): refused, and the run parsed.
    @Test func aKeptRunWithAnUnsafeIDIsRefused() throws {
        let fixture = try Fixture(Self.entries())
        let parsed = try read(fixture.path, cache: fixture.cache)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.cache.folder.path).first)
        let count = try #require((1...200).first { fixture.cache.read(name, count: $0) != nil })
        let forged = PackedExhibits((0..<count).map { Exhibit(id: "../forged-\($0)", stop: $0, name: "forged", shortDescription: "", description: "") })
        fixture.cache.write(name, CatalogRunCache.Entry(packed: forged, givesStop: Array(repeating: false, count: count),
                                                givesImages: Array(repeating: false, count: count)))
        #expect(fixture.cache.read(name, count: count)?.packed.id(at: 0) == "../forged-0")
        let again = try read(fixture.path, cache: fixture.cache)
        #expect(again.items.runsKept == 63)
        expectSame(again, as: parsed)
    }

    @Test func theKeyChangesWithWhatDecodingDependsOn() {
        let setting = CatalogRunCache.Setting(keepsNotes: false, floors: .none)
        let key = CatalogRunCache.key(digest: 7, byteCount: 100, first: 0, count: 10, setting: setting)
        #expect(key == CatalogRunCache.key(digest: 7, byteCount: 100, first: 0, count: 10, setting: setting))
        #expect(key != CatalogRunCache.key(digest: 8, byteCount: 100, first: 0, count: 10, setting: setting))
        #expect(key != CatalogRunCache.key(digest: 7, byteCount: 101, first: 0, count: 10, setting: setting))
        #expect(key != CatalogRunCache.key(digest: 7, byteCount: 100, first: 10, count: 10, setting: setting))
        #expect(key != CatalogRunCache.key(digest: 7, byteCount: 100, first: 0, count: 10,
                                           setting: CatalogRunCache.Setting(keepsNotes: true, floors: .none)))
        #expect(key != CatalogRunCache.key(digest: 7, byteCount: 100, first: 0, count: 10,
                                           setting: CatalogRunCache.Setting(keepsNotes: false, floors: .init(ids: ["1"], file: "floors.json"))))
    }

    @Test func aCatalogLoadsTheSameWithItsRunsReadBack() throws {
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition])
        try Self.write(Self.entries(), to: folder.url.appendingPathComponent("items.json").path)
        // As a server loads it: without publishing notes.
        var plainOptions = CatalogLoader.Options(pdfConverter: nil)
        plainOptions.itemsStreamedFrom = 0
        var options = plainOptions
        options.runCache = folder.url.appendingPathComponent("cache")
        let first = try CatalogLoader.load(at: folder.url, options: options)
        let again = try CatalogLoader.load(at: folder.url, options: options)
        let plain = try CatalogLoader.load(at: folder.url, options: plainOptions)
        #expect(try FileManager.default.contentsOfDirectory(atPath: options.runCache!.path).count == 64)
        for catalog in [first, again] {
            #expect(catalog.primary.exhibits == plain.primary.exhibits)
            #expect(catalog.diagnostics == plain.diagnostics)
            #expect(catalog.fingerprint == plain.fingerprint)
        }
    }
}
