import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// The studio reads an exhibit's entry as its file holds it, reads a changed entry as a
/// load would, and writes the change into that entry's bytes and nowhere else.
@Suite struct CatalogEditingTests {
    private static let english = """
        [
          {"name": "Jikji", "image_name": "jikji", "short_desc": "A book printed with metal type", "desc": "First."}
        ]
        """

    private func folder() throws -> TemporaryCatalog {
        try TemporaryCatalog.seed(extra: ["items.en.json": Self.english])
    }

    private func bytes(_ folder: TemporaryCatalog, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.url.appendingPathComponent(name)))
    }

    @Test func anEntryIsReadAsItsFileHoldsIt() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        #expect(load.isEditable)
        let entry = try #require(load.entry(exhibit: "haegeum", language: .korean))
        #expect(entry.file == "items.json")
        #expect(String(decoding: entry.bytes, as: UTF8.self).hasPrefix("{\n\t\t\"name\":\"해금\""))
        #expect(entry.text(.entry("short_desc")) == "두 줄 현악기")
        // A translation without the exhibit offers an entry naming only its id.
        let missing = try #require(load.entry(exhibit: "haegeum", language: .english))
        #expect(!missing.exists)
        #expect(load.entry(exhibit: "nothing", language: .korean) == nil)
    }

    @Test func aWrittenChangeTouchesOnlyItsEntryAndReadsAsAWholeLoadReadsIt() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let before = try bytes(folder, "items.json")
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        let changed = try #require(EntryField.entry("short_desc").setting("금속활자로 찍은 \"가장 오래된\" 책", in: entry.bytes))
        let written = load.write([EntryChange(exhibit: "jikji", language: .korean, bytes: changed, version: entry.version)])
        #expect(try written.get() == ["items.json"])
        let after = try bytes(folder, "items.json")
        // Everything but the one value is byte for byte as it was: the tabs, the key order, the other entry.
        let old = String(decoding: before, as: UTF8.self), new = String(decoding: after, as: UTF8.self)
        #expect(new == old.replacingOccurrences(of: #""short_desc":"금속활자로 찍은 책""#, with: #""short_desc":"금속활자로 찍은 \"가장 오래된\" 책""#))
        // (The first entries tell the language, so their change is read by a whole load.)
        let reloaded = try load.reloaded() ?? WatchedLoad.load(at: folder.url)
        #expect(reloaded.catalog.primary.exhibits[0].shortDescription == "금속활자로 찍은 \"가장 오래된\" 책")
        #expect(reloaded.catalog.primary == (try folder.load()).primary)
    }

    @Test func aTranslationsNewEntryGoesAfterItsLast() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "haegeum", language: .english))
        let changed = try #require(EntryField.entry("name").setting("Haegeum", in: entry.bytes))
        _ = try load.write([EntryChange(exhibit: "haegeum", language: .english, bytes: changed, version: entry.version)]).get()
        let text = String(decoding: try bytes(folder, "items.en.json"), as: UTF8.self)
        #expect(text == Self.english.replacingOccurrences(of: "\"First.\"}\n]", with: """
            "First."},
              {
                "image_name": "haegeum",
                "name": "Haegeum"
              }
            ]
            """))
        #expect(try folder.load().translations[0].exhibits[1].name == "Haegeum")
    }

    @Test func anEntryChangedOnDiskIsNeverWrittenOver() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        try folder.write("items.json", TemporaryCatalog.seedItems.replacingOccurrences(of: "첫 문단.", with: "다른 사람이 고친 문단."))
        let changed = try #require(EntryField.entry("name").setting("직지", in: entry.bytes))
        let result = load.write([EntryChange(exhibit: "jikji", language: .korean, bytes: changed, version: entry.version)])
        #expect(result == .failure(.changedOnDisk(file: "items.json", exhibit: "jikji")))
        #expect(String(decoding: try bytes(folder, "items.json"), as: UTF8.self).contains("다른 사람이 고친 문단."))
        // The entry is no longer what the load read: it is not offered until the catalog is read again.
        #expect(load.entry(exhibit: "jikji", language: .korean) == nil)
    }

    @Test func aLinkInPlaceOfTheFileIsNotWrittenThrough() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        let real = folder.url.appendingPathComponent("real-items.json")
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("items.json"), to: real)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("items.json").path, withDestinationPath: real.path)
        let result = load.write([EntryChange(exhibit: "jikji", language: .korean, bytes: entry.bytes, version: entry.version)])
        guard case .failure(.unusable(file: "items.json", _)) = result else {
            Issue.record("wrote through a link: \(result)")
            return
        }
    }

    @Test func aChangedEntryIsReadAsALoadReadsItWithItsMessagesAtItsFields() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        var bytes = try #require(EntryField.entry("name").setting("", in: entry.bytes))
        bytes = try #require(EntryField.stop.setting("2", in: bytes))
        bytes = try #require(EntryField.entry("desc").setting("<script>alert(1)</script>\u{1B}[31m", in: bytes))
        let (catalog, problems) = load.catalog(with: [EntryChange(exhibit: "jikji", language: .korean, bytes: bytes, version: entry.version)])
        #expect(catalog.primary.exhibits[0].description == "<script>alert(1)</script>[31m")
        #expect(catalog.fingerprint != load.catalog.fingerprint)
        #expect(problems.contains { $0.field == .entry("name") })
        #expect(problems.contains { $0.field == .stop && $0.diagnostic.message.contains("also the stop of items.json[1]") })
        #expect(problems.contains { $0.field == .entry("desc") && $0.diagnostic.message.contains("control character") })
        // The English text that falls back to the Korean one follows it.
        #expect(catalog.translations[0].exhibits[1].shortDescription == catalog.primary.exhibits[1].shortDescription)
    }

    @Test func fieldsAreNamedAsColumnsAndFoundFromAMessagesPlace() throws {
        #expect(EntryField(name: "images.jikji-type.alt") == .image("jikji-type", "alt"))
        #expect(EntryField(name: "fields.2.value") == .fact(2, "value"))
        #expect(EntryField(name: "images.../etc.alt") == nil)
        #expect(EntryField(name: "image_name") == nil)
        #expect(EntryField(name: "fields.02.value") == nil)
        let entry: JSONValue = .object([("images", .array([.object([("name", .string("a"))]), .object([("name", .string("b"))])]))])
        #expect(EntryField.at(place: "[4].images[1].caption", in: entry) == .image("b", "caption"))
        #expect(EntryField.at(place: "[4].fields[0].label", in: entry) == .fact(1, "label"))
        #expect(EntryField.at(place: "[4].desc", in: entry) == .entry("desc"))
        #expect(EntryField.at(place: "[4]", in: entry) == nil)
    }

    @Test func aTranscriptWrittenInTheEntryIsReadAsItsNewTextAndOneInAFileKeepsItsFile() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: #""desc":"활로 켜는 악기.""#,
                                                                    with: #""desc":"활로 켜는 악기.","transcript":"해금 소리를 들어 보세요.""#)
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let load = try WatchedLoad.load(at: folder.url)
        let entry = try #require(load.entry(exhibit: "haegeum", language: .korean))
        #expect(entry.text(.transcript) == "해금 소리를 들어 보세요.")
        let bytes = try #require(EntryField.transcript.setting("두 줄을 활로 켭니다.\n\n소리가 사람의 목소리를 닮았습니다.", in: entry.bytes))
        let (catalog, problems) = load.catalog(with: [EntryChange(exhibit: "haegeum", language: .korean, bytes: bytes, version: entry.version)])
        #expect(!problems.contains { $0.field == .transcript || $0.diagnostic.severity == .error }, "\(problems.map(\.diagnostic))")
        #expect(catalog.primary.exhibits[1].transcript == Transcript(text: "두 줄을 활로 켭니다.\n\n소리가 사람의 목소리를 닮았습니다."))
        #expect(EntryField.fields(images: [], facts: 0, narrated: true).contains(.transcript))
        #expect(!EntryField.fields(images: [], facts: 0).contains(.transcript))
        // A transcript in the entry gets a large box by its length; a file's name is one line.
        #expect(EntryField(name: "transcript") == .transcript && !EntryField.transcript.isLong && EntryField.transcriptText.isLong)
    }
}

/// A transcript kept in a file of its own is read and written whole, in its own line ends.
@Suite struct TranscriptFileEditingTests {
    @Test func aFileWrittenWithCRLFKeepsThemAndAChangedOneIsRefused() throws {
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: #""desc":"활로 켜는 악기.""#,
                                                                    with: #""desc":"활로 켜는 악기.","transcript":"haegeum.vtt""#)
        let vtt = "WEBVTT\r\n\r\n00:00.000 --> 00:02.000\r\n활을 켭니다.\r\n"
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items, "haegeum.vtt": vtt])
        let load = try WatchedLoad.load(at: folder.url)
        let file = try #require(load.transcriptFile(exhibit: "haegeum", language: .korean))
        #expect(file.file == "haegeum.vtt" && file.text == vtt.replacingOccurrences(of: "\r\n", with: "\n"))
        let text = file.text + "\n00:02.000 --> 00:03.000\n소리가 납니다.\n"
        let change = TranscriptChange(exhibit: "haegeum", language: .korean, file: file.file, text: text, version: file.version)
        let (catalog, problems) = load.catalog(with: [], transcripts: [change])
        #expect(problems.isEmpty && catalog.primary.exhibits[1].transcript?.cues.count == 2)
        #expect(catalog.webVTTFiles["haegeum.vtt"] == text)
        #expect(try load.write([], transcripts: [change]).get() == ["haegeum.vtt"])
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("haegeum.vtt")) == Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        // Made from the file as it was: written again, it finds the file changed.
        #expect(throws: EntryWriteError.self) { try load.write([], transcripts: [change]).get() }
    }
}
