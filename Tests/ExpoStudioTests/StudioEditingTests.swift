import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// Editing, as staff do it through plain forms: a draft saved in two languages, seen in the
/// preview and not by visitors, published into the catalog's file (that entry's bytes only),
/// then reverted; a save over someone else's is refused with both texts side by side.
@Suite(.serialized) struct StudioEditingTests {
    /// A signed-in person's requests.
    struct Person {
        let http: RawHTTP
        let origin: String
        let session: String

        init(http: RawHTTP, origin: String, session: String) {
            self.http = http
            self.origin = origin
            self.session = session
        }

        init(studio: LiveStudio, session: String) {
            self.init(http: studio.http, origin: studio.origin, session: session)
        }

        func get(_ path: String) async throws -> RawHTTP.Answer {
            try await http.send("GET", path, headers: [("Cookie", "studio_session=\(session)")])
        }

        /// Posts `fields` with the token of the page at `page`, as its form would.
        func post(_ path: String, _ fields: [(String, String)], tokenFrom page: String = "/studio/") async throws -> RawHTTP.Answer {
            let token = try LiveStudio.token(in: try await get(page).body)
            return try await http.send("POST", path, headers: [
                ("Cookie", "studio_session=\(session)"), ("Origin", origin), ("Content-Type", "application/x-www-form-urlencoded"),
            ], body: RawHTTP.form([("form_token", token)] + fields))
        }

        /// The exhibit's form (or the one at `path`) as the page fills it: every field and hidden value, by name.
        func form(_ id: String, at path: String? = nil) async throws -> [(String, String)] {
            let page = try await get(path ?? "/studio/exhibits/\(id)").body
            var fields: [(String, String)] = []
            for match in StudioAccessTests.matches(#"<input type="hidden" name="((?:revision|version\.)[^"]*)" value="([^"]*)""#, in: page, groups: 2) {
                fields.append((match[0], match[1]))
            }
            for match in StudioAccessTests.matches(#"<(?:input|textarea) id="[^"]*" name="(f\.[^"]*)"[^>]*?(?:value="([^"]*)"[^>]*)?>(?:([^<]*)</textarea>)?"#, in: page, groups: 3) {
                fields.append((match[0], Self.unescaped(match[1].isEmpty ? match[2] : match[1])))
            }
            return fields
        }

        static func unescaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }

        /// Saves the exhibit's form (or the one at `path`) with `changes` made to it.
        func save(_ id: String, _ changes: [String: String], over form: [(String, String)]? = nil, at path: String? = nil) async throws -> RawHTTP.Answer {
            let path = path ?? "/studio/exhibits/\(id)"
            var fields = form ?? []
            if form == nil { fields = try await self.form(id, at: path) }
            return try await post(path, fields.map { ($0.0, changes[$0.0] ?? $0.1) }, tokenFrom: path)
        }
    }

    private func person(_ studio: LiveStudio, _ name: String) async throws -> Person {
        Person(studio: studio, session: try #require(try await studio.logIn(name).session))
    }

    /// A save's preview is made after the one before it, whose indexes it takes where they
    /// cannot differ: at 100,000 exhibits that was most of the time from a save to its preview.
    @Test func eachPreviewIsMadeAfterTheOneBefore() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        #expect(try await ben.save("jikji", ["f.ko.short_desc": "첫째 초안"]).status == 303)
        #expect(try await ben.get("/studio/preview/items/jikji/").body.contains("첫째 초안"))
        #expect(try await ben.save("jikji", ["f.ko.short_desc": "둘째 초안"]).status == 303)
        let second = try await ben.get("/studio/preview/items/jikji/").body
        #expect(second.contains("둘째 초안") && !second.contains("첫째 초안"))
        #expect(try await ben.get("/studio/preview/items/").body.contains("둘째 초안"))
        let made = studio.guide.madeSites.withLock { $0 }
        try #require(made.count == 2, "\(made)")
        #expect(made[0].earlier == nil)
        #expect(made[1].earlier == made[0].made)
    }

    @Test func aDraftIsPreviewedPublishedIntoItsEntryAndReverted() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let original = try studio.guide.file("items.json")
        let originalEnglish = try studio.guide.file("items.en.json")

        let list = try await ben.get("/studio/exhibits")
        #expect(list.body.contains("/studio/exhibits/jikji") && list.body.contains("/studio/exhibits/haegeum"))
        let found = try await ben.get("/studio/exhibits?q=%ED%95%B4%EA%B8%88")
        #expect(found.body.contains("/studio/exhibits/haegeum") && !found.body.contains("/studio/exhibits/jikji\""), "the guide's search finds 해금 alone")

        let saved = try await ben.save("jikji", ["f.ko.short_desc": "가장 오래된 금속활자본", "f.en.name": "Jikji, the Anthology"])
        #expect(saved.status == 303)
        let page = try await ben.get("/studio/exhibits/jikji?done=saved")
        #expect(page.body.contains("가장 오래된 금속활자본") && page.body.contains("Jikji, the Anthology"))
        // The draft is in the preview, at the same screens, and nowhere a visitor goes.
        #expect(try await ben.get("/studio/preview/items/jikji/").body.contains("가장 오래된 금속활자본"))
        #expect(try await ben.get("/studio/preview/en/items/jikji/").body.contains("Jikji, the Anthology"))
        #expect(try await ben.get("/studio/preview/sw.js").status == 404)
        #expect(try await studio.http.send("GET", "/items/jikji/").body.contains("금속활자로 찍은 책"))
        #expect(try studio.guide.file("items.json") == original)

        let published = try await ben.post("/studio/publish", [("exhibit", "jikji")], tokenFrom: "/studio/publish")
        #expect(published.status == 200 && published.body.contains("publication 1") || published.body.contains("게시 1"), "\(published.body)")
        #expect(try await studio.http.send("GET", "/items/jikji/").body.contains("가장 오래된 금속활자본"))
        #expect(try await studio.http.send("GET", "/en/items/jikji/").body.contains("Jikji, the Anthology"))
        // Only the one value changed in each file: every other byte is as it was.
        #expect(try studio.guide.file("items.json") == original.replacingOccurrences(of: "금속활자로 찍은 책", with: "가장 오래된 금속활자본"))
        #expect(try studio.guide.file("items.en.json") == originalEnglish.replacingOccurrences(of: #""Jikji""#, with: #""Jikji, the Anthology""#))

        let history = try await ben.get("/studio/exhibits/jikji/history")
        #expect(history.body.contains("금속활자로 찍은 책") && history.body.contains("가장 오래된 금속활자본"))
        let reverted = try await ben.post("/studio/exhibits/jikji/revert", [("publication", "1")], tokenFrom: "/studio/exhibits/jikji/history")
        #expect(reverted.status == 303)
        #expect(try studio.guide.file("items.json") == original)
        #expect(try studio.guide.file("items.en.json") == originalEnglish)
        #expect(try await studio.http.send("GET", "/items/jikji/").body.contains("금속활자로 찍은 책"))
        let log = try studio.state.auditLog().map(\.action)
        #expect(log.contains(.published) && log.contains(.reverted))
    }

    @Test func theExpositionIsEditedPreviewedPublishedAndRevertedAsAnExhibitIs() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let file = "exposition_universelle_1900.json"
        let original = try studio.guide.file(file)
        #expect(try await ben.get("/studio/").body.contains("href=\"/studio/exposition\""))
        let form = try await ben.form("", at: "/studio/exposition")
        #expect(form.contains { $0 == ("f.ko.visitors", "48130300") } && !form.contains { $0.0 == "f.en.visitors" })

        let saved = try await ben.save("", ["f.ko.location": "프랑스 파리, 센 강변", "f.en.title": "The Paris Exposition of 1900"], at: "/studio/exposition")
        #expect(saved.status == 303 && saved.header("Location") == "/studio/exposition?done=saved")
        let page = try await ben.get("/studio/exposition")
        // English has no exposition file yet: its other texts are said to fall back, at their fields.
        #expect(page.body.contains("The Paris Exposition of 1900") && page.body.contains("i-f-en-location-m0"))
        #expect(try await ben.get("/studio/preview/").body.contains("프랑스 파리, 센 강변"))
        #expect(try await ben.get("/studio/preview/en/").body.contains("The Paris Exposition of 1900"))
        let home = try await studio.http.send("GET", "/").body
        #expect(home.contains("프랑스 파리") && !home.contains("센 강변"))

        let published = try await ben.post("/studio/publish", [("exhibit", CatalogEntry.exposition)], tokenFrom: "/studio/publish")
        #expect(published.status == 200, "\(published.body)")
        #expect(try await studio.http.send("GET", "/").body.contains("프랑스 파리, 센 강변"))
        #expect(try await studio.http.send("GET", "/en/").body.contains("The Paris Exposition of 1900"))
        #expect(try studio.guide.file(file) == original.replacingOccurrences(of: "\"프랑스 파리\"", with: "\"프랑스 파리, 센 강변\""))
        #expect(try studio.guide.file("exposition_universelle_1900.en.json").contains("The Paris Exposition of 1900"))

        let history = try await ben.get("/studio/exposition/history")
        #expect(history.body.contains("센 강변") && history.body.contains("action=\"/studio/exposition/revert\""))
        let reverted = try await ben.post("/studio/exposition/revert", [("publication", "1")], tokenFrom: "/studio/exposition/history")
        #expect(reverted.status == 303)
        #expect(try studio.guide.file(file) == original)
        let homeAgain = try await studio.http.send("GET", "/").body
        #expect(homeAgain.contains("프랑스 파리") && !homeAgain.contains("센 강변"))
        // The exhibits' routes do not lead to it.
        #expect(try await ben.get("/studio/exhibits/%40exposition").status == 404)
    }

    @Test func toursAndFloorsTextsAreEditedAndPublishedIntoTheirFiles() async throws {
        let tours = #"[{"id": "printed-word", "title": "인쇄된 말", "stops": ["jikji", "haegeum"]}]"#
        let floors = #"[{"id": "1", "name": "1층", "plan": "poster"}]"#
        let studio = try await LiveStudio(files: ["tours.json": tours, "floors.json": floors])
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let home = try await ben.get("/studio/").body
        #expect(home.contains("href=\"/studio/tours\"") && home.contains("href=\"/studio/floors\""))
        let saved = try await ben.save("", ["f.en.tours.printed-word.title": "The printed word", "f.ko.tours.printed-word.description": "책을 따라 걷는 길."],
                                       at: "/studio/tours")
        #expect(saved.status == 303)
        #expect(try await ben.save("", ["f.ko.floors.1.plan_alt": "네모난 방 하나"], at: "/studio/floors").status == 303)
        #expect(try await ben.get("/studio/preview/en/tours/").body.contains("The printed word"))
        let published = try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish")
        #expect(published.status == 200, "\(published.body)")
        #expect(try await studio.http.send("GET", "/en/tours/").body.contains("The printed word"))
        #expect(try studio.guide.file("tours.json") == tours.replacingOccurrences(of: #""haegeum"]}"#,
                                                                                 with: #""haegeum"], "description": "책을 따라 걷는 길."}"#))
        #expect(try studio.guide.file("floors.json") == floors.replacingOccurrences(of: #""plan": "poster""#, with: #""plan": "poster", "plan_alt": "네모난 방 하나""#))
        #expect(try studio.guide.file("tours.en.json").contains("The printed word"))
        #expect(try await ben.get("/studio/tours/history").body.contains("책을 따라 걷는 길."))
    }

    @Test func aCatalogWithoutToursOrFloorsHasNoPagesForThem() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        #expect(!(try await ben.get("/studio/").body.contains("/studio/tours")))
        #expect(try await ben.get("/studio/tours").status == 404)
        #expect(try await ben.get("/studio/floors/history").status == 404)
    }

    @Test func aTranscriptKeptInAFileIsEditedPublishedIntoThatFileAndReverted() async throws {
        let vtt = "WEBVTT\n\n00:00.000 --> 00:02.000\n첫 문장.\n"
        let items = TemporaryCatalog.seedItems.replacingOccurrences(of: #""short_desc":"금속활자로 찍은 책","#,
                                                                    with: #""short_desc":"금속활자로 찍은 책","transcript":"jikji.vtt","#)
        let studio = try await LiveStudio(files: ["items.json": items, "jikji.vtt": vtt])
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let form = try await ben.form("jikji")
        #expect(form.contains { $0 == ("f.ko.transcript", "jikji.vtt") } && form.contains { $0 == ("f.ko.transcript_text", vtt) })
        #expect(!form.contains { $0.0 == "f.en.transcript_text" }, "English names no transcript file")
        let newer = vtt + "\n00:02.000 --> 00:04.000\n둘째 <b>문장</b>.\n"
        #expect(try await ben.save("jikji", ["f.ko.transcript_text": newer], over: form).status == 303)
        #expect(try await ben.get("/studio/preview/items/jikji/").body.contains("둘째"))
        #expect(try studio.guide.file("jikji.vtt") == vtt)
        let published = try await ben.post("/studio/publish", [("exhibit", "jikji")], tokenFrom: "/studio/publish")
        #expect(published.status == 200, "\(published.body)")
        #expect(try studio.guide.file("jikji.vtt") == newer)
        #expect(try studio.guide.file("items.json") == items)
        #expect(try await studio.http.send("GET", "/items/jikji/").body.contains("둘째"))

        // A file that is not WebVTT is said at the field, before it is published.
        #expect(try await ben.save("jikji", ["f.ko.transcript_text": "첫 문장뿐"]).status == 303)
        #expect(try await ben.get("/studio/exhibits/jikji").body.contains("i-f-ko-transcript-text-m0"))

        let reverted = try await ben.post("/studio/exhibits/jikji/revert", [("publication", "1")], tokenFrom: "/studio/exhibits/jikji/history")
        #expect(reverted.status == 303)
        #expect(try studio.guide.file("jikji.vtt") == vtt)
    }

    @Test func aSaveOverANewerOneIsRefusedWithBothTextsAndKeepsTheFormsText() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben"), chae = try await person(studio, "chae")
        let bensForm = try await ben.form("haegeum")
        let chaesForm = try await chae.form("haegeum")
        #expect(try await chae.save("haegeum", ["f.ko.desc": "채가 쓴 설명."], over: chaesForm).status == 303)
        let refused = try await ben.save("haegeum", ["f.ko.desc": "벤이 쓴 설명."], over: bensForm)
        #expect(refused.status == 409)
        #expect(refused.body.contains("벤이 쓴 설명.</textarea>"), "the person's own text stays in the form")
        #expect(refused.body.contains("채가 쓴 설명."), "what was saved meanwhile stands beside it")
        #expect(refused.body.contains("chae"))
        // Saving the refused form again (now over the newer revision) is the person's choice, and is kept.
        let again = try await ben.save("haegeum", [:], over: try await Self.refusedForm(refused.body))
        #expect(again.status == 303)
        #expect(try studio.state.draft(of: "haegeum").fields.first { $0.field == "desc" }?.value == "벤이 쓴 설명.")
    }

    @Test func aTextChangedOnDiskIsNeverWrittenOverUnseen() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let form = try await ben.form("haegeum")
        // Someone edits the file in a text editor, and the guide reads it again.
        let edited = try studio.guide.file("items.json").replacingOccurrences(of: "활로 켜는 악기.", with: "파일에서 고친 설명.")
        try studio.guide.write("items.json", edited)
        #expect(studio.guide.reload(because: "test") == nil)
        let refused = try await ben.save("haegeum", ["f.ko.name": "해금 (奚琴)"], over: form)
        #expect(refused.status == 409)
        #expect(refused.body.contains("파일에서 고친 설명."), "what the file holds now is shown")
        // A draft saved before the file changed is not published over it either.
        let saved = try await ben.save("haegeum", ["f.ko.desc": "초안의 설명."])
        #expect(saved.status == 303)
        try studio.guide.write("items.json", edited.replacingOccurrences(of: "파일에서 고친 설명.", with: "또 고친 설명."))
        #expect(studio.guide.reload(because: "test") == nil)
        let publish = try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish")
        #expect(publish.status == 409)
        #expect(try studio.guide.file("items.json").contains("또 고친 설명."))
    }

    @Test func contributorsDraftAndAskButOnlyEditorsPublish() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let chae = try await person(studio, "chae")
        #expect(try await chae.save("jikji", ["f.ko.name": "직지"]).status == 303)
        #expect(try await chae.post("/studio/exhibits/jikji/submit", [], tokenFrom: "/studio/exhibits/jikji").status == 303)
        #expect(try studio.state.draft(of: "jikji").draft?.submitted == true)
        #expect(try await chae.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 403)
        #expect(try await chae.post("/studio/exhibits/jikji/revert", [("publication", "1")], tokenFrom: "/studio/exhibits/jikji").status == 403)
        #expect(!(try await chae.get("/studio/exhibits/jikji").body.contains("action=\"/studio/publish\"")))
        #expect(try studio.guide.file("items.json").contains("직지심체요절"))
    }

    @Test func hostileFormsChangeOnlyTheTextsTheFormShowsAndAreEscapedEverywhere() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>\u{1B}[2J\u{0}"
        var form = try await ben.form("jikji")
        form += [("f.ko.image_name", "../../etc"), ("f.ko.images.x/../y.alt", "x"), ("f.xx.name", "x"), ("f.en.stop", "99")]
        let saved = try await ben.save("jikji", ["f.ko.name": hostile, "f.en.desc": hostile], over: form)
        #expect(saved.status == 303)
        let fields = try studio.state.draft(of: "jikji").fields
        #expect(Set(fields.map { "\($0.language).\($0.field)" }) == ["ko.name", "en.desc"])
        let page = try await ben.get("/studio/exhibits/jikji").body
        #expect(!page.contains("<script>alert(1)") && !page.contains("<img src=x") && !page.contains("\u{1B}"))
        let preview = try await ben.get("/studio/preview/items/jikji/").body
        #expect(!preview.contains("<script>alert(1)") && !preview.contains("<img src=x") && !preview.contains("\u{1B}"))
        #expect(try await ben.post("/studio/publish", [], tokenFrom: "/studio/publish").status == 200)
        let public_ = try await studio.http.send("GET", "/items/jikji/").body
        #expect(public_.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!public_.contains("<img src=x") && !public_.contains("\u{1B}"))
        // The file holds the text as typed, as JSON, without the control characters no page can show.
        #expect(try studio.guide.file("items.json").contains(#""name":"<script>alert(1)</script>\"><img src=x onerror=alert(2)>[2J""#))
        // A revision that is not a number is a save over something else: refused, nothing lost.
        var bad = try await ben.form("haegeum")
        bad = bad.map { $0.0 == "revision" ? ($0.0, "abc") : $0 }
        #expect(try await ben.save("haegeum", ["f.ko.name": "x"], over: bad).status == 409)
    }

    /// The hidden values and texts of a refused save's form.
    static func refusedForm(_ page: String) async throws -> [(String, String)] {
        var fields: [(String, String)] = []
        for match in StudioAccessTests.matches(#"<input type="hidden" name="((?:revision|version\.)[^"]*)" value="([^"]*)""#, in: page, groups: 2) {
            fields.append((match[0], match[1]))
        }
        for match in StudioAccessTests.matches(#"<(?:input|textarea) id="[^"]*" name="(f\.[^"]*)"[^>]*?(?:value="([^"]*)"[^>]*)?>(?:([^<]*)</textarea>)?"#, in: page, groups: 3) {
            fields.append((match[0], Person.unescaped(match[1].isEmpty ? match[2] : match[1])))
        }
        return fields
    }

    @Test func hostileAddressesFindNothingAndChangeNothing() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = try await person(studio, "ben")
        let before = try studio.guide.file("items.json")
        for path in ["/studio/exhibits/nothing", "/studio/exhibits/..%2F..%2Fetc%2Fpasswd", "/studio/exhibits/%3Cscript%3E",
                     "/studio/exhibits/nothing/history"] {
            let answer = try await ben.get(path)
            #expect(answer.status == 404, "\(path)")
            #expect(!answer.body.contains("<script>"), "\(path)")
        }
        #expect(try await ben.post("/studio/exhibits/nothing", [("f.ko.name", "x"), ("revision", "0")]).status == 404)
        // The preview answers only from the preview's own pages.
        for path in ["/studio/preview/../../etc/passwd", "/studio/preview/%2E%2E/%2E%2E/studio.sqlite", "/studio/preview/sw.js"] {
            let answer = try await ben.get(path)
            #expect(answer.status == 404 || answer.status == 303, "\(path): \(answer.status)")
            #expect(!answer.body.contains("SQLite format"), "\(path)")
        }
        // A revert of a publication that never touched the exhibit changes nothing.
        #expect(try await ben.save("jikji", ["f.ko.name": "직지"]).status == 303)
        #expect(try await ben.post("/studio/publish", [("exhibit", "jikji")], tokenFrom: "/studio/publish").status == 200)
        let afterPublish = try studio.guide.file("items.json")
        let reverted = try await ben.post("/studio/exhibits/haegeum/revert", [("publication", "1")], tokenFrom: "/studio/exhibits/haegeum/history")
        #expect(reverted.status == 404)
        #expect(try studio.guide.file("items.json") == afterPublish)
        #expect(afterPublish != before)
        for number in ["-1", "99999999999999999999", "1; DROP TABLE draft", ""] {
            let answer = try await ben.post("/studio/exhibits/jikji/revert", [("publication", number)], tokenFrom: "/studio/exhibits/jikji/history")
            #expect(answer.status == 400 || answer.status == 404, "\(number): \(answer.status)")
        }
        #expect(try studio.guide.file("items.json") == afterPublish)
        #expect(try studio.state.draft(of: "jikji").draft == nil, "the tables are all there")
    }
}
