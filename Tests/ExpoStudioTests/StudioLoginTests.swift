import ExpoStudio
import Foundation
import GRDB
import Testing

/// Logging in and out of the studio over real HTTP, as an attacker would try it too.
@Suite(.serialized) struct StudioLoginTests {
    @Test func withoutASessionPagesAskToLogInAndFormsAreRefused() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let home = try await studio.http.send("GET", "/studio/")
        #expect(home.status == 303)
        #expect(home.header("location") == "/studio/login")
        let logout = try await studio.http.send("POST", "/studio/logout", headers: [("Origin", studio.origin)])
        #expect(logout.status == 403, "a form without its token is refused before anything else")
    }

    @Test func aLoginMakesASessionWhoseCookieIsGuardedAndWhoseIdIsStoredOnlyAsAHash() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let form = try await studio.http.send("GET", "/studio/login")
        #expect(form.status == 200)
        #expect(form.header("cache-control") == "no-store")
        #expect(form.header("content-security-policy")?.contains("script-src 'self'") == true)
        let (session, answer) = try await studio.logIn("Anna")
        #expect(answer.status == 303)
        #expect(answer.header("location") == "/studio/")
        let cookie = try #require(answer.all("set-cookie").first { $0.hasPrefix("studio_session=") })
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        #expect(cookie.contains("Path=/studio"))
        #expect(!cookie.contains("Secure"), "plain HTTP on this machine: a Secure cookie would never be sent back")
        let id = try #require(session)
        #expect(Data(base64Encoded: id)?.count == 32, "256 random bits")
        let keys = try await DatabaseQueue(path: studio.state.file.path).read { db in try String.fetchAll(db, sql: "SELECT keyHash FROM session") }
        #expect(keys.count == 1)
        #expect(!keys.contains(id))
        #expect(keys.first?.count == 64, "a SHA-256 in hex, not the id")

        let home = try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(id)")])
        #expect(home.status == 200)
        #expect(home.body.contains("anna"))
        #expect(home.header("cache-control") == "no-store")
        #expect(try studio.state.auditLog().contains { $0.action == .loggedIn && $0.account == "anna" })
    }

    @Test func anUnknownNameAndAWrongPasswordGetTheSameAnswer() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let wrong = try await studio.logIn("anna", password: "not the password").answer
        let unknown = try await studio.logIn("nobody", password: "not the password").answer
        #expect(wrong.status == 401)
        #expect(unknown.status == 401)
        func scrubbed(_ answer: RawHTTP.Answer) throws -> String {
            answer.body.replacingOccurrences(of: try LiveStudio.token(in: answer.body), with: "")
                .replacingOccurrences(of: "value=\"anna\"", with: "").replacingOccurrences(of: "value=\"nobody\"", with: "")
        }
        #expect(try scrubbed(wrong) == scrubbed(unknown))
        #expect(wrong.cookie("studio_session") == nil)
        #expect(try studio.state.auditLog().filter { $0.action == .loginFailed }.map(\.account) == ["anna", "nobody"])
    }

    @Test func repeatedWrongPasswordsAreSlowedDownForTheNameAndTheAddress() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        var statuses: [Int] = []
        for _ in 0..<20 { statuses.append(try await studio.logIn("ben", password: "guess").answer.status) }
        #expect(statuses.prefix(5).allSatisfy { $0 == 401 })
        #expect(statuses.dropFirst(6).allSatisfy { $0 == 429 }, "\(statuses)")
        // Even the right password waits its turn, so a guess that lands is not told apart.
        #expect(try await studio.logIn("ben").answer.status == 429)
        // The address is slowed too: another name from it waits as well.
        #expect(try await studio.logIn("chae").answer.status == 429)
        studio.advance(16 * 60)
        #expect(try await studio.logIn("ben").answer.status == 303)
    }

    @Test func formsNeedTheirTokenAndTheStudiosOwnOrigin() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let (token, cookie) = try await studio.loginForm()
        let body = RawHTTP.form([("form_token", token), ("name", "anna"), ("password", LiveStudio.password)])
        let type = ("Content-Type", "application/x-www-form-urlencoded")
        let attempts: [[(String, String)]] = [
            [type, ("Cookie", "studio_login=\(cookie)")],
            [type, ("Cookie", "studio_login=\(cookie)"), ("Origin", "http://evil.example")],
            [type, ("Cookie", "studio_login=\(cookie)"), ("Origin", "null")],
            [type, ("Origin", studio.origin)],
            [type, ("Cookie", "studio_login=other"), ("Origin", studio.origin)],
        ]
        for headers in attempts {
            let answer = try await studio.http.send("POST", "/studio/login", headers: headers, body: body)
            #expect(answer.status == 403, "\(headers)")
            #expect(answer.cookie("studio_session") == nil)
        }
    }

    @Test func loggingOutEndsEverySessionOfTheAccount() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let phone = try #require(try await studio.logIn("anna").session)
        let desk = try #require(try await studio.logIn("anna").session)
        let page = try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(phone)")])
        let out = try await studio.http.send("POST", "/studio/logout", headers: [
            ("Cookie", "studio_session=\(phone)"), ("Origin", studio.origin), ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: RawHTTP.form([("form_token", try LiveStudio.token(in: page.body))]))
        #expect(out.status == 303)
        for session in [phone, desk] {
            #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(session)")]).status == 303)
        }
    }

    @Test func aNewPasswordEndsTheSessionsBegunWithTheOldOne() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let session = try #require(try await studio.logIn("ben").session)
        try studio.state.setPassword(Password("a new long passphrase"), of: "ben", by: "test")
        #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(session)")]).status == 303)
    }

    @Test func aSessionEndsAfterItsIdleTimeAndAfterItsAbsoluteTime() async throws {
        let studio = try await LiveStudio(security: StudioSecurity(idle: .seconds(30 * 60), absolute: .seconds(2 * 60 * 60)))
        defer { Task { await studio.stop() } }
        let idle = try #require(try await studio.logIn("chae").session)
        studio.advance(31 * 60)
        #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(idle)")]).status == 303)

        let busy = try #require(try await studio.logIn("chae").session)
        // Used every 20 minutes, it lives on until the absolute limit.
        for _ in 0..<5 {
            studio.advance(20 * 60)
            #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(busy)")]).status == 200)
        }
        studio.advance(20 * 60 + 1)
        #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(busy)")]).status == 303)
    }

    @Test func theGuideAnswersBesideTheStudioAndAnOversizedBodyIsRefused() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        #expect(try await studio.http.send("GET", "/").status == 200)
        #expect(try await studio.http.send("POST", "/").status == 405, "the guide's own pages still take no forms")
        let big = String(repeating: "a", count: (1 << 20) + 1)
        #expect(try await studio.http.send("POST", "/studio/login", headers: [("Origin", studio.origin)], body: big).status == 413)
    }

    @Test func aHostileNameIsShownBackEscapedAndAuditedAsText() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        for name in ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "a\u{1B}[31mb\u{0}c"] {
            let answer = try await studio.logIn(name, password: "whatever it is").answer
            #expect(answer.status == 401)
            #expect(!answer.body.contains("<script>alert"))
            #expect(!answer.body.contains("<img src=x"))
            #expect(!answer.body.contains("\u{1B}") && !answer.body.contains("\u{0}"))
        }
        let page = try await studio.logIn("<script>", password: "whatever it is").answer.body
        #expect(page.contains("value=\"&lt;script&gt;\""))
        #expect(try studio.state.auditLog().contains { $0.action == .loginFailed && $0.account == "<script>alert(1)</script>" },
                "the log keeps what was typed, as text; the page that shows it escapes it")
    }
}
