import ExpoCatalog
import Foundation
import Testing
@testable import ExpoImport

/// Canvases that paint sound or video, in the shapes the IIIF cookbook's recipes and
/// version 2 players use: a plain body, a list of bodies, a choice of formats, captions in
/// the painting page or beside it, a choice of caption languages, and `dctypes:` types.
struct IIIFMediaParserTests {
    private func manifest(_ json: String) throws -> IIIFManifest {
        guard case let .manifest(manifest) = try IIIFParser.parse(Data(json.utf8)) else {
            Issue.record("not a manifest")
            return IIIFManifest(id: "", label: LanguageMap(), summary: LanguageMap(), metadata: [], images: [])
        }
        return manifest
    }

    @Test func aSoundChoiceTakesTheFirstFormatTheGuideReads() throws {
        let read = try manifest("""
            {"id": "https://example.org/m/song", "type": "Manifest", "label": {"en": ["Song"]},
             "items": [{"id": "https://example.org/c/1", "type": "Canvas", "duration": 14,
               "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body":
                 {"type": "Choice", "items": [
                   {"id": "https://example.org/song.xyz", "type": "Sound", "format": "audio/x-unknown"},
                   {"id": "https://example.org/song.m4a", "type": "Sound", "format": "audio/alac", "duration": 14.5},
                   {"id": "https://example.org/song.mp3", "type": "Sound", "format": "audio/mp3"}]}}]}]}]}
            """)
        #expect(read.images.isEmpty)
        #expect(read.media == [IIIFMedia(kind: .sound, url: "https://example.org/song.m4a", format: "audio/alac", duration: 14.5)])
    }

    @Test func aVideoWithCaptionsInItsPageAndBesideIt() throws {
        let read = try manifest("""
            {"id": "https://example.org/m/film", "type": "Manifest", "label": {"en": ["Film"]},
             "thumbnail": [{"id": "https://example.org/film.jpg", "type": "Image"}],
             "items": [{"id": "https://example.org/c/1", "type": "Canvas", "duration": 572.5, "width": 480, "height": 360,
               "items": [{"type": "AnnotationPage", "items": [
                 {"type": "Annotation", "motivation": "painting", "body": [{"id": "https://example.org/film.mp4", "type": "Video", "format": "video/mp4"}]},
                 {"type": "Annotation", "motivation": "supplementing", "body": [{"id": "https://example.org/film.vtt", "type": "Text", "format": "text/vtt", "language": "en"}]}]}],
               "annotations": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": ["supplementing"], "body":
                 {"type": "Choice", "items": [
                   {"id": "https://example.org/film.it.srt", "type": "Text", "format": "text/plain", "language": "it"},
                   {"id": "https://example.org/film.ko.vtt", "type": "Text", "format": "text/vtt", "language": "ko-KR"}]}}]}]}]}
            """)
        #expect(read.media.count == 1)
        let video = try #require(read.media.first)
        #expect(video.kind == .video && video.url == "https://example.org/film.mp4" && video.duration == 572.5 && video.language == nil)
        #expect(video.captions.map(\.url) == ["https://example.org/film.vtt", "https://example.org/film.it.srt", "https://example.org/film.ko.vtt"])
        #expect(video.captions.map(\.language) == ["en", "it", "ko"])
        #expect(read.thumbnail?.url == "https://example.org/film.jpg")
    }

    @Test func twoVideosOnOneCanvasAndOnTwoAreAllRead() throws {
        let read = try manifest("""
            {"id": "https://example.org/m/opera", "type": "Manifest", "label": {"en": ["Opera"]},
             "items": [{"id": "https://example.org/c/1", "type": "Canvas", "duration": 7278,
               "thumbnail": [{"id": "https://example.org/act1.png", "type": "Image"}],
               "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
                           "body": {"id": "https://example.org/act1.mp4", "type": "Video", "duration": 3971.24}}]},
                         {"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
                           "body": {"id": "https://example.org/act2.mp4", "type": "Video", "duration": 3307.22}}]}]}]}
            """)
        #expect(read.media.map(\.url) == ["https://example.org/act1.mp4", "https://example.org/act2.mp4"])
        #expect(read.media.map(\.duration) == [3971.24, 3307.22])
        #expect(read.thumbnail?.url == "https://example.org/act1.png", "a canvas's thumbnail stands for the exhibit")
    }

    @Test func presentationTwoSoundAndMovingImage() throws {
        let read = try manifest("""
            {"@context": "http://iiif.io/api/presentation/2/context.json", "@id": "https://example.org/m/p2", "@type": "sc:Manifest",
             "label": "Interview",
             "sequences": [{"@type": "sc:Sequence", "canvases": [{"@id": "https://example.org/c/1", "@type": "sc:Canvas",
               "images": [{"@type": "oa:Annotation", "motivation": "sc:painting",
                           "resource": {"@id": "https://example.org/talk.mp3", "@type": "dctypes:Sound", "format": "audio/mpeg", "language": "en"}}]}]}],
             "mediaSequences": [{"@type": "ixif:MediaSequence", "elements": [
               {"@id": "https://example.org/talk.webm", "@type": "dctypes:MovingImage", "format": "video/webm", "duration": "61.5"},
               {"@id": "https://example.org/notes.pdf", "@type": "foaf:Document", "format": "application/pdf"}]}]}
            """)
        #expect(read.images.isEmpty)
        #expect(read.media.map(\.kind) == [.sound, .video])
        #expect(read.media.map(\.url) == ["https://example.org/talk.mp3", "https://example.org/talk.webm"])
        #expect(read.media[0].language == "en" && read.media[1].duration == 61.5)
    }

    @Test func whatIsNeitherSoundVideoNorImageIsLeftOut() throws {
        let read = try manifest("""
            {"id": "https://example.org/m/odd", "type": "Manifest", "label": {"en": ["Odd"]},
             "items": [{"id": "https://example.org/c/1", "type": "Canvas",
               "items": [{"type": "AnnotationPage", "items": [
                 {"type": "Annotation", "motivation": "painting", "body": {"id": "https://example.org/model.glb", "type": "Model"}},
                 {"type": "Annotation", "motivation": "painting", "body": {"type": "Video"}},
                 {"type": "Annotation", "motivation": "painting", "body": {"id": "https://example.org/pic.jpg", "type": "Image"}},
                 {"type": "Annotation", "motivation": "commenting", "body": {"id": "https://example.org/x.mp4", "type": "Video"}}]}]}]}
            """)
        #expect(read.images.map(\.url) == ["https://example.org/pic.jpg"])
        #expect(read.media.isEmpty, "a body with no address, and a comment, bring nothing")
    }

    @Test func captionFilesAreWebVTTOrSubRipNeverAPlaylistOrAPage() {
        let subRip = Data("1\r\n00:00:01,000 --> 00:00:04,000\r\nHello\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,500\r\nAgain\r\n".utf8)
        guard case let .success(.webVTT(converted)) = CaptionFile.read(subRip, timedOnly: true) else {
            Issue.record("SubRip was not made WebVTT")
            return
        }
        #expect(converted.hasPrefix("WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nHello"))
        let vtt = Data("\u{FEFF}WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n".utf8)
        #expect(CaptionFile.read(vtt, timedOnly: true) == .success(.webVTT("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n")))
        for (bytes, message) in [
            ("#EXTM3U\n#EXT-X-VERSION:3\nhttps://example.org/a.vtt\n", "is a playlist of other files, not captions"),
            ("<!doctype html><html><body>Not found</body></html>", "is an HTML page or other markup, not captions"),
            ("WEBVTT\n\nNOTE only a note\n", "is a WebVTT file with no cue"),
            ("WEBVTT\n\nno timing here\n", "is not WebVTT (line 3: expected a cue's timing, such as 00:00.000 --> 00:05.000)"),
            ("Plain words, no timing.", "is not WebVTT (it does not start with the line WEBVTT)"),
        ] {
            guard case let .failure(refusal) = CaptionFile.read(Data(bytes.utf8), timedOnly: true) else {
                Issue.record("\(bytes) was taken")
                continue
            }
            #expect(refusal.message == message)
        }
        #expect(CaptionFile.read(Data("Plain words, no timing.".utf8), timedOnly: false) == .success(.plain("Plain words, no timing.")),
                "a recording takes a transcript without timing")
        guard case .failure = CaptionFile.read(Data([0xFF, 0xFE, 0x00, 0x41]), timedOnly: false) else {
            Issue.record("bytes that are not UTF-8 were taken")
            return
        }
    }
}
