import Foundation
import Testing
@testable import ExpoStudio

/// Every studio route, found by walking the studio as an admin rather than from a list kept
/// by hand, tried without a session, with one that has ended, and as each role.
@Suite(.serialized) struct StudioAccessTests {
    /// The studio's pages a person can reach by following links and forms from its first
    /// page: GET paths, and the (path) of each form that posts.
    static func walk(_ studio: LiveStudio, session: String) async throws -> (pages: Set<String>, forms: Set<String>) {
        try await walk(studio.http, session: session)
    }

    static func walk(_ http: RawHTTP, session: String) async throws -> (pages: Set<String>, forms: Set<String>) {
        var pages: Set<String> = [], forms: Set<String> = []
        var queue = ["/studio/"]
        while let path = queue.popLast() {
            guard pages.insert(path).inserted else { continue }
            let answer = try await http.send("GET", path, headers: [("Cookie", "studio_session=\(session)")])
            #expect(answer.status == 200, "\(path) as the walker")
            for link in matches(##"href="(/studio/[^"#?]*)""##, in: answer.body) where !link.hasPrefix("/studio/assets/") { queue.append(link) }
            for action in matches(#"<form[^>]*method="post"[^>]*action="(/studio/[^"]*)""#, in: answer.body) { forms.insert(action) }
        }
        return (pages, forms)
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        matches(pattern, in: text, groups: 1).map { $0[0] }
    }

    /// Each match's first `groups` groups, a group that took no part as "".
    static func matches(_ pattern: String, in text: String, groups: Int) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1...groups).map { group in Range(match.range(at: group), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    @Test func everyRouteChecksTheSessionAndTheRoleOnTheServer() async throws {
        // With tours and floors, so that their pages are on the walk too.
        let studio = try await LiveStudio(files: ["tours.json": #"[{"id": "walk", "title": "걷기", "stops": ["jikji"]}]"#,
                                                  "floors.json": #"[{"id": "1", "name": "1층", "plan": "poster"}]"#])
        defer { Task { await studio.stop() } }
        let admin = try #require(try await studio.logIn("anna").session)
        let all = try await Self.walk(studio, session: admin)
        #expect(all.pages.contains("/studio/audit"), "the walk found the admin's pages: \(all.pages)")
        #expect(all.pages.isSuperset(of: ["/studio/exposition", "/studio/tours", "/studio/floors", "/studio/tours/history"]), "\(all.pages)")
        #expect(all.forms.contains("/studio/logout"))

        for path in all.pages {
            let answer = try await studio.http.send("GET", path)
            #expect(answer.status == 303 && answer.header("location") == "/studio/login", "\(path) without a session")
            let forged = try await studio.http.send("GET", path, headers: [("Cookie", "studio_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")])
            #expect(forged.status == 303, "\(path) with a made-up session")
        }

        // Every form the walk found refuses a post without its token, or from another origin.
        for action in all.forms {
            let cookie = ("Cookie", "studio_session=\(admin)")
            let type = ("Content-Type", "application/x-www-form-urlencoded")
            let token = try LiveStudio.token(in: try await studio.http.send("GET", "/studio/", headers: [cookie]).body)
            let noToken = try await studio.http.send("POST", action, headers: [cookie, type, ("Origin", studio.origin)], body: RawHTTP.form([]))
            #expect(noToken.status == 403, "\(action) without its token")
            let foreign = try await studio.http.send("POST", action, headers: [cookie, type, ("Origin", "http://evil.example")],
                                                     body: RawHTTP.form([("form_token", token)]))
            #expect(foreign.status == 403, "\(action) from another origin")
        }

        for (name, role) in [("ben", Role.editor), ("chae", Role.contributor)] {
            let session = try #require(try await studio.logIn(name).session)
            let theirs = try await Self.walk(studio, session: session)
            for path in all.pages.subtracting(theirs.pages) {
                let answer = try await studio.http.send("GET", path, headers: [("Cookie", "studio_session=\(session)")])
                #expect(answer.status == 403, "\(path) as \(role), who has no link to it")
            }
            #expect(!theirs.pages.contains("/studio/audit"), "only admins read the audit log")
        }

        // A session that has ended (idle past its time) opens nothing either.
        studio.advance(31 * 60)
        for path in all.pages {
            #expect(try await studio.http.send("GET", path, headers: [("Cookie", "studio_session=\(admin)")]).status == 303, "\(path) after the session ended")
        }
    }

    @Test func everyInterfaceLanguageHasEveryWord() {
        let keys = StudioLanguage.allCases.map { Set(StudioStrings.load($0).keys) }
        for (language, words) in zip(StudioLanguage.allCases, keys) {
            #expect(words == keys[0], "\(language.rawValue) differs: \(words.symmetricDifference(keys[0]).sorted())")
        }
        for action in [AuditEntry.Action.accountAdded, .accountRemoved, .roleChanged, .passwordChanged, .loggedIn, .loginFailed, .loggedOut] {
            #expect(keys[0].contains("audit_\(action.key)"))
        }
    }
}
