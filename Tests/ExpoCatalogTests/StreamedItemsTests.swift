import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A large items file is read a run of entries at a time (`StreamedItems`): everything a
/// load learns from it must be what parsing it whole gives, in the same order and places;
/// its part of the fingerprint is its own, but as stable and as sensitive.
@Suite struct StreamedItemsTests {
    /// 6,000 entries with every kind of problem: keys given twice, ids shared and unsafe,
    /// entries that are no object, shared stops, unknown keys, Korean text and escapes.
    /// `errors`: false leaves out the ids that stop a catalog loading (shared and unsafe).
    static func entries(_ count: Int = 6_000, errors: Bool = true) -> [String] {
        (0..<count).map { index in
            switch errors || !(3...4).contains(index % 101) ? index % 101 : 7 {
            case 0: #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "name": "다시", "colour": "red"}"#
            case 1: #"{"name": 7, "image_name": "item-\#(index)", "desc": null, "stop": 3}"#
            case 2: #""not an exhibit""#
            case 3: #"{"name": "같은 id", "image_name": "item-\#(index - 3)"}"#
            case 4: #"{"name": "출품작", "image_name": "bad id \#(index)", "unknown_\#(index % 3)": 1}"#
            case 5: #"{"name": "사진 \"따옴표\" \u00e9", "image_name": "item-\#(index)", "images": [{"name": "item-\#(index)", "alt": "x", "alt": "y"}]}"#
            case 6: #"{"name": "stop", "image_name": "item-\#(index)", "stop": 5}"#
            default: #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "short_desc": "설명", "desc": "첫 문단.\n\n둘째."}"#
            }
        }
    }

    /// The same entries written as people and programs write them.
    enum Layout: String, CaseIterable {
        case oneLine, onePerLine, indentedWithByteOrderMark

        func text(_ entries: [String]) -> String {
            switch self {
            case .oneLine: "[" + entries.joined(separator: ",") + "]"
            case .onePerLine: "[\n" + entries.joined(separator: ",\n") + "\n]\n"
            case .indentedWithByteOrderMark: "\u{FEFF}[\r\n    " + entries.joined(separator: " ,\r\n\t") + "\r\n  ]  "
            }
        }
    }

    private func file(_ text: String) throws -> (folder: TemporaryCatalog, path: String) {
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": text])
        return (folder, folder.url.appendingPathComponent("items.json").path)
    }

    @Test(arguments: Layout.allCases)
    func readingInRunsFindsWhatParsingWholeFinds(layout: Layout) throws {
        let (folder, path) = try file(layout.text(Self.entries()))
        var whole = FieldReader(file: "items.json")
        var duplicates: [JSONDuplicateKey] = []
        let json = try JSONParser.parse(Array(try Data(contentsOf: folder.url.appendingPathComponent("items.json"))), duplicates: &duplicates)
        let exhibits = ExhibitDecoder.decode(json, reader: &whole)
        var streamed = FieldReader(file: "items.json")
        let items = try #require(StreamedItems.read(path: path, displayPath: "items.json", floors: .none, reader: &streamed))
        #expect(items.exhibits == exhibits)
        #expect(streamed.diagnostics == whole.diagnostics)
        #expect(streamed.publishingNotes == whole.publishingNotes)
        #expect(streamed.entriesWithProblems == whole.entriesWithProblems)
        #expect(items.duplicateKeys == duplicates.map { JSONFile.duplicateKeyWarning($0, file: "items.json") })
        guard case let .array(list) = json else { Issue.record("not a list"); return }
        #expect(items.shapes == list.map(StopNumbers.EntryShape.init))
        #expect(items.indexByID == JSONFile.entryIndexes(.success(json)))
        // A server's reader makes no notes, and finds everything else the same.
        var serving = FieldReader(file: "items.json")
        serving.keepsNotes = false
        let served = try #require(StreamedItems.read(path: path, displayPath: "items.json", floors: .none, reader: &serving))
        #expect(served.exhibits == exhibits)
        #expect(serving.diagnostics == whole.diagnostics)
        #expect(serving.entriesWithProblems == whole.entriesWithProblems)
        #expect(serving.publishingNotes.isEmpty)
        #expect(whole.publishingNotes.contains { $0.message.contains("has no alt text") })
        // The fixture holds what it is meant to.
        #expect(duplicates.count > 100)
        let messages = whole.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("ids must be unique") })
        #expect(messages.contains { $0.contains("is not a safe id") })
        #expect(messages.contains { $0.contains("expected an object") })
    }

    @Test func aCatalogLoadsTheSameReadInRunsOrWhole() throws {
        let (folder, _) = try file(Layout.onePerLine.text(Self.entries(errors: false)))
        var inRuns = CatalogLoader.Options(pdfConverter: nil, publishingCheck: true)
        inRuns.itemsStreamedFrom = 0
        let whole = try CatalogLoader.load(at: folder.url, options: CatalogLoader.Options(pdfConverter: nil, publishingCheck: true))
        let streamed = try CatalogLoader.load(at: folder.url, options: inRuns)
        #expect(streamed.primary.exhibits == whole.primary.exhibits)
        // Its own fingerprint, the same at each load, another when one text changes.
        #expect(try CatalogLoader.load(at: folder.url, options: inRuns).fingerprint == streamed.fingerprint)
        var changed = Self.entries(errors: false)
        changed[4_321] = changed[4_321].replacingOccurrences(of: "출품작", with: "출픔작")
        try Layout.onePerLine.text(changed).write(to: folder.url.appendingPathComponent("items.json"), atomically: true, encoding: .utf8)
        #expect(try CatalogLoader.load(at: folder.url, options: inRuns).fingerprint != streamed.fingerprint)
        #expect(Set(streamed.diagnostics.map(\.description)) == Set(whole.diagnostics.map(\.description)))
        #expect(streamed.publishingNotes.map(\.description) == whole.publishingNotes.map(\.description))
        #expect(whole.diagnostics.contains { $0.message.contains("is also the stop of") })
        #expect(whole.diagnostics.contains { $0.message.hasPrefix("duplicate key") })
    }

    @Test func aSyntaxErrorDeepInTheFileIsNamedAtTheSameLineAndColumn() throws {
        var entries = Self.entries()
        entries[5_500] = #"{"name": "출품작" 5500, "image_name": "item-5500"}"#
        let (folder, path) = try file(Layout.onePerLine.text(entries))
        var reader = FieldReader(file: "items.json")
        #expect(StreamedItems.read(path: path, displayPath: "items.json", floors: .none, reader: &reader) == nil)
        #expect(reader.diagnostics.isEmpty)
        var inRuns = CatalogLoader.Options(pdfConverter: nil)
        inRuns.itemsStreamedFrom = 0
        #expect(throws: CatalogError.self) { try CatalogLoader.load(at: folder.url, options: inRuns) }
        do {
            _ = try CatalogLoader.load(at: folder.url, options: inRuns)
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "items.json:5502:16: malformed JSON: unexpected '5', expected ',' or '}'",
            ])
        }
    }

    @Test func aShortListIsParsedWhole() throws {
        let (_, path) = try file(Layout.oneLine.text(Self.entries(StreamedItems.minimumCount - 1)))
        var reader = FieldReader(file: "items.json")
        #expect(StreamedItems.read(path: path, displayPath: "items.json", floors: .none, reader: &reader) == nil)
    }

    /// A translation's items file as large as a streamed one is parsed when its turn comes
    /// and let go after: the catalog, its messages and its fingerprint's sensitivity are
    /// those of parsing it with the others up front.
    @Test func aLargeTranslationParsedInItsTurnFindsWhatParsingItFirstFinds() throws {
        let (folder, _) = try file(Layout.onePerLine.text(Self.entries(errors: false)))
        // Every other exhibit in English; a key given twice, an id the catalog lacks, an entry that is no object.
        var english = stride(from: 0, to: 6_000, by: 2).map { #"{"image_name": "item-\#($0)", "name": "Exhibit \#($0)"}"# }
        english[10] = #"{"image_name": "item-20", "name": "Twice", "name": "Again"}"#
        english.append(#"{"image_name": "nowhere", "name": "Lost"}"#)
        english.append(#""no object""#)
        let translation = folder.url.appendingPathComponent("items.en.json")
        try Layout.onePerLine.text(english).write(to: translation, atomically: true, encoding: .utf8)
        var inTurn = CatalogLoader.Options(pdfConverter: nil, publishingCheck: true)
        inTurn.itemsStreamedFrom = 0
        var first = CatalogLoader.Options(pdfConverter: nil, publishingCheck: true)
        first.itemsStreamedFrom = .max
        let deferred = try CatalogLoader.load(at: folder.url, options: inTurn)
        let whole = try CatalogLoader.load(at: folder.url, options: first)
        #expect(deferred.translations.map(\.exhibits) == whole.translations.map(\.exhibits))
        #expect(deferred.translations.map(\.untranslated) == whole.translations.map(\.untranslated))
        #expect(deferred.translations.first?.exhibits.first { $0.id == "item-20" }?.name == "Twice", "the first of a key given twice, as parsing whole keeps it")
        #expect(deferred.translations.first?.exhibits.first { $0.id == "item-22" }?.name == "Exhibit 22")
        #expect(Set(deferred.diagnostics.map(\.description)) == Set(whole.diagnostics.map(\.description)))
        #expect(deferred.publishingNotes.map(\.description) == whole.publishingNotes.map(\.description))
        let messages = deferred.diagnostics.map(\.description)
        #expect(messages.contains { $0.hasPrefix("items.en.json") && $0.contains("duplicate key") }, "\(messages.prefix(20))")
        #expect(messages.filter { $0.hasPrefix("items.en.json") && $0.contains("duplicate key") }.count
                == whole.diagnostics.filter { $0.description.hasPrefix("items.en.json") && $0.description.contains("duplicate key") }.count)
        // The translation's part of the fingerprint is known once it has been read.
        #expect(try CatalogLoader.load(at: folder.url, options: inTurn).fingerprint == deferred.fingerprint)
        english[0] = #"{"image_name": "item-0", "name": "Exhibit zero"}"#
        try Layout.onePerLine.text(english).write(to: translation, atomically: true, encoding: .utf8)
        #expect(try CatalogLoader.load(at: folder.url, options: inTurn).fingerprint != deferred.fingerprint)
    }
}
