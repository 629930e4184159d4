import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// `audio` and `transcript` in a catalog: found beside the images, read, checked.
@Suite struct RecordingCatalogTests {
    static let vtt = "WEBVTT\n\n1\n00:00.000 --> 00:02.500\nFirst sentence.\n\n00:02.900 --> 00:05.000\n<v Narrator>Second</v> &amp; last.\n"

    static func items(_ extra: String) -> String {
        #"[{"name":"직지","image_name":"jikji","short_desc":"책","desc":"글."\#(extra)}]"#
    }

    static func catalog(_ extra: String, files: [String: String] = [:]) throws -> TemporaryCatalog {
        var all = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": items(extra),
                   "jikji.svg": TemporaryCatalog.tinySVG, "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG]
        all.merge(files) { $1 }
        return try TemporaryCatalog(all)
    }

    @Test func aRecordingAndItsWebVTTTranscriptAreFound() throws {
        let folder = try Self.catalog(#","audio":"jikji.ko.wav","transcript":"jikji.ko.vtt""#,
                                      files: ["jikji.ko.wav": "not read when loading", "jikji.ko.vtt": Self.vtt])
        let catalog = try CatalogLoader.load(at: folder.url)
        let exhibit = catalog.primary.exhibits[0]
        #expect(exhibit.audio == "jikji.ko.wav")
        #expect(catalog.recordings["jikji.ko.wav"]?.usedBy == ["jikji (ko)"])
        #expect(exhibit.transcript?.cues == [TranscriptCue(start: 0, end: 2.5, text: "First sentence."),
                                             TranscriptCue(start: 2.9, end: 5, text: "Second & last.")])
        #expect(catalog.webVTTFiles["jikji.ko.vtt"] == Self.vtt)
        #expect(catalog.diagnostics.isEmpty)
    }

    @Test func aMissingRecordingIsAWarningAtItsPlaceAndTheExhibitHasNone() throws {
        let folder = try Self.catalog(#","audio":"gone.wav","transcript":"Words.""#)
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.primary.exhibits[0].audio == nil)
        #expect(catalog.recordings.isEmpty)
        #expect(catalog.diagnostics.map(\.line) == ["warning: items.json[0].audio: gone.wav is not in the catalog's folder; the exhibit has no recording"])
    }

    @Test func aNameThatIsNoAudioFileIsAWarning() throws {
        let folder = try Self.catalog(#","audio":"../outside.wav""#)
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.primary.exhibits[0].audio == nil)
        #expect(catalog.diagnostics.count == 1)
        #expect(catalog.diagnostics.first?.location == "items.json[0].audio")
    }

    @Test func aRecordingWithoutATranscriptIsAWarningBeforePublishing() throws {
        let without = try Self.catalog(#","audio":"jikji.ko.wav""#, files: ["jikji.ko.wav": "x"])
        let notes = try CatalogLoader.load(at: without.url, options: .init(publishingCheck: true)).publishingNotes
        let note = try #require(notes.first { $0.place == "[0].transcript" })
        #expect(note.severity == .warning)
        #expect(note.message.contains("jikji.ko.wav has no transcript"))
        #expect(note.message.contains("deaf"))

        let with = try Self.catalog(#","audio":"jikji.ko.wav","transcript":"The words, written.""#, files: ["jikji.ko.wav": "x"])
        let none = try CatalogLoader.load(at: with.url, options: .init(publishingCheck: true)).publishingNotes
        #expect(!none.contains { $0.place.hasSuffix(".transcript") })
    }

    @Test func aWebVTTFileThatDoesNotParseIsAWarningWithItsLine() throws {
        let broken = "WEBVTT\n\n1\n00:00.000 -> 00:02.000\nWords.\n"
        let folder = try Self.catalog(#","audio":"jikji.ko.wav","transcript":"jikji.vtt""#,
                                      files: ["jikji.ko.wav": "x", "jikji.vtt": broken])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.primary.exhibits[0].transcript == nil)
        #expect(catalog.diagnostics.map(\.location) == ["jikji.vtt:4"])
        #expect(catalog.diagnostics.first?.message.contains("00:00.000 --> 00:05.000") == true)
    }

    @Test func theWebVTTReaderTakesHoursNotesAndSettings() throws {
        let text = "\u{FEFF}WEBVTT - narration\nKind: captions\n\nNOTE written by hand\n\n01:00:01.250 --> 01:00:03.000 align:start\n&lt;hello&gt;\n"
        #expect(try WebVTT.parse(text).get().cues == [TranscriptCue(start: 3601.25, end: 3603, text: "<hello>")])
        #expect(WebVTT.parse("WEBVTTX\n").failure?.line == 1)
        #expect(WebVTT.parse("Captions\n\n00:00.000 --> 00:01.000\nHi\n").failure?.line == 1)
        #expect(WebVTT.parse("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n\n00:05.000 --> 00:02.000\nBack\n").failure?.line == 6)
        #expect(WebVTT.parse("WEBVTT\n\n00:00.000 --> 00:61.000\nHi\n").failure?.line == 3)
        #expect(WebVTT.parse("WEBVTT\n\ncue-1\nno timing here\n").failure?.line == 4)
    }

    @Test func audioAndTranscriptGoToTheSpreadsheetAndBack() throws {
        let folder = try Self.catalog(#","audio":"jikji.ko.wav","transcript":"글로 옮긴 말.""#,
                                      files: ["jikji.ko.wav": "x", "jikji.en.wav": "y",
                                              "items.en.json": #"[{"name":"Jikji","image_name":"jikji","short_desc":"Book","desc":"Text.","audio":"jikji.en.wav","transcript":"The words."}]"#])
        let original = try CatalogLoader.load(at: folder.url)
        let sheets = try ConversionTests.converted(folder.url, to: .csv)
        let header = try String(contentsOf: sheets.url.appendingPathComponent("items.csv"), encoding: .utf8).prefix { $0 != "\r\n" }
        #expect(header.contains("audio,audio.en,transcript,transcript.en"))
        let fromSheets = try sheets.load()
        #expect(fromSheets.editions == original.editions)
        #expect(fromSheets.translations[0].exhibits[0].audio == "jikji.en.wav")
        let back = try ConversionTests.converted(sheets.url, to: .json)
        #expect(try back.load().editions == original.editions)
    }
}

extension Result {
    var failure: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
