import ExpoCatalog
import ExpoImages
import ExpoSite
import ExpoTestSupport
import Foundation
import Testing

/// Curators' videos through the pipeline (ffmpeg): each common format becomes one MP4 every
/// phone plays, with a poster, cached by content; onto the exhibit page, into the IIIF
/// manifest and the export. Made from ffmpeg's own test source; without ffmpeg these fail.
@Suite(.serialized) struct VideoTests {
    /// One exhibit `a` with a curator's video `talk` and a sign-language video `sign`, both captioned.
    static func catalog(talk: String = "talk.mov", sign: String = "sign.mp4", hevc: Bool = false) throws -> TemporaryCatalog {
        let entry = #"{"name":"A","image_name":"a","short_desc":"s","desc":"Long text.","video":"\#(talk)","video_captions":"talk.vtt","sign_video":"\#(sign)","sign_video_captions":"sign.vtt","easy_read":"Short words.\nOne idea."}"#
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.json": "[\(entry)]",
                                           "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
                                           "a.svg": TemporaryCatalog.tinySVG])
        try VideoFixture.clip(talk, in: folder.url, width: 1920, height: 1080, hevc: hevc)
        try VideoFixture.clip(sign, in: folder.url, seconds: 2, width: 1280, height: 720, silent: true)
        try VideoFixture.captions("talk.vtt", in: folder.url)
        try VideoFixture.captions("sign.vtt", in: folder.url, seconds: 2)
        return folder
    }

    static func tools() throws -> AudioTools {
        guard let tools = AudioTools.locate() else { throw AudioFixture.Missing() }
        return tools
    }

    @Test(arguments: [("talk.mov", false), ("talk.webm", false), ("talk.mp4", true), ("talk.avi", false)])
    func eachCommonFormatBecomesH264AndAACAt540Lines(name: String, hevc: Bool) throws {
        let tools = try Self.tools()
        let folder = try Self.catalog(talk: name, hevc: hevc)
        let catalog = try folder.load()
        let outcome = VideoWork.videos(for: catalog, cache: nil, tools: tools)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.map(\.line))")
        let rendition = try #require(outcome.videos[name])
        let file = rendition.file.url
        let made = try rendition.file.bytes
        #expect(rendition.file.size == made.count && rendition.file.contentHash == ContentHash.hex(made), "the made file is measured as it is")
        let probe = try VideoFixture.video(file)
        #expect(probe.codec == "h264", "\(name)")
        #expect(probe.audio == "aac", "\(name)")
        #expect(probe.height == 540 && probe.width == 960, "\(name): \(probe.width) × \(probe.height)")
        #expect(rendition.width == 960 && rendition.height == 540)
        #expect(abs(rendition.duration - 3) < 0.2, "\(name): \(rendition.duration) s")
        // Faststart: the index before the media, so a phone plays before the end arrives.
        let bytes = try rendition.file.bytes
        let moov = try #require(Self.index(of: "moov", in: bytes))
        let mdat = try #require(Self.index(of: "mdat", in: bytes))
        #expect(moov < mdat)
        // The original's tags are gone.
        let tags = (try AudioFixture.probe(file)["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        #expect(tags["title"] == nil && tags["artist"] == nil, "\(tags)")
        #expect(rendition.poster.starts(with: [0xFF, 0xD8]), "the poster is a JPEG")
        #expect(rendition.poster.count <= 30_000, "poster \(rendition.poster.count) bytes")
        // A silent sign-language video stays silent, at its own size, never enlarged past 540 lines.
        let sign = try #require(outcome.videos["sign.mp4"])
        let signed = try VideoFixture.video(sign.file.url)
        #expect(signed.audio == nil && signed.codec == "h264" && signed.height == 540)
    }

    @Test func aSmallVideoIsNotEnlargedAndThePortraitOneKeeps540Across() throws {
        let tools = try Self.tools()
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
                                           "items.json": #"[{"name":"A","image_name":"a","short_desc":"s","desc":"d","video":"small.mp4","sign_video":"tall.mp4"}]"#,
                                           "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG, "a.svg": TemporaryCatalog.tinySVG])
        try VideoFixture.clip("small.mp4", in: folder.url, seconds: 1, width: 640, height: 360)
        try VideoFixture.clip("tall.mp4", in: folder.url, seconds: 1, width: 1080, height: 1920)
        let outcome = VideoWork.videos(for: try folder.load(), cache: nil, tools: tools)
        #expect(outcome.videos["small.mp4"].map { [$0.width, $0.height] } == [640, 360])
        #expect(outcome.videos["tall.mp4"].map { [$0.width, $0.height] } == [540, 960])
    }

    @Test func theSecondRunReadsTheCacheAndEncodesNothing() throws {
        let tools = try Self.tools()
        let folder = try Self.catalog()
        let catalog = try folder.load()
        let cache = RenditionCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-video-cache-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let first = VideoWork.videos(for: catalog, cache: cache, tools: tools)
        #expect(first.encoded == 2)
        let nowhere = URL(fileURLWithPath: "/nonexistent/ffmpeg")
        let second = VideoWork.videos(for: catalog, cache: cache, tools: AudioTools(ffmpeg: nowhere, ffprobe: nowhere))
        #expect(second.encoded == 0)
        #expect(second.diagnostics.isEmpty)
        #expect(second.videos == first.videos)
    }

    @Test func withoutFFmpegTheVideosAreLeftOutWithOneWarning() throws {
        let folder = try Self.catalog()
        let outcome = VideoWork.videos(for: try folder.load(), cache: nil, tools: nil)
        #expect(outcome.videos.isEmpty)
        #expect(outcome.diagnostics.map(\.message) == ["ffmpeg is not installed; video (sign.mp4, talk.mov) is left out. Install it (apt-get install ffmpeg, or scripts/setup.sh) to serve the videos"])
    }

    @Test func theExhibitPageTheIIIFManifestAndTheExportCarryTheVideos() throws {
        let tools = try Self.tools()
        let folder = try Self.catalog()
        let catalog = try folder.load()
        var renditions = ImageWork.renditions(for: catalog, cache: nil)
        renditions.videos = VideoWork.videos(for: catalog, cache: nil, tools: tools).videos
        let site = try Site.render(catalog, renditions: renditions, options: SiteOptions(origin: "https://guide.example.org"))
        let page = try html(site, "/items/a/")
        let talk = try #require(site.madePages.keys.first { $0.hasPrefix("/video/talk-") && $0.hasSuffix(".mp4") })
        let poster = try #require(site.madePages.keys.first { $0.hasPrefix("/video/talk-") && $0.hasSuffix(".jpg") })
        let captions = try #require(site.madePages.keys.first { $0.hasPrefix("/audio/talk-") && $0.hasSuffix(".vtt") })
        // Nothing of the video is fetched before it plays but its poster; its size is reserved.
        #expect(page.contains(#"<video class="video-player" controls playsinline preload="none" poster="\#(poster)" width="960" height="540" src="\#(talk)">"#))
        #expect(page.contains(#"<track kind="captions" srclang="ko" label="자막" src="\#(captions)" default>"#))
        #expect(page.contains(#"<p data-start="1">Cue 2</p>"#))
        // Every version in a fixed order, each under its heading: the standard video, the
        // long text, then easy read and sign language.
        let order = [#"id="video-heading""#, #"class="prose""#, #"id="easy-heading""#, #"id="sign-heading""#].map { page.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "\(order)")
        #expect(page.contains(#"<section class="video-guide guide-version" data-version="sign" aria-labelledby="sign-heading">"#))
        #expect(page.contains("<p>Short words.</p>\n<p>One idea.</p>"))
        // Saving for offline keeps the videos, their posters and captions.
        #expect(page.contains("&quot;\(talk)&quot;,&quot;\(poster)&quot;,&quot;\(captions)&quot;"))
        #expect(site.madePages[talk]?.contentType == "video/mp4")
        #expect(site.madePages[talk]?.caching == .immutable)
        let worker = String(decoding: try #require(site.madePages["/sw.js"]).body, as: UTF8.self)
        #expect(!worker.contains("/video/"), "a first visit fetches no video")
        // The chooser offers what the catalog has: easy read and sign language, not audio description.
        let home = try html(site, "/")
        #expect(home.contains(#"<fieldset class="guide-choice">"#))
        #expect(home.contains(#"value="easy""#) && home.contains(#"value="sign""#) && !home.contains(#"value="description""#))

        let manifestBytes = try #require(try site.page(at: "/iiif/a/manifest.json")).body
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(manifestBytes)) as? [String: Any])
        let canvases = try #require(manifest["items"] as? [[String: Any]])
        let video = try #require(canvases.first { ($0["id"] as? String)?.hasSuffix("/canvas/video-ko") == true })
        #expect(abs((video["duration"] as? Double ?? 0) - 3) < 0.2)
        #expect(video["width"] as? Int == 960 && video["height"] as? Int == 540)
        let body = try #require((((video["items"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.first)?["body"] as? [String: Any])
        #expect(body["type"] as? String == "Video" && body["format"] as? String == "video/mp4")
        #expect(body["id"] as? String == "https://guide.example.org" + talk)
        #expect(canvases.contains { ($0["id"] as? String)?.hasSuffix("/canvas/sign-ko") == true })

        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-video-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try SiteExporter.export(site, to: destination)
        let exported = try Data(contentsOf: destination.appendingPathComponent(String(talk.dropFirst())))
        #expect([UInt8](exported) == (try renditions.videos["talk.mov"]?.file.bytes))
        #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent(String(poster.dropFirst())).path))
    }

    static func index(of box: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(box.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path)).body, as: UTF8.self)
    }
}

