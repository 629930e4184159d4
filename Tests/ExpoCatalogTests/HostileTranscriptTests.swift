@testable import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// Transcript files written to break the guide: numbers past any clock, and characters no
/// page can show. Each is a warning naming the file and its line, and the rest loads.
@Suite struct HostileTranscriptTests {
    static func load(_ file: String, _ text: String) throws -> Catalog {
        let folder = try RecordingCatalogTests.catalog(#","audio":"jikji.ko.wav","transcript":"\#(file)""#,
                                                       files: ["jikji.ko.wav": "x", file: text])
        return try CatalogLoader.load(at: folder.url)
    }

    @Test func aCueWithHoursPastAnyIntegerIsLeftOutWithAWarningAtItsLine() throws {
        let vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nFirst.\n\n3000000000000000:00:00.000 --> 3000000000000000:00:01.000\nNever.\n\n"
            + "99999999999999999999999:00:00.000 --> 99999999999999999999999:00:01.000\nNor this.\n\n00:02.000 --> 00:03.000\nLast.\n"
        let catalog = try Self.load("jikji.vtt", vtt)
        #expect(catalog.primary.exhibits[0].transcript?.cues == [TranscriptCue(start: 0, end: 1, text: "First."),
                                                                  TranscriptCue(start: 2, end: 3, text: "Last.")])
        #expect(catalog.diagnostics.map(\.location) == ["jikji.vtt:6", "jikji.vtt:9"])
        #expect(catalog.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("left out") })
    }

    @Test func hoursUpToTheLargestAreRead() throws {
        let hour = WebVTT.largestHour
        let vtt = "WEBVTT\n\n\(hour):59:58.000 --> \(hour):59:59.999\nLate.\n"
        let reading = try WebVTT.parse(vtt).get()
        #expect(reading.cues.map(\.start) == [Double(hour * 3600 + 3598)])
        #expect(reading.skipped.isEmpty)
        #expect(try WebVTT.parse("WEBVTT\n\n\(hour + 1):00:00.000 --> \(hour + 1):00:01.000\nToo late.\n").get().skipped.map(\.line) == [3])
    }

    @Test func controlCharactersInAWebVTTTranscriptAreRemovedWithOneWarningAtTheirLine() throws {
        let vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\nFirst\tsentence.\n\n00:02.000 --> 00:04.000\nBell\u{07} and \u{1B}[2Jescape\u{0}.\n\n"
            + "00:04.000 --> 00:05.000\nAgain\u{0}.\n"
        let catalog = try Self.load("jikji.vtt", vtt)
        let transcript = try #require(catalog.primary.exhibits[0].transcript)
        #expect(transcript.cues.map(\.text) == ["First\tsentence.", "Bell and [2Jescape.", "Again."])
        let served = try #require(catalog.webVTTFiles["jikji.vtt"])
        for text in [transcript.text, served] + transcript.cues.map(\.text) {
            #expect(!text.unicodeScalars.contains { ["\u{0}", "\u{7}", "\u{1B}"].contains($0) })
        }
        #expect(catalog.diagnostics.map(\.line) == ["warning: jikji.vtt:7: holds the control characters U+0000, U+0007 and U+001B, "
            + "which no page can show (here and on 1 more line); removed"])
    }

    @Test func controlCharactersInAPlainTextTranscriptAreRemovedWithAWarningAtTheirLine() throws {
        let catalog = try Self.load("jikji.txt", "First line.\r\nSecond\u{1B}]0;title\u{07} line\u{0}.\n")
        #expect(catalog.primary.exhibits[0].transcript?.text == "First line.\r\nSecond]0;title line.\n")
        #expect(catalog.diagnostics.map(\.line) == ["warning: jikji.txt:2: holds the control characters U+0000, U+0007 and U+001B, "
            + "which no page can show; removed"])
    }

    @Test func controlCharactersInATranscriptWrittenInTheItemAreRemovedWithAWarning() throws {
        let folder = try RecordingCatalogTests.catalog(#","audio":"jikji.ko.wav","transcript":"Words\u0000 and\u001B more.""#,
                                                       files: ["jikji.ko.wav": "x"])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.primary.exhibits[0].transcript?.text == "Words and more.")
        #expect(catalog.diagnostics.map(\.location) == ["items.json[0].transcript"])
    }
}
