import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// Videos sent to the studio with the video form: a video, its captions (SubRip made WebVTT)
/// and its poster join the draft, the video is made in the background and then shown by
/// the preview, and a publish writes them into the folder and the entry; hostile sendings
/// are refused one by one, naming them, and change nothing.
@Suite(.serialized) struct StudioVideosTests {
    typealias Person = StudioEditingTests.Person

    private func person(_ studio: LiveStudio, _ name: String) async throws -> Person {
        Person(studio: studio, session: try #require(try await studio.logIn(name).session))
    }

    private func send(_ person: Person, _ id: String, kind: String = "video", language: String = "en", poster: String? = nil,
                      files: [(field: String, name: String, bytes: [UInt8])]) async throws -> RawHTTP.Answer {
        let page = "/studio/exhibits/\(id)"
        let token = try LiveStudio.token(in: try await person.get(page).body)
        var fields = [("form_token", token), ("kind", kind), ("language", language)]
        if let poster { fields.append(("poster", poster)) }
        let (type, body) = RawHTTP.multipart(fields, fieldFiles: files)
        return try await person.http.send("POST", page + "/files", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", person.origin), ("Content-Type", type), ("Accept-Language", "en"),
        ], bytes: body)
    }

    static let subRip = Array("1\n00:00:00,000 --> 00:00:01,500\nThe first words.\n\n2\n00:00:01,500 --> 00:00:02,900\nThe second.\n".utf8)

    @Test func aVideoWithCaptionsAndAPosterIsMadeForThePreviewAndPublished() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let made = try TemporaryFolder()
        try VideoFixture.clip("talk.mov", in: made.url, seconds: 3, width: 640, height: 360)
        let clip = try [UInt8](Data(contentsOf: made.url.appendingPathComponent("talk.mov")))

        let answer = try await send(ben, "jikji", poster: "1.5", files: [("files", "Talk 01.MOV", clip), ("captions", "talk.srt", Self.subRip)])
        #expect(answer.status == 200, "\(answer.body.prefix(400))")
        #expect(answer.body.contains("jikji.video.en.mp4"), "the page names the video's new file")
        #expect(answer.body.contains("jikji.video.en.vtt") && answer.body.contains("1.5"), "\(answer.body.components(separatedBy: "upload-report").dropFirst().first?.prefix(1500) ?? "")")
        let draft = try studio.state.draft(of: "jikji").fields
        #expect(draft.contains { $0.field == "video" && $0.language == "en" && $0.value == "jikji.video.en.mp4" })
        #expect(draft.contains { $0.field == "video_captions" && $0.language == "en" && $0.value == "jikji.video.en.vtt" })
        #expect(draft.contains { $0.field == "video_poster" && $0.language == "en" && $0.value == "1.5" })

        // Made in the background; the page says so until it is, then the preview plays it.
        var preview = ""
        for _ in 0..<120 where !preview.contains("<video") {
            try await Task.sleep(for: .milliseconds(500))
            preview = try await ben.get("/studio/preview/en/items/jikji/").body
        }
        #expect(preview.contains("<video"), "the preview plays it once it is made")
        #expect(preview.contains(".vtt"), "with its captions")
        #expect(!(try await ben.get("/studio/exhibits/jikji").body.contains("being made")))
        #expect(!(try await studio.http.send("GET", "/en/items/jikji/").body.contains("<video")), "visitors do not see it yet")
        // A text saved meanwhile keeps the video in the draft.
        #expect(try await ben.save("jikji", ["f.en.short_desc": "Printed with metal type, 1377"]).status == 303)
        #expect(try studio.state.draft(of: "jikji").fields.contains { $0.field == "video" && $0.value == "jikji.video.en.mp4" })

        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        #expect(try [UInt8](Data(contentsOf: studio.guide.url.appendingPathComponent("jikji.video.en.mp4"))) == clip,
                "the original's bytes, under the name its bytes give (QuickTime is MP4's family)")
        let captions = try String(contentsOf: studio.guide.url.appendingPathComponent("jikji.video.en.vtt"), encoding: .utf8)
        #expect(captions.hasPrefix("WEBVTT") && captions.contains("00:00:01.500 --> 00:00:02.900"), "SubRip made WebVTT: \(captions)")
        let english = try studio.guide.file("items.en.json")
        #expect(english.contains("\"video\": \"jikji.video.en.mp4\"") && english.contains("\"video_captions\": \"jikji.video.en.vtt\"")
                && english.contains("\"video_poster\": \"1.5\""), "\(english)")
        #expect(try studio.guide.file("items.json").contains("jikji.video") == false, "the Korean entry keeps its own")
        let load = studio.guide.watchedLoad()
        #expect(load.catalog.videos["jikji.video.en.mp4"]?.poster == .second(1.5), "the catalog reads the poster back")
    }

    @Test func hostileSendingsAreRefusedOneByOneNamingThemAndChangeNothing() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let page = Array("<!doctype html><html><body>not a video</body></html>".utf8)
        let refused = try await send(ben, "jikji", files: [("files", "talk.mp4", page)])
        #expect(refused.status == 422 && refused.body.contains("talk.mp4") && refused.body.contains("not a video"), "\(refused.body.prefix(300))")
        // Captions, or a poster, for a video the exhibit does not have.
        let orphan = try await send(ben, "jikji", kind: "sign_video", poster: "2", files: [("captions", "sign.vtt", Array("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n".utf8))])
        #expect(orphan.status == 422 && orphan.body.contains("sign.vtt") && orphan.body.contains("no such video"), "\(orphan.body.prefix(300))")
        #expect(try studio.state.draft(of: "jikji").draft == nil, "nothing was drafted")

        let made = try TemporaryFolder()
        try VideoFixture.clip("talk.mp4", in: made.url, seconds: 2, width: 320, height: 180)
        let clip = try [UInt8](Data(contentsOf: made.url.appendingPathComponent("talk.mp4")))
        let playlist = Array("#EXTM3U\n#EXTINF:10,\nhttp://example.org/secret.vtt\n".utf8)
        let html = Array("<html><script>alert(1)</script></html>".utf8)
        for (name, bytes) in [("list.vtt", playlist), ("page.vtt", html), ("words.txt", Array("Just words, no timing.".utf8)),
                              ("latin1.srt", [0x31, 0x0A, 0xE9, 0xFF, 0x00])] {
            let answer = try await send(ben, "jikji", files: [("files", "talk.mp4", clip), ("captions", name, bytes)])
            #expect(answer.status == 200, "the video is taken beside refused captions")
            #expect(answer.body.contains(name) && answer.body.contains("not taken"), "\(name): \(answer.body.prefix(300))")
        }
        #expect(try studio.state.draft(of: "jikji").fields.contains { $0.field == "video_captions" } == false)
        for poster in ["-3", "../secret", "1e9", "99999999", "haegeum"] {
            let answer = try await send(ben, "jikji", poster: poster, files: [])
            #expect(answer.status == 422 && answer.body.contains("neither a time"), "\(poster): \(answer.body.prefix(300))")
        }
        #expect(try studio.state.draft(of: "jikji").fields.contains { $0.field == "video_poster" } == false)
        // The exhibit's own picture is a poster it may show.
        let chosen = try await send(ben, "jikji", poster: "jikji", files: [])
        #expect(chosen.status == 200, "\(chosen.body.prefix(300))")
        #expect(try studio.state.draft(of: "jikji").fields.contains { $0.field == "video_poster" && $0.value == "jikji" })
    }
    /// A large video goes to disk as it arrives, before the form's token can be read: one sent
    /// without the token, with a forged one, from another origin, or after the session ended
    /// is refused, and leaves nothing in the draft, `incoming/` or `uploads/`.
    @Test func aLargeVideoWithoutItsTokenOrSessionIsRefusedAndLeavesNoFile() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let page = "/studio/exhibits/jikji"
        let token = try LiveStudio.token(in: try await ben.get(page).body)
        // Three megabytes: over a form's 1 MB, so the body is spooled before it is read.
        let video = [UInt8](repeating: 0x2A, count: 3 << 20)
        func post(token: String?, origin: String, session: String) async throws -> RawHTTP.Answer {
            var fields = [("kind", "video"), ("language", "en")]
            if let token { fields.append(("form_token", token)) }
            let (type, body) = RawHTTP.multipart(fields, fieldFiles: [("files", "talk.mp4", video)])
            return try await studio.http.send("POST", page + "/files", headers: [
                ("Cookie", "studio_session=\(session)"), ("Origin", origin), ("Content-Type", type),
            ], bytes: body)
        }
        let noToken = try await post(token: nil, origin: ben.origin, session: ben.session)
        #expect(noToken.status == 403, "without its token: \(noToken.status)")
        let forged = try await post(token: String(repeating: "A", count: token.count), origin: ben.origin, session: ben.session)
        #expect(forged.status == 403, "with a forged token: \(forged.status)")
        let foreign = try await post(token: token, origin: "http://evil.example", session: ben.session)
        #expect(foreign.status == 403, "from another origin: \(foreign.status)")
        let stranger = try await post(token: token, origin: ben.origin, session: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
        #expect(stranger.status == 413, "a made-up session gets a form's limit, not a video's: \(stranger.status)")

        #expect(try studio.state.draft(of: "jikji").draft == nil, "nothing was drafted")
        let files = FileManager.default
        let incoming = studio.state.folder.appendingPathComponent("incoming")
        #expect(try files.contentsOfDirectory(atPath: incoming.path).isEmpty, "each body's file is gone once refused")
        let uploads = studio.state.folder.appendingPathComponent("uploads")
        #expect(((try? files.contentsOfDirectory(atPath: uploads.path)) ?? []).isEmpty, "nothing was kept")
    }
}
