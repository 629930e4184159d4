import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// Photos sent to the studio, as staff send them through the plain file field: read as a
/// file put in the folder is read, part of the draft (seen in the preview, not by
/// visitors, not in the folder), written into the folder only by a publish; and hostile
/// files refused one by one with a message naming them, changing nothing.
@Suite(.serialized) struct StudioPhotosTests {
    typealias Person = StudioEditingTests.Person

    private func person(_ studio: LiveStudio, _ name: String) async throws -> Person {
        Person(studio: studio, session: try #require(try await studio.logIn(name).session))
    }

    /// Sends `files` (sent name, bytes) to the exhibit's photo form, with `fields` first.
    private func send(_ person: Person, _ id: String, _ files: [(String, [UInt8])], fields: [(String, String)] = [],
                      token: String? = nil, origin: String? = nil) async throws -> RawHTTP.Answer {
        let page = "/studio/exhibits/\(id)"
        var formToken = token ?? ""
        if token == nil { formToken = try LiveStudio.token(in: try await person.get(page).body) }
        let (type, body) = RawHTTP.multipart([("form_token", formToken)] + fields, files: files.map { (name: $0.0, bytes: $0.1) })
        return try await person.http.send("POST", page + "/files", headers: [
            ("Cookie", "studio_session=\(person.session)"), ("Origin", origin ?? person.origin), ("Content-Type", type),
        ], bytes: body)
    }

    static let png = [UInt8](PNGFixture.make(width: 64, height: 48))

    @Test func aPhotoJoinsTheDraftIsPreviewedAndLandsInTheFolderOnlyWhenPublished() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let folder = studio.guide.url

        let answer = try await send(ben, "jikji", [("IMG_0001.PNG", Self.png)])
        #expect(answer.status == 200, "\(answer.body.prefix(400))")
        #expect(answer.body.contains("IMG_0001.PNG") && answer.body.contains("jikji-2"), "the page names the file sent and the name it got")
        #expect(answer.body.contains("#i-f-ko-images-jikji-2-alt"), "the new photo asks for its alt text")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("jikji-2.png").path), "nothing reaches the folder before a publish")
        let preview = try await ben.get("/studio/preview/items/jikji/").body
        #expect(preview.contains("jikji-2"), "the preview shows the photo")
        #expect(!(try await studio.http.send("GET", "/items/jikji/").body.contains("jikji-2")), "visitors do not see it yet")

        // Its alt text is saved with the draft's texts, and the photo stays in the draft.
        let saved = try await ben.save("jikji", ["f.ko.images.jikji-2.alt": "직지 뒷면"])
        #expect(saved.status == 303)
        let published = try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish")
        #expect(published.status == 200, "\(published.body.prefix(400))")
        let written = try Data(contentsOf: folder.appendingPathComponent("jikji-2.png"))
        #expect([UInt8](written) == Self.png, "the folder gets the file as it was sent")
        let items = try studio.guide.file("items.json")
        #expect(items.contains("\"name\": \"jikji-2\"") || items.contains("\"name\":\"jikji-2\""), "\(items)")
        #expect(items.contains("직지 뒷면"))
        let load = studio.guide.watchedLoad()
        let jikji = try #require(load.catalog.primary.exhibits.first { $0.id == "jikji" })
        #expect(jikji.images.map(\.name) == ["jikji", "jikji-2"])
        #expect(load.catalog.images["jikji-2"] != nil, "the published guide reads the file from the folder")
    }

    @Test func theGalleryIsReorderedAndAPhotoTakenOutBeforeItIsPublished() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let answer = try await send(ben, "jikji", [("a.png", Self.png), ("b.png", [UInt8](PNGFixture.make(width: 32, height: 32)))])
        #expect(answer.status == 200)
        let sheet = try #require(try GuideEditing(state: studio.state, guide: studio.guide).sheet("jikji"))
        #expect(sheet.gallery == ["jikji", "jikji-2", "jikji-3"])
        #expect(try await ben.post("/studio/exhibits/jikji/gallery", [("image", "jikji-3"), ("action", "up")], tokenFrom: "/studio/exhibits/jikji").status == 303)
        #expect(try GuideEditing(state: studio.state, guide: studio.guide).sheet("jikji")?.gallery == ["jikji", "jikji-3", "jikji-2"])
        // The main image stays first: it cannot be moved or taken out.
        #expect(try await ben.post("/studio/exhibits/jikji/gallery", [("image", "jikji"), ("action", "down")], tokenFrom: "/studio/exhibits/jikji").status == 400)
        #expect(try await ben.post("/studio/exhibits/jikji/gallery", [("image", "jikji-2"), ("action", "remove")], tokenFrom: "/studio/exhibits/jikji").status == 303)
        let after = try #require(try GuideEditing(state: studio.state, guide: studio.guide).sheet("jikji"))
        #expect(after.gallery == ["jikji", "jikji-3"])
        #expect(after.draftedFiles.keys.sorted() == ["jikji-3.png"], "the photo taken out leaves the draft with its file")
    }

    @Test func hostileFilesAreRefusedOneByOneNamingThemAndChangeNothing() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let html = Array("<!doctype html><script>alert(1)</script>".utf8)
        let truncated = Array(Self.png.prefix(Self.png.count / 2))
        let huge = [UInt8](PNGFixture.claiming(width: 100_000, height: 100_000))
        let answer = try await send(ben, "jikji", [("page.png", html), ("cut.png", truncated), ("huge.png", huge), ("../../etc/x\n.png", html)])
        #expect(answer.status == 422, "\(answer.body.prefix(300))")
        for name in ["page.png", "cut.png", "huge.png", "../../etc/x"] {
            #expect(answer.body.contains(name), "the refusal names \(name)")
        }
        #expect(answer.body.contains("100,000 × 100,000"), "the giant's message says its size")
        #expect(!answer.body.contains("<script>alert"), "a sent name is shown as text")
        #expect(try studio.state.draft(of: "jikji").draft == nil, "no draft was made")
        // Without the form's token, from another origin, or without a session: 403, before any file is read.
        #expect(try await send(ben, "jikji", [("a.png", Self.png)], token: "forged").status == 403)
        #expect(try await send(ben, "jikji", [("a.png", Self.png)], origin: "https://elsewhere.example").status == 403)
        let stranger = Person(studio: studio, session: "not-a-session")
        #expect(try await send(stranger, "jikji", [("a.png", Self.png)], token: "x").status == 403)
        #expect(try studio.state.draft(of: "jikji").draft == nil)
        // A body that is no form, and a form with no file.
        let broken = try await studio.http.send("POST", "/studio/exhibits/jikji/files", headers: [
            ("Cookie", "studio_session=\(ben.session)"), ("Origin", studio.origin), ("Content-Type", "multipart/form-data; boundary=zz"),
        ], body: "--zz\r\nnot a part")
        #expect(broken.status == 403)
        #expect(try await send(ben, "jikji", []).status == 422)
    }

    @Test func anSVGWithAScriptIsTakenAndPublishedWithoutIt() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let svg = Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><script>alert(1)</script><rect width="40" height="30" fill="#c33"/></svg>"##.utf8)
        #expect(try await send(ben, "jikji", [("drawing.svg", svg)]).status == 200)
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let image = try #require(studio.guide.watchedLoad().catalog.images["jikji-2"])
        let served = String(decoding: image.variants[0].data, as: UTF8.self)
        #expect(served.contains("<rect") && !served.contains("script"), "\(served)")
    }

    @Test func aRecordingJoinsTheDraftInItsLanguageIsPlayedInThePreviewAndPublished() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let made = try TemporaryFolder()
        // 1.5 MB: over a form's 1 MB, so the server writes it to disk as it arrives.
        try AudioFixture.tone("tone.wav", in: made.url, seconds: 8)
        let wav = try [UInt8](Data(contentsOf: made.url.appendingPathComponent("tone.wav")))
        #expect(wav.count > 1 << 20)

        let answer = try await send(ben, "jikji", [("Voice 001.WAV", wav)], fields: [("language", "en")])
        #expect(answer.status == 200, "\(answer.body.prefix(400))")
        let incoming = studio.state.folder.appendingPathComponent("incoming")
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming.path).isEmpty, "the body's file is gone once answered")
        #expect(answer.body.contains("jikji.en.wav"), "the page names the recording's new file")
        let preview = try await ben.get("/studio/preview/en/items/jikji/").body
        #expect(preview.contains("<audio"), "the preview plays it")
        #expect(!(try await studio.http.send("GET", "/en/items/jikji/").body.contains("<audio")), "visitors do not hear it yet")
        // A text saved meanwhile keeps the recording in the draft.
        #expect(try await ben.save("jikji", ["f.en.short_desc": "Printed with metal type, 1377"]).status == 303)
        #expect(try studio.state.draft(of: "jikji").fields.contains { $0.field == "audio" && $0.language == "en" && $0.value == "jikji.en.wav" })

        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        #expect(try [UInt8](Data(contentsOf: studio.guide.url.appendingPathComponent("jikji.en.wav"))) == wav)
        #expect(try studio.guide.file("items.en.json").contains("jikji.en.wav"))
        #expect(try studio.guide.file("items.json").contains("jikji.en.wav") == false, "the Korean entry keeps its own")

        // A playlist named .mp3 is refused, naming it, and ffmpeg never opens what it lists.
        let playlist = Array("#EXTM3U\n#EXTINF:10,\n../outside/secret.mp3\n#EXT-X-ENDLIST\n".utf8)
        let refused = try await send(ben, "jikji", [("guide.mp3", playlist)], fields: [("language", "ko")])
        #expect(refused.status == 422 && refused.body.contains("guide.mp3"))
        #expect(try studio.state.draft(of: "jikji").draft == nil)
    }

    @Test func aPictureIsReplacedByAFileOfAnotherFormatAndTheOldOneGoesOnPublish() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let folder = studio.guide.url
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("jikji.svg").path))
        let items = try studio.guide.file("items.json")
        let answer = try await send(ben, "jikji", [("scan.png", Self.png)], fields: [("replace", "jikji")])
        #expect(answer.status == 200 && answer.body.contains("jikji"))
        let sheet = try #require(try GuideEditing(state: studio.state, guide: studio.guide).sheet("jikji"))
        #expect(sheet.gallery == ["jikji"] && sheet.draftedFiles.keys.sorted() == ["jikji.png"], "the same picture, a new file")
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("jikji.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("jikji.svg").path), "the old file would be shown instead")
        #expect(try studio.guide.file("items.json") == items, "the entry is as it was")
        #expect(studio.guide.watchedLoad().catalog.images["jikji"]?.variants.first?.format == .png)
        // A replace naming a picture the exhibit does not have adds a new one instead.
        let other = try await send(ben, "jikji", [("x.png", Self.png)], fields: [("replace", "../haegeum")])
        #expect(other.status == 200 && other.body.contains("jikji-2"))
    }
}
