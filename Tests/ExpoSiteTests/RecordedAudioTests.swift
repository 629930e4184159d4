import ExpoCatalog
import ExpoImages
import ExpoSite
import ExpoTestSupport
import Foundation
import Testing

/// Curators' recordings through the pipeline (ffmpeg), onto the exhibit page, into the IIIF
/// manifest and the export. Made from ffmpeg's own tone generator; without ffmpeg these fail.
@Suite(.serialized) struct RecordedAudioTests {
    /// Three exhibits, each with a recording in another format; the first has a WebVTT
    /// transcript, the second its transcript as text, the third none.
    static func catalog(broken: Bool = false) throws -> TemporaryCatalog {
        let entries = [("a", "a.wav", #","transcript":"a.vtt""#), ("b", "b.flac", #","transcript":"Said in b.\n\nAnd more.""#), ("c", "c.ogg", "")]
            .map { id, audio, transcript in
                #"{"name":"\#(id.uppercased())","image_name":"\#(id)","short_desc":"s","desc":"d","audio":"\#(audio)"\#(transcript)}"#
            }
        var files = ["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": "[\(entries.joined(separator: ","))]",
                     "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
                     "a.vtt": "WEBVTT\n\n00:00.000 --> 00:01.500\nOne.\n\n00:01.500 --> 00:03.000\nTwo.\n"]
        for id in ["a", "b", "c"] { files["\(id).svg"] = TemporaryCatalog.tinySVG }
        let folder = try TemporaryCatalog(files)
        for name in ["a.wav", "b.flac", "c.ogg"] { try AudioFixture.tone(name, in: folder.url) }
        if broken {
            var generator = SystemRandomNumberGenerator()
            try folder.write("a.wav", Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        return folder
    }

    static func tools() throws -> AudioTools {
        guard let tools = AudioTools.locate() else { throw AudioFixture.Missing() }
        return tools
    }

    static func cache() -> RenditionCache {
        RenditionCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-audio-cache-\(UUID().uuidString)"))
    }

    @Test func wavFlacAndOggEachBecomeMonoAACAtSpeechRateWithoutTags() throws {
        let folder = try Self.catalog()
        let catalog = try folder.load()
        let tools = try Self.tools()
        let outcome = AudioWork.recordings(for: catalog, cache: nil, tools: tools)
        #expect(outcome.diagnostics.isEmpty)
        #expect(Set(outcome.recordings.keys) == ["a.wav", "b.flac", "c.ogg"])
        for (name, rendition) in outcome.recordings {
            let file = rendition.file.url
            let probe = try AudioFixture.probe(file)
            let streams = try #require(probe["streams"] as? [[String: Any]])
            #expect(streams.count == 1, "\(name)")
            let stream = try #require(streams.first)
            #expect(stream["codec_name"] as? String == "aac", "\(name)")
            #expect(stream["profile"] as? String == "LC", "\(name)")
            #expect(stream["channels"] as? Int == 1, "\(name)")
            let bitRate = Int(stream["bit_rate"] as? String ?? "") ?? 0
            #expect((48_000...64_000).contains(bitRate), "\(name): \(bitRate) bits/s")
            let format = try #require(probe["format"] as? [String: Any])
            #expect((format["format_name"] as? String)?.contains("mp4") == true, "\(name)")
            // Only the muxer's own tags (brand, encoder) may remain: none of the original's.
            let tags = (format["tags"] as? [String: String] ?? [:]).merging(stream["tags"] as? [String: String] ?? [:]) { $1 }
            #expect(tags["title"] == nil && tags["artist"] == nil, "\(name): \(tags)")
            #expect(abs(rendition.duration - 3) < 0.2, "\(name): \(rendition.duration) s")
        }
    }

    @Test func theSecondRunReadsTheCacheAndEncodesNothing() throws {
        let folder = try Self.catalog()
        let catalog = try folder.load()
        let cache = Self.cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let tools = try Self.tools()
        let first = AudioWork.recordings(for: catalog, cache: cache, tools: tools)
        #expect(first.encoded == 3)
        // ffmpeg that cannot run: only the cache can answer.
        let nowhere = URL(fileURLWithPath: "/nonexistent/ffmpeg")
        let second = AudioWork.recordings(for: catalog, cache: cache, tools: AudioTools(ffmpeg: nowhere, ffprobe: nowhere))
        #expect(second.encoded == 0)
        #expect(second.diagnostics.isEmpty)
        #expect(second.recordings == first.recordings)
    }

    @Test func aBrokenRecordingIsOneWarningNamingItAndTheRestServes() throws {
        let folder = try Self.catalog(broken: true)
        var catalog = try folder.load()
        let tools = try Self.tools()
        let outcome = AudioWork.recordings(for: catalog, cache: nil, tools: tools)
        #expect(outcome.diagnostics.count == 1)
        let warning = try #require(outcome.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.file == "a.wav")
        #expect(warning.message.contains("a (ko)"))
        #expect(Set(outcome.recordings.keys) == ["b.flac", "c.ogg"])
        catalog.diagnostics += outcome.diagnostics
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.recordings = outcome.recordings
        let site = try Site.render(catalog, renditions: renditions)
        #expect(!(try html(site, "/items/a/")).contains("<audio"))
        #expect(try html(site, "/items/b/").contains("<audio controls preload=\"metadata\" src=\"/audio/b-"))
    }

    @Test func withoutFFmpegTheRecordingsAreLeftOutWithOneWarning() throws {
        let folder = try Self.catalog()
        let catalog = try folder.load()
        let outcome = AudioWork.recordings(for: catalog, cache: nil, tools: nil)
        #expect(outcome.recordings.isEmpty)
        #expect(outcome.diagnostics.count == 1)
        #expect(outcome.diagnostics.first?.message.hasPrefix("ffmpeg is not installed; audio (a.wav, b.flac, c.ogg) is left out") == true)
        #expect(try html(Site.render(catalog, renditions: ImageWork.renditions(for: catalog, cache: nil)), "/items/a/").contains("<audio") == false)
    }

    @Test func theExhibitPageTheIIIFManifestAndTheExportCarryTheRecording() throws {
        let folder = try Self.catalog()
        let catalog = try folder.load()
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        let tools = try Self.tools()
        renditions.recordings = AudioWork.recordings(for: catalog, cache: nil, tools: tools).recordings
        let site = try Site.render(catalog, renditions: renditions, options: SiteOptions(origin: "https://guide.example.org"))

        let page = try html(site, "/items/a/")
        let audioPath = try #require(site.madePages.keys.first { $0.hasPrefix("/audio/a-") && $0.hasSuffix(".m4a") })
        let vttPath = try #require(site.madePages.keys.first { $0.hasPrefix("/audio/a-") && $0.hasSuffix(".vtt") })
        #expect(page.contains(#"<section class="audio-guide" aria-labelledby="audio-heading" data-title="#))
        // Saving for offline keeps the page, the recording and its captions, and says their size.
        #expect(page.contains(#"data-urls="[&quot;/items/a/&quot;,&quot;\#(audioPath)&quot;,&quot;\#(vttPath)&quot;"#))
        #expect(page.contains(#"<div class="player" hidden>"#) && page.contains("KB)</button>"))
        #expect(page.contains(#"src="\#(audioPath)" data-duration=""#))
        #expect(page.contains(#"<track kind="captions" srclang="ko" label="대본" src="\#(vttPath)" default>"#))
        #expect(page.contains(#"<p data-start="0">One.</p>"#) && page.contains(#"<p data-start="1.5">Two.</p>"#))
        #expect(try html(site, "/items/b/").contains("<p>Said in b.</p>\n<p>And more.</p>"))
        #expect(!(try html(site, "/items/c/")).contains("audio-transcript"))
        #expect(site.madePages[audioPath]?.contentType == "audio/mp4")
        #expect(site.madePages[audioPath]?.caching == .immutable)
        #expect(site.madePages[vttPath]?.contentType == "text/vtt; charset=utf-8")
        // Never fetched ahead by the service worker.
        let worker = String(decoding: try #require(site.madePages["/sw.js"]).body, as: UTF8.self)
        #expect(!worker.contains(".m4a\""))

        let manifestBytes = try #require(try site.page(at: "/iiif/a/manifest.json")).body
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(manifestBytes)) as? [String: Any])
        let canvases = try #require(manifest["items"] as? [[String: Any]])
        let audio = try #require(canvases.first { $0["duration"] != nil })
        #expect(audio["id"] as? String == "https://guide.example.org/iiif/a/canvas/audio-ko")
        #expect(abs((audio["duration"] as? Double ?? 0) - 3) < 0.2)
        let annotation = try #require(((audio["items"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)
        let body = try #require(annotation["body"] as? [String: Any])
        #expect(body["type"] as? String == "Sound")
        #expect(body["format"] as? String == "audio/mp4")
        #expect(body["id"] as? String == "https://guide.example.org" + audioPath)
        let accompanying = try #require(audio["accompanyingCanvas"] as? [String: Any])
        #expect(accompanying["type"] as? String == "Canvas")
        #expect(accompanying["id"] as? String == canvases.first?["id"] as? String)

        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-audio-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try SiteExporter.export(site, to: destination)
        let exported = try Data(contentsOf: destination.appendingPathComponent(String(audioPath.dropFirst())))
        #expect([UInt8](exported) == (try renditions.recordings["a.wav"]?.file.bytes))
        #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent(String(vttPath.dropFirst())).path))
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path)).body, as: UTF8.self)
    }
}
