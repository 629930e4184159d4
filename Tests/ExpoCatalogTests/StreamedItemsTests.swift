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

    /// A load that reads every items file in runs it can, and one that parses them all whole.
    static let readingInRuns = options(streamedFrom: 0)
    static let parsingWhole = options(streamedFrom: .max)

    private static func options(streamedFrom size: Int) -> CatalogLoader.Options {
        var options = CatalogLoader.Options(pdfConverter: nil, publishingCheck: true)
        options.itemsStreamedFrom = size
        return options
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
        let (inTurn, first) = (Self.readingInRuns, Self.parsingWhole)
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

    /// A translation of 6,000 exhibits in their order, with every kind of problem: exhibits
    /// without an entry, an id given twice or unknown, entries that are no object or have no
    /// id, a key given twice, an unknown key, a text missing.
    static func translationEntries() -> [String] {
        var english: [String] = []
        for index in 0..<6_000 where index % 7 != 3 {
            switch index % 101 {
            case 0: english.append(#"{"image_name": "item-\#(index)", "name": "Exhibit \#(index)", "name": "Again", "colour": "red"}"#)
            case 1: english.append(#"{"image_name": "item-\#(index)", "short_desc": "Only a short one"}"#)
            case 2: english.append(#""not an exhibit""#)
            case 5: english.append(#"{"name": "No id"}"#)
            case 6: english.append(#"{"image_name": "elsewhere-\#(index)", "name": "Lost"}"#)
            case 8: english.append(#"{"image_name": "item-\#(index - 7)", "name": "Twice"}"#)
            default: english.append(#"{"image_name": "item-\#(index)", "name": "Exhibit \#(index)", "short_desc": "About it", "desc": "Two.\n\nParts."}"#)
            }
        }
        return english
    }

    /// Read in runs, a translation in the exhibits' order finds what translating it parsed
    /// whole finds, in the same order: the exhibits, every message and its place, the
    /// untranslated texts and each entry's index.
    @Test(arguments: Layout.allCases)
    func aTranslationReadInRunsFindsWhatTranslatingItWholeFinds(layout: Layout) throws {
        let (folder, _) = try file(Layout.oneLine.text(Self.entries(errors: false)))
        var primaryReader = FieldReader(file: "items.json")
        let primary = try #require(ExhibitDecoder.decode(try JSONParser.parse(Array(try Data(contentsOf: folder.url.appendingPathComponent("items.json")))),
                                                         reader: &primaryReader))
        let translation = folder.url.appendingPathComponent("items.en.json")
        try layout.text(Self.translationEntries()).write(to: translation, atomically: true, encoding: .utf8)
        let bytes = Array(try Data(contentsOf: translation))
        var duplicates: [JSONDuplicateKey] = []
        let json = try JSONParser.parse(bytes, duplicates: &duplicates)
        var whole = FieldReader(file: "items.en.json")
        var wholeUntranslated: Set<String> = ["exposition.title"]
        let translated = ExhibitDecoder.translate(json, from: primary, primaryLanguage: .korean, untranslated: &wholeUntranslated, reader: &whole)
        var streamed = FieldReader(file: "items.en.json")
        var streamedUntranslated: Set<String> = ["exposition.title"]
        let read = try #require(StreamedTranslation.read(path: translation.path, displayPath: "items.en.json", primary: primary, primaryLanguage: .korean,
                                                         untranslated: &streamedUntranslated, reader: &streamed))
        #expect(read.exhibits == translated)
        #expect(read.exhibits.packed == translated.count, "packed as it is read")
        #expect(streamed.diagnostics == whole.diagnostics)
        #expect(streamed.diagnostics.count > 1_000, "the problems were met: \(streamed.diagnostics.count)")
        #expect(streamed.diagnostics.contains { $0.message.contains("unknown key") || $0.message.contains("colour") })
        #expect(streamed.publishingNotes == whole.publishingNotes)
        #expect(streamed.entriesWithProblems == whole.entriesWithProblems)
        #expect(streamed.untranslated == whole.untranslated)
        #expect(streamed.entryIndexByID == whole.entryIndexByID)
        #expect(streamedUntranslated == wholeUntranslated)
        #expect(read.indexByID == JSONFile.entryIndexes(.success(json)))
        #expect(read.duplicateKeys == duplicates.map { JSONFile.duplicateKeyWarning($0, file: "items.en.json") })
        #expect(!read.duplicateKeys.isEmpty)
    }

    /// An entry for an exhibit already passed over cannot be put in its place without
    /// holding the exhibits decoded: such a file is left to be parsed whole, and nothing
    /// read of it is kept.
    @Test func aTranslationOutOfTheExhibitsOrderIsLeftToBeParsedWhole() throws {
        let (folder, _) = try file(Layout.oneLine.text(Self.entries(errors: false)))
        var primaryReader = FieldReader(file: "items.json")
        let primary = try #require(ExhibitDecoder.decode(try JSONParser.parse(Array(try Data(contentsOf: folder.url.appendingPathComponent("items.json")))),
                                                         reader: &primaryReader))
        var english = (0..<6_000).map { #"{"image_name": "item-\#($0)", "name": "Exhibit \#($0)"}"# }
        english.swapAt(100, 5_000)
        let translation = folder.url.appendingPathComponent("items.en.json")
        try Layout.onePerLine.text(english).write(to: translation, atomically: true, encoding: .utf8)
        var reader = FieldReader(file: "items.en.json")
        var untranslated: Set<String> = []
        #expect(StreamedTranslation.read(path: translation.path, displayPath: "items.en.json", primary: primary, primaryLanguage: .korean,
                                         untranslated: &untranslated, reader: &reader) == nil)
        #expect(reader.diagnostics.isEmpty && untranslated.isEmpty && reader.entriesWithProblems.isEmpty)
        // The load parses it whole: every exhibit in English, wherever its entry is.
        var options = CatalogLoader.Options(pdfConverter: nil)
        options.itemsStreamedFrom = 0
        let catalog = try CatalogLoader.load(at: folder.url, options: options)
        let translated = try #require(catalog.translations.first)
        #expect(translated.exhibits.first { $0.id == "item-100" }?.name == "Exhibit 100")
        #expect(translated.exhibits.first { $0.id == "item-5000" }?.name == "Exhibit 5000")
        #expect(translated.exhibits.filter { $0.name == "Exhibit \($0.id.dropFirst(5))" }.count == translated.exhibits.count)
        #expect(translated.exhibits.count == 5_940, "every exhibit of the 6,000 entries but the 60 that are no object")
    }

    /// Loaded with the rest of the catalog, a large translation read in runs gives the
    /// catalog, the messages in their order and the fingerprint's sensitivity of parsing
    /// it whole.
    @Test func aLargeTranslationReadInRunsLoadsAsParsingItWhole() throws {
        let (folder, _) = try file(Layout.onePerLine.text(Self.entries(errors: false)))
        let translation = folder.url.appendingPathComponent("items.en.json")
        var english = Self.translationEntries()
        try Layout.onePerLine.text(english).write(to: translation, atomically: true, encoding: .utf8)
        let (inRuns, first) = (Self.readingInRuns, Self.parsingWhole)
        let streamed = try CatalogLoader.load(at: folder.url, options: inRuns)
        let whole = try CatalogLoader.load(at: folder.url, options: first)
        #expect(streamed.translations.map(\.exhibits) == whole.translations.map(\.exhibits))
        #expect(streamed.translations.map(\.untranslated) == whole.translations.map(\.untranslated))
        #expect(streamed.translations.map(\.missingTranslations) == whole.translations.map(\.missingTranslations))
        let inEnglish = streamed.diagnostics.filter { $0.file == "items.en.json" }
        #expect(inEnglish == whole.diagnostics.filter { $0.file == "items.en.json" })
        #expect(inEnglish.contains { $0.message.contains("duplicate key") })
        #expect(streamed.translations.first?.exhibits.first { $0.id == "item-0" }?.name == "Exhibit 0", "the first of a key given twice")
        #expect(streamed.translations.first?.exhibits.first { $0.id == "item-3" }?.name == "출품작 3", "no entry: the Korean text")
        #expect(try CatalogLoader.load(at: folder.url, options: inRuns).fingerprint == streamed.fingerprint)
        // The store the loader opens reads this one in runs, not whole.
        var reader = FieldReader(file: "items.en.json")
        var untranslated: Set<String> = []
        let store = PrefetchedStore(CatalogFolder(url: folder.url), streamedFrom: 0)
        #expect(store.translateItems(dataFile: "items.en.json", primary: whole.primary.exhibits, primaryLanguage: .korean,
                                     untranslated: &untranslated, reader: &reader)?.exhibits == whole.translations.first?.exhibits)
        english[0] = #"{"image_name": "item-0", "name": "Exhibit zero"}"#
        try Layout.onePerLine.text(english).write(to: translation, atomically: true, encoding: .utf8)
        #expect(try CatalogLoader.load(at: folder.url, options: inRuns).fingerprint != streamed.fingerprint)
    }
}
