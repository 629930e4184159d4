import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// `serve --watch` reads an edit to a few exhibits on its own: the catalog it makes must be
/// the one a whole load makes, and any edit of another kind must be left to a whole load.
@Suite struct WatchedLoadTests {
    private static let count = 60

    private static func entries(_ language: String, name: (Int) -> String = { "\($0)" }) -> String {
        let word = language == "ko" ? "출품작" : "Exhibit"
        let entries = (1...count).map { index in
            #"{"name": "\#(word) \#(name(index))", "image_name": "item-\#(index)", "short_desc": "\#(word) \#(index)", "desc": "\#(word) \#(index)."}"#
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    private func catalog() throws -> TemporaryCatalog {
        try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.json": Self.entries("ko"),
            "items.en.json": Self.entries("en"),
        ])
    }

    private func text(_ folder: TemporaryCatalog, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }

    private func expectSameAsAWholeLoad(_ reloaded: WatchedLoad, _ folder: TemporaryCatalog) throws {
        let whole = try CatalogLoader.load(at: folder.url)
        #expect(reloaded.catalog.primary == whole.primary)
        #expect(reloaded.catalog.translations == whole.translations)
        #expect(reloaded.catalog.diagnostics == whole.diagnostics)
    }

    @Test func anEditToOneExhibitsTextIsReadOnItsOwn() throws {
        let folder = try catalog()
        let first = try WatchedLoad.load(at: folder.url)
        try folder.write("items.json", try text(folder, "items.json").replacingOccurrences(of: "\"출품작 41\"", with: "\"고친 이름\""))
        let reloaded = try #require(first.reloaded(), "the edit is read entry by entry")
        #expect(reloaded.catalog.primary.exhibits[40].name == "고친 이름")
        #expect(reloaded.catalog.fingerprint != first.catalog.fingerprint)
        try expectSameAsAWholeLoad(reloaded, folder)

        // The next edit, to the translation, is read against the state of the first.
        try folder.write("items.en.json", try text(folder, "items.en.json").replacingOccurrences(of: "\"Exhibit 50\"", with: "\"A better name\""))
        let again = try #require(reloaded.reloaded())
        #expect(again.catalog.translations[0].exhibits[49].name == "A better name")
        #expect(again.catalog.primary.exhibits[40].name == "고친 이름")
        try expectSameAsAWholeLoad(again, folder)
    }

    @Test func aPrimaryEditReadsTheTranslationOfThatExhibitAgain() throws {
        let folder = try catalog()
        try folder.write("items.en.json", Self.entries("en").replacingOccurrences(of: #""short_desc": "Exhibit 30", "#, with: ""))
        let first = try WatchedLoad.load(at: folder.url)
        // Entry 30's English lacks a text, so its edit is a whole load; entry 31's is not.
        try folder.write("items.json", try text(folder, "items.json").replacingOccurrences(of: "\"desc\": \"출품작 31.\"", with: "\"desc\": \"새 설명.\""))
        let reloaded = try #require(first.reloaded())
        try expectSameAsAWholeLoad(reloaded, folder)
        try folder.write("items.json", try text(folder, "items.json").replacingOccurrences(of: "\"desc\": \"출품작 30.\"", with: "\"desc\": \"다른 설명.\""))
        #expect(reloaded.reloaded() == nil, "the English entry of item-30 had a warning")
    }

    @Test(arguments: [
        ("an entry added", "items.json", "\n]\n", ",\n{\"name\": \"새 출품작\", \"image_name\": \"item-new\"}\n]\n"),
        ("an id changed", "items.json", "\"item-45\"", "\"item-forty-five\""),
        ("an image added", "items.json", "\"desc\": \"출품작 45.\"", "\"desc\": \"출품작 45.\", \"images\": [{\"name\": \"item-45\"}, {\"name\": \"other\"}]"),
        ("an unknown key", "items.json", "\"desc\": \"출품작 45.\"", "\"desc\": \"출품작 45.\", \"colour\": \"red\""),
        ("a wrong type", "items.json", "\"desc\": \"출품작 45.\"", "\"desc\": 45"),
        ("an entry the language is told from", "items.json", "\"출품작 3\"", "\"출품작 셋\""),
        ("a translation's id changed", "items.en.json", "\"item-45\"", "\"item-046\""),
        ("the exposition", "exposition_universelle_1900.json", "1900", "1901"),
        ("malformed JSON", "items.json", "\"출품작 45\"", "\"출품작 45"),
    ])
    func anEditOfAnotherKindIsLeftToAWholeLoad(_ what: String, _ file: String, _ old: String, _ new: String) throws {
        let folder = try catalog()
        let first = try WatchedLoad.load(at: folder.url)
        let content = try text(folder, file)
        #expect(content.contains(old), "the fixture has \(old)")
        try folder.write(file, content.replacingOccurrences(of: old, with: new))
        #expect(first.reloaded() == nil, "\(what) is read whole")
    }

    @Test func aNewImageFileIsLeftToAWholeLoad() throws {
        let folder = try catalog()
        let first = try WatchedLoad.load(at: folder.url)
        try folder.write("item-3.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>"#)
        try folder.write("items.json", try text(folder, "items.json").replacingOccurrences(of: "\"출품작 41\"", with: "\"고친 이름\""))
        #expect(first.reloaded() == nil)
    }

    @Test func theEntriesOfAListAreFoundWithoutParsingIt() throws {
        let text = #" [ {"a": "x, ]}\"y"} , 12,"s\\" ,[1,[2]], null ] "#
        let bytes = Array(text.utf8)
        let scan = try #require(JSONElementScan(bytes))
        #expect(scan.starts.count == 5)
        #expect((0..<5).map { String(decoding: scan.entry($0, in: bytes), as: UTF8.self) }
                == [#"{"a": "x, ]}\"y"}"#, "12", #""s\\""#, "[1,[2]]", "null"])
        // Long texts are skipped eight bytes at a step: an escaped quote or backslash anywhere in them counts.
        let long = #"["0123456789\"abcdefghijklmnop\\", "가나다라마바사아자차카타파하\"]\\", 3]"#
        let longScan = try #require(JSONElementScan(Array(long.utf8)))
        #expect((0..<3).map { String(decoding: longScan.entry($0, in: Array(long.utf8)), as: UTF8.self) }
                == [#""0123456789\"abcdefghijklmnop\\""#, #""가나다라마바사아자차카타파하\"]\\""#, "3"])
        #expect(JSONElementScan(Array(#"[1, "open]"#.utf8)) == nil)
        #expect(JSONElementScan(Array(#"{"a": 1}"#.utf8)) == nil)
        #expect(JSONElementScan(Array("[1] 2".utf8)) == nil)
    }

    @Test func aFileReadInChunksIsScannedAsWhole() throws {
        let folder = try TemporaryCatalog()
        // A byte-order mark, escapes and multi-byte letters falling on every chunk boundary.
        let text = "\u{FEFF}[\n" + (1...40).map { #"  {"name": "출품작 \"\#($0)\"\\", "n": [\#($0), {"a": "]"}]}"# }.joined(separator: ",\n") + "\n]\n"
        try folder.write("list.json", text)
        let whole = try #require(JSONElementScan(Array(text.utf8)))
        #expect(whole.starts.count == 40)
        for size in [1, 2, 3, 7, 8, 9, 64, 1 << 20] {
            let chunked = try #require(JSONElementScan(file: folder.url.appendingPathComponent("list.json").path, chunkSize: size), "chunks of \(size)")
            #expect(chunked == whole, "chunks of \(size)")
        }
        try folder.write("broken.json", String(text.dropLast(3)))
        #expect(JSONElementScan(file: folder.url.appendingPathComponent("broken.json").path, chunkSize: 5) == nil)
        #expect(JSONElementScan(file: folder.url.appendingPathComponent("missing.json").path) == nil)
    }
}
