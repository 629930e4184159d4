import ExpoStudio
import Foundation
import Testing

/// A form is taken only from the studio's own addresses. The guard compared `Origin` with
/// the request's own `Host`, so a page at attacker.example whose name was pointed at this
/// machine (DNS rebinding) passed it by sending its name in both.
@Suite(.serialized) struct StudioOriginTests {
    static func loginBody(_ studio: LiveStudio) async throws -> (body: String, cookie: String) {
        let (token, cookie) = try await studio.loginForm()
        return (RawHTTP.form([("form_token", token), ("name", "anna"), ("password", LiveStudio.password)]), cookie)
    }

    @Test func aRequestWhoseHostAndOriginAreAnotherSitesIsRefused() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let (body, cookie) = try await Self.loginBody(studio)
        let rebound = "attacker.example:\(studio.port)"
        let answer = try await studio.http.send("POST", "/studio/login", headers: [
            ("Host", rebound), ("Origin", "http://\(rebound)"), ("Cookie", "studio_login=\(cookie)"),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: body)
        #expect(answer.status == 403)
        #expect(answer.cookie("studio_session") == nil)
    }

    @Test(arguments: ["127.0.0.1", "localhost", "[::1]"])
    func thisMachinesOwnNamesAtItsPortAreTaken(_ name: String) async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let (body, cookie) = try await Self.loginBody(studio)
        let answer = try await studio.http.send("POST", "/studio/login", headers: [
            ("Host", "\(name):\(studio.port)"), ("Origin", "http://\(name):\(studio.port)"), ("Cookie", "studio_login=\(cookie)"),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: body)
        #expect(answer.status == 303)
        let otherPort = try await studio.http.send("POST", "/studio/login", headers: [
            ("Origin", "http://\(name):\(studio.port + 1)"), ("Cookie", "studio_login=\(cookie)"),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: body)
        #expect(otherPort.status == 403, "another port is another site")
    }

    @Test func behindAProxyTheConfiguredOriginIsTakenAndNoOther() async throws {
        let studio = try await LiveStudio(transport: .proxy("127.0.0.1"), origins: StudioOrigins(configured: "https://studio.museum.example"))
        defer { Task { await studio.stop() } }
        for (origin, status) in [("https://studio.museum.example", 303), ("https://attacker.example", 403)] {
            let (body, cookie) = try await Self.loginBody(studio)
            let host = String(origin.dropFirst("https://".count))
            let answer = try await studio.http.send("POST", "/studio/login", headers: [
                ("Host", host), ("X-Forwarded-Host", host), ("X-Forwarded-Proto", "https"), ("Origin", origin),
                ("Cookie", "studio_login=\(cookie)"), ("Content-Type", "application/x-www-form-urlencoded"),
            ], body: body)
            #expect(answer.status == status, "\(origin)")
        }
    }
}
