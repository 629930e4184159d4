import ExpoTestSupport
import Foundation
import NIOHTTP1
import Testing
@testable import ExpoStudio

/// The studio of a folder of exhibitions: one login and one set of accounts, each
/// exhibition's pages at `/studio/e/NAME/` with its own drafts, history and audit lines, and
/// every one of its routes refused on the server to someone without a role in it.
@Suite(.serialized) struct MuseumStudioTests {
    typealias Person = StudioEditingTests.Person

    @Test func everyRouteOfAnExhibitionAnswersOnlyThoseWithARoleInIt() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let anna = try await studio.person("anna")
        let all = try await StudioAccessTests.walk(studio.http, session: anna.session)
        let korea = all.pages.filter { $0.hasPrefix("/studio/e/korea/") }
        let paris = all.pages.filter { $0.hasPrefix("/studio/e/paris/") }
        #expect(korea.contains("/studio/e/korea/exhibits/jikji") && paris.contains("/studio/e/paris/exhibits/jikji"), "\(all.pages.sorted())")
        #expect(all.pages.isSuperset(of: ["/studio/", "/studio/accounts", "/studio/audit", "/studio/e/korea/audit"]))
        let parisForms = all.forms.filter { $0.hasPrefix("/studio/e/paris/") }
        #expect(parisForms.isSuperset(of: ["/studio/e/paris/import", "/studio/e/paris/exhibits/jikji", "/studio/e/paris/exhibits/jikji/files"]), "\(all.forms.sorted())")

        let kim = try await studio.person("kim")
        let theirs = try await StudioAccessTests.walk(studio.http, session: kim.session)
        #expect(theirs.pages.contains("/studio/e/korea/exhibits/jikji"))
        #expect(!theirs.pages.contains { $0.hasPrefix("/studio/e/paris/") }, "kim is led nowhere in paris")
        let parisFile = try studio.guides["paris"]!.file("items.json")
        for path in paris {
            let answer = try await kim.get(path)
            #expect(answer.status == 403, "\(path) as kim, who has no role in paris")
            #expect(!answer.body.contains("직지"), "\(path) shows nothing of paris")
        }
        for action in parisForms {
            // With kim's own valid token and this origin: refused for the place, not the form.
            let answer = try await kim.post(action, [("exhibit", "jikji"), ("f.ko.name", "바뀐 이름"), ("publication", "1")])
            #expect(answer.status == 403, "POST \(action) as kim")
        }
        #expect(try studio.guides["paris"]!.file("items.json") == parisFile, "nothing kim sent reached paris's files")
        #expect(try studio.state.scoped(to: "paris").drafts().isEmpty)
        for path in ["/studio/accounts", "/studio/audit"] {
            #expect(try await kim.get(path).status == 403, "\(path) is for admins of every exhibition")
        }
        for path in korea.subtracting(theirs.pages) {
            #expect(try await kim.get(path).status == 403, "\(path) as an editor, who has no link to it")
        }

        let lee = try await studio.person("lee")
        for path in korea { #expect(try await lee.get(path).status == 403, "\(path) as lee, who works in paris only") }
        // Addresses that try to step from one exhibition into another, or name one oddly.
        for path in ["/studio/e/paris/../korea/exhibits/jikji", "/studio/e/paris/%2E%2E/korea/exhibits", "/studio/e/PARIS/",
                     "/studio/e/korea%2F/", "/studio/e/", "/studio/e//exhibits", "/studio/e/korea/../../accounts"] {
            let answer = try await lee.get(path)
            #expect(answer.status != 200 || !answer.body.contains("/studio/e/korea/exhibits/"), "\(path) as lee: \(answer.status)")
            #expect(answer.status != 200 || !answer.body.contains("account_new_password"), "\(path) as lee")
        }

        for path in all.pages {
            let answer = try await studio.http.send("GET", path)
            #expect(answer.status == 303 && answer.header("location") == "/studio/login", "\(path) without a session")
        }
        #expect(try await anna.get("/studio/e/korea").header("location") == "/studio/e/korea/")
        #expect(try await anna.get("/studio/e/nowhere/").status == 404)
    }

    @Test func theFirstPageListsTheExhibitionsAPersonWorksOn() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let kim = try await studio.get("kim", "/studio/")
        #expect(kim.status == 200)
        #expect(kim.body.contains("href=\"/studio/e/korea/\"") && !kim.body.contains("/studio/e/paris/"))
        #expect(!kim.body.contains("/studio/accounts"), "kim manages no accounts")
        let anna = try await studio.get("anna", "/studio/")
        #expect(anna.body.contains("href=\"/studio/e/korea/\"") && anna.body.contains("href=\"/studio/e/paris/\""))
        #expect(anna.body.contains("/studio/accounts"))
        // Each exhibition's pages say which one they are, and lead back to the list.
        let page = try await studio.get("kim", "/studio/e/korea/exhibits")
        #expect(page.body.contains("korea") && page.body.contains("href=\"/studio/\""))
        #expect(page.body.contains("href=\"/studio/e/korea/exhibits/jikji\"") && page.body.contains("href=\"/korea/\""))
    }

    @Test func draftsPublishingHistoryAndTheAuditLogStayInTheirExhibition() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let anna = try await studio.person("anna")
        let parisFile = try studio.guides["paris"]!.file("items.json")
        let saved = try await anna.save("jikji", ["f.ko.short_desc": "서울에서 고친 설명"], at: "/studio/e/korea/exhibits/jikji")
        #expect(saved.status == 303 && saved.header("location") == "/studio/e/korea/exhibits/jikji?done=saved")
        #expect(try studio.state.scoped(to: "korea").drafts().map(\.exhibit) == ["jikji"])
        #expect(try studio.state.scoped(to: "paris").drafts().isEmpty)
        #expect(try await anna.get("/studio/e/paris/exhibits/jikji").body.contains("서울에서 고친 설명") == false)

        let preview = try await anna.get("/studio/e/korea/preview/items/jikji/")
        #expect(preview.body.contains("서울에서 고친 설명") && preview.body.contains("/studio/e/korea/preview/"))
        #expect(!(try await anna.get("/studio/e/paris/preview/items/jikji/").body.contains("서울에서 고친 설명")))

        let published = try await anna.post("/studio/e/korea/publish", [("exhibit", "jikji")], tokenFrom: "/studio/e/korea/publish")
        #expect(published.status == 200)
        #expect(try await studio.http.send("GET", "/korea/items/jikji/").body.contains("서울에서 고친 설명"))
        #expect(!(try await studio.http.send("GET", "/paris/items/jikji/").body.contains("서울에서 고친 설명")))
        #expect(try studio.guides["paris"]!.file("items.json") == parisFile)

        #expect(try await anna.get("/studio/e/korea/exhibits/jikji/history").body.contains("서울에서 고친 설명"))
        #expect(!(try await anna.get("/studio/e/paris/exhibits/jikji/history").body.contains("서울에서 고친 설명")))
        let koreaLog = try await anna.get("/studio/e/korea/audit").body
        let parisLog = try await anna.get("/studio/e/paris/audit").body
        #expect(koreaLog.contains("publication 1") && !parisLog.contains("publication 1"))
        let museumLog = try await anna.get("/studio/audit").body
        #expect(museumLog.contains("<td>korea</td>") && museumLog.contains("publication 1"), "the museum's log says which exhibition")
        #expect(try studio.state.auditLog().contains { $0.action == .published && $0.exhibition == "korea" })

        // The other exhibition numbers its own publications, and reverts only its own.
        let refused = try await anna.post("/studio/e/paris/exhibits/jikji/revert", [("publication", "1")],
                                          tokenFrom: "/studio/e/paris/exhibits/jikji/history")
        #expect(refused.status != 303, "paris has no publication 1 of its own")
        #expect(try studio.guides["paris"]!.file("items.json") == parisFile)
        let reverted = try await anna.post("/studio/e/korea/exhibits/jikji/revert", [("publication", "1")],
                                           tokenFrom: "/studio/e/korea/exhibits/jikji/history")
        #expect(reverted.status == 303)
        #expect(!(try await studio.http.send("GET", "/korea/items/jikji/").body.contains("서울에서 고친 설명")))
    }

    @Test func rolesAreGivenPerExhibitionOnTheAccountsPage() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let anna = try await studio.person("anna")
        let kim = try await studio.person("kim")
        let page = try await anna.get("/studio/accounts")
        #expect(page.body.contains("name=\"exhibition\"") && page.body.contains("<option value=\"paris\">paris</option>"))
        #expect(try await kim.get("/studio/e/paris/").status == 403)

        let given = try await anna.post("/studio/accounts/role", [("name", "kim"), ("role", "contributor"), ("exhibition", "paris")],
                                        tokenFrom: "/studio/accounts")
        #expect(given.status == 200)
        #expect(try await kim.get("/studio/e/paris/").status == 200, "the role counts from kim's next request")
        #expect(try studio.state.account(named: "kim")?.exhibitionRoles == ["korea": .editor, "paris": .contributor])

        for (place, why) in [("../etc", "a path"), ("nowhere", "an exhibition the museum does not have"), ("studio", "a reserved name"),
                             (String(repeating: "a", count: 5000), "a long name")] {
            let answer = try await anna.post("/studio/accounts/role", [("name", "kim"), ("role", "admin"), ("exhibition", place)],
                                             tokenFrom: "/studio/accounts")
            #expect(answer.status == 422, "\(why) is refused")
        }
        #expect(try studio.state.account(named: "kim")?.exhibitionRoles == ["korea": .editor, "paris": .contributor])

        // Taken away again; the last role is kept, with the reason.
        #expect(try await anna.post("/studio/accounts/role", [("name", "kim"), ("role", "none"), ("exhibition", "paris")],
                                    tokenFrom: "/studio/accounts").status == 200)
        #expect(try await kim.get("/studio/e/paris/").status == 403)
        let last = try await anna.post("/studio/accounts/role", [("name", "kim"), ("role", "none"), ("exhibition", "korea")],
                                       tokenFrom: "/studio/accounts")
        #expect(last.status == 422)
        #expect(try studio.state.account(named: "kim")?.exhibitionRoles == ["korea": .editor])

        let added = try await anna.post("/studio/accounts/add", [("name", "mo"), ("role", "editor"), ("exhibition", "paris"),
                                                                 ("password", "another long password")], tokenFrom: "/studio/accounts")
        #expect(added.status == 200)
        let mo = try studio.state.account(named: "mo")
        #expect(mo?.role == nil && mo?.exhibitionRoles == ["paris": .editor])

        // Only an admin of every exhibition manages accounts: an editor of all may not.
        let ben = try await studio.person("ben")
        let refused = try await ben.post("/studio/accounts/role", [("name", "kim"), ("role", "admin"), ("exhibition", "")])
        #expect(refused.status == 403)
        #expect(try studio.state.account(named: "kim")?.role == nil)
    }

    @Test func aLargeBodyIsTakenOnlyFromSomeoneWithARoleInThatExhibition() async throws {
        let studio = try await LiveMuseumStudio()
        defer { Task { await studio.stop() } }
        let kim = try await studio.person("kim")
        func limit(_ path: String, session: String?) -> Int {
            var headers = HTTPHeaders()
            if let session { headers.add(name: "cookie", value: "studio_session=\(session)") }
            return studio.routes.bodyLimit(for: HTTPRequestHead(version: .http1_1, method: .POST, uri: path, headers: headers))
        }
        #expect(limit("/studio/e/korea/exhibits/jikji/files", session: kim.session) == StudioRouter.mediaUploadLimit)
        #expect(limit("/studio/e/paris/exhibits/jikji/files", session: kim.session) == StudioRoutes.bodyLimit)
        #expect(limit("/studio/e/korea/exhibits/jikji/files", session: nil) == StudioRoutes.bodyLimit)
        #expect(limit("/studio/e/korea/import", session: kim.session) == StudioRouter.uploadLimit, "an editor there imports")
        #expect(limit("/studio/e/paris/import", session: kim.session) == StudioRoutes.bodyLimit)
    }
}
