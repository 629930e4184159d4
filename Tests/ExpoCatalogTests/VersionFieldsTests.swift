import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// The versions of an exhibit for visitors the text and recording alone do not serve:
/// `video`, `sign_video` and their captions, `audio_description` and its transcript,
/// `easy_read`, per language, in JSON and in a spreadsheet; and what `validate` says of them.
@Suite struct VersionFieldsTests {
    static let captions = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n\n00:01.000 --> 00:02.000\nThis is the bell.\n"

    static func catalog(_ extra: String, english: String? = nil, files: [String: String] = [:]) throws -> TemporaryCatalog {
        var all = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
                   "items.json": RecordingCatalogTests.items(extra),
                   "jikji.svg": TemporaryCatalog.tinySVG, "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG]
        if let english { all["items.en.json"] = #"[{"name":"Jikji","image_name":"jikji","short_desc":"Book","desc":"Text."\#(english)}]"# }
        all.merge(files) { $1 }
        return try TemporaryCatalog(all)
    }

    @Test func everyVersionIsReadWithItsFiles() throws {
        let folder = try Self.catalog(#","video":"talk.mov","video_captions":"talk.vtt","sign_video":"sign.mp4","sign_video_captions":"sign.vtt","audio_description":"look.wav","audio_description_transcript":"It is a small book.","easy_read":"This is a book.\nIt is old.""#,
                                      files: ["talk.mov": "x", "talk.vtt": Self.captions, "sign.mp4": "x", "sign.vtt": Self.captions, "look.wav": "x"])
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(publishingCheck: true))
        let versions = catalog.primary.exhibits[0].versions
        #expect(versions.video?.file == "talk.mov")
        #expect(versions.video?.captions?.cues.map(\.text) == ["Hello.", "This is the bell."])
        #expect(versions.signVideo?.file == "sign.mp4")
        #expect(versions.signVideo?.captions?.isWebVTT == true)
        #expect(versions.audioDescription == "look.wav")
        #expect(versions.audioDescriptionTranscript?.text == "It is a small book.")
        #expect(versions.easyRead == "This is a book.\nIt is old.")
        #expect(versions.kinds == [.audioDescription, .easyRead, .sign])
        #expect(Set(catalog.videos.keys) == ["talk.mov", "sign.mp4"])
        #expect(catalog.videos["sign.mp4"]?.usedBy == ["jikji (ko)"])
        // The audio description is a recording: the audio work makes it as it makes narration.
        #expect(catalog.recordings["look.wav"]?.usedBy == ["jikji (ko)"])
        #expect(catalog.webVTTFiles["talk.vtt"] == Self.captions)
        #expect(catalog.diagnostics.isEmpty)
        #expect(catalog.publishingNotes.filter { $0.place.contains("video") || $0.place.contains("description") }.isEmpty)
    }

    @Test func aTranslationHasItsOwnVersionsOrNone() throws {
        let folder = try Self.catalog(#","easy_read":"쉬운 글이에요.","sign_video":"sign.ko.mp4","sign_video_captions":"sign.vtt""#,
                                      english: #","easy_read":"Easy words.""#,
                                      files: ["sign.ko.mp4": "x", "sign.vtt": Self.captions])
        let catalog = try CatalogLoader.load(at: folder.url)
        let english = try #require(catalog.translations.first).exhibits[0].versions
        #expect(english.easyRead == "Easy words.")
        // A sign language is a language: the Korean one is no English visitor's.
        #expect(english.signVideo == nil)
        #expect(catalog.primary.exhibits[0].versions.signVideo?.file == "sign.ko.mp4")
    }

    @Test func theExpositionTakesEasyReadPerLanguage() throws {
        let exposition = TemporaryCatalog.seedExposition.replacingOccurrences(of: "\"visitors\"", with: "\"easy_read\": \"큰 박람회였어요.\", \"visitors\"")
        let folder = try Self.catalog("", files: ["exposition_universelle_1900.json": exposition])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.primary.exposition.easyRead == "큰 박람회였어요.")
        #expect(catalog.diagnostics.isEmpty)
    }

    @Test(arguments: [
        (#","video":"talk.txt""#, "items.json[0].video", "is not the name of a video file"),
        (#","sign_video":"../outside.mp4""#, "items.json[0].sign_video", "is not the name of a video file"),
        (#","video":"talk.mp4","video_captions":"Hello, these are words.""#, "items.json[0].video_captions", "is not the name of a WebVTT file"),
        (#","video_captions":"talk.vtt""#, "items.json[0].video_captions", "captions no video"),
        (#","video":"gone.mp4","video_captions":"talk.vtt""#, "items.json[0].video", "gone.mp4 is not in the catalog's folder; the exhibit has no video"),
        (#","audio_description":"look.txt""#, "items.json[0].audio_description", "is not the name of an audio file"),
        (#","audio_description":"gone.wav","audio_description_transcript":"Words.""#, "items.json[0].audio_description", "has no audio description"),
        (#","easy_read":42"#, "items.json[0].easy_read", "expected text"),
    ])
    func aBadVersionIsOneWarningAtItsPlace(extra: String, location: String, words: String) throws {
        let folder = try Self.catalog(extra, files: ["talk.mp4": "x", "talk.vtt": Self.captions])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.diagnostics.count == 1, "\(catalog.diagnostics.map(\.line))")
        #expect(catalog.diagnostics.first?.location == location)
        #expect(catalog.diagnostics.first?.message.contains(words) == true, "\(catalog.diagnostics.map(\.line))")
        #expect(catalog.primary.exhibits.count == 1)
    }

    @Test func aVideoWithoutCaptionsIsAWarningBeforePublishing() throws {
        let folder = try Self.catalog(#","sign_video":"sign.mp4""#, files: ["sign.mp4": "x"])
        let catalog = try CatalogLoader.load(at: folder.url, options: .init(publishingCheck: true))
        #expect(catalog.primary.exhibits[0].versions.signVideo?.file == "sign.mp4")
        let note = try #require(catalog.publishingNotes.first { $0.place == "[0].sign_video_captions" })
        #expect(note.severity == .warning)
        #expect(note.message.contains("sign.mp4 has no captions"))
        let report = ValidationReport(loading: .success(catalog), strict: false)
        #expect(report.lines.contains { $0.contains("sign_video_captions") && $0.contains("no captions") })
    }

    @Test func anAudioDescriptionWithoutATranscriptIsAWarningBeforePublishing() throws {
        let folder = try Self.catalog(#","audio_description":"look.wav""#, files: ["look.wav": "x"])
        let notes = try CatalogLoader.load(at: folder.url, options: .init(publishingCheck: true)).publishingNotes
        #expect(notes.contains { $0.place == "[0].audio_description_transcript" && $0.message.contains("look.wav has no transcript") })
    }

    @Test func validateCountsEachVersionPerLanguage() throws {
        let folder = try Self.catalog(#","audio":"n.wav","transcript":"Said.","easy_read":"Easy.","audio_description":"look.wav","audio_description_transcript":"Looks.""#,
                                      english: #","easy_read":"Easy.","video":"talk.mp4","video_captions":"talk.vtt""#,
                                      files: ["n.wav": "x", "look.wav": "x", "talk.mp4": "x", "talk.vtt": Self.captions])
        let report = ValidationReport(loading: .success(try CatalogLoader.load(at: folder.url)), strict: false)
        #expect(report.lines.contains("versions of the exhibits: ko 1 narrated, 1 audio described, 1 easy read, 0 with video, 0 signed; "
            + "en 0 narrated, 0 audio described, 1 easy read, 1 with video, 0 signed"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.first?["code"] as? String == "ko")
        #expect(versions.first?["audio_description"] as? Int == 1 && versions.first?["sign_video"] as? Int == 0)
        #expect(versions.last?["video"] as? Int == 1 && versions.last?["narrated"] as? Int == 0)
        // A catalog with no version at all says nothing of them.
        let plain = try Self.catalog("")
        let quiet = ValidationReport(loading: .success(try CatalogLoader.load(at: plain.url)), strict: false)
        #expect(!quiet.lines.contains { $0.hasPrefix("versions") })
    }

    @Test func aSpreadsheetGivesEveryVersionAsColumns() throws {
        let csv = "image_name,name,name.en,short_desc,short_desc.en,desc,desc.en,easy_read,easy_read.en,sign_video,sign_video_captions,"
            + "audio_description,audio_description_transcript\n"
            + "jikji,직지,Jikji,책,Book,글.,Text.,쉬운 글이에요.,Easy words.,sign.mp4,sign.vtt,look.wav,It looks old.\n"
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.csv": csv,
                                           "exposition_universelle_1900.en.json": #"{"title":"Paris 1900","location":"Paris","duration":"1900","description":"Text."}"#,
                                           "jikji.svg": TemporaryCatalog.tinySVG, "poster.svg": TemporaryCatalog.tinySVG,
                                           "flag.svg": TemporaryCatalog.tinySVG, "sign.mp4": "x", "sign.vtt": Self.captions, "look.wav": "x"])
        let catalog = try CatalogLoader.load(at: folder.url)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics.map(\.line))")
        let korean = catalog.primary.exhibits[0].versions
        #expect(korean.easyRead == "쉬운 글이에요.")
        #expect(korean.signVideo?.captions?.cues.count == 2)
        #expect(korean.audioDescription == "look.wav")
        #expect(catalog.translations.first?.exhibits[0].versions.easyRead == "Easy words.")
    }
}
