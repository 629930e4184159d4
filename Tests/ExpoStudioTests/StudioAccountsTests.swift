import Foundation
import Testing
@testable import ExpoStudio

/// Admins manage accounts in the studio as `expo1900 users` does: each change on the server,
/// behind the admin's capability, and in the audit log under the admin's name.
@Suite(.serialized) struct StudioAccountsTests {
    private typealias Person = StudioEditingTests.Person

    @Test func anAdminAddsChangesAndRemovesAccounts() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let anna = Person(studio: studio, session: try #require(try await studio.logIn("anna").session))
        let added = try await anna.post("/studio/accounts/add", [("name", "dana"), ("role", "editor"), ("password", "a long enough password")],
                                        tokenFrom: "/studio/accounts")
        #expect(added.status == 200 && added.body.contains("dana"))
        #expect(try studio.state.account(named: "dana")?.role == .editor)
        let dana = try #require(try await studio.logIn("dana", password: "a long enough password").session)
        #expect(try await anna.post("/studio/accounts/role", [("name", "dana"), ("role", "contributor")], tokenFrom: "/studio/accounts").status == 200)
        #expect(try studio.state.account(named: "dana")?.role == .contributor)
        // A new password ends the account's sessions.
        #expect(try await anna.post("/studio/accounts/password", [("name", "dana"), ("password", "another long password")],
                                    tokenFrom: "/studio/accounts").status == 200)
        #expect(try await studio.http.send("GET", "/studio/", headers: [("Cookie", "studio_session=\(dana)")]).status == 303)
        #expect(try await studio.logIn("dana", password: "another long password").session != nil)
        #expect(try await anna.post("/studio/accounts/remove", [("name", "dana")], tokenFrom: "/studio/accounts").status == 200)
        #expect(try studio.state.account(named: "dana") == nil)
        let log = try studio.state.auditLog().filter { $0.account == "dana" }
        #expect(log.map(\.action).contains(.accountAdded) && log.map(\.action).contains(.accountRemoved))
        #expect(log.filter { $0.action != .loggedIn }.allSatisfy { $0.actor == "anna" })
    }

    /// The page itself, not only what the forms do: once, its rows were GRDB's description
    /// of a query and its forms went out as GETs to `\"/studio/accounts/role\"`.
    @Test func theAccountsPageListsEveryAccountWithLabelledFormsThatPost() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let anna = Person(studio: studio, session: try #require(try await studio.logIn("anna").session))
        let page = try await anna.get("/studio/accounts")
        #expect(page.status == 200)
        let rows = StudioAccessTests.matches(#"<th scope="row">([^<]*)</th>"#, in: page.body)
        #expect(rows.sorted() == ["anna", "ben", "chae"])
        #expect(!page.body.contains("SQL("))
        let forms = StudioAccessTests.matches(#"<form[^>]*method="([^"]*)"[^>]*action="([^"]*)""#, in: page.body, groups: 2)
        #expect(forms.allSatisfy { $0[0] == "post" }, "\(forms)")
        #expect(forms.filter { $0[1] == "/studio/accounts/password" }.count == 3)
        #expect(Set(forms.map { $0[1] }) == ["/studio/accounts/role", "/studio/accounts/password", "/studio/accounts/remove",
                                             "/studio/accounts/add", "/studio/logout"])
        // Every field a person fills has a label of its own.
        let fields = StudioAccessTests.matches(#"<(?:input|select)[^>]*\sid="([^"]+)""#, in: page.body)
        #expect(fields.count == 9)
        for id in fields { #expect(page.body.contains("<label class=\"visually-hidden\" for=\"\(id)\">") || page.body.contains("<label for=\"\(id)\">"), "\(id)") }
    }

    @Test func refusalsAreSaidOnThePageAndNothingChanges() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let anna = Person(studio: studio, session: try #require(try await studio.logIn("anna").session))
        let lastAdmin = try await anna.post("/studio/accounts/remove", [("name", "anna")], tokenFrom: "/studio/accounts")
        #expect(lastAdmin.status == 422 && lastAdmin.body.contains("role=\"alert\""))
        #expect(try studio.state.account(named: "anna") != nil)
        let shortPassword = try await anna.post("/studio/accounts/add", [("name", "eve"), ("role", "admin"), ("password", "short")],
                                                tokenFrom: "/studio/accounts")
        let eve = try studio.state.account(named: "eve")
        #expect(shortPassword.status == 422 && eve == nil)
        let hostile = try await anna.post("/studio/accounts/add", [("name", "<script>x</script>"), ("role", "admin"), ("password", "a long enough password")],
                                          tokenFrom: "/studio/accounts")
        #expect(!hostile.body.contains("<script>x"))
        let badRole = try await anna.post("/studio/accounts/role", [("name", "ben"), ("role", "owner")], tokenFrom: "/studio/accounts")
        let ben = try studio.state.account(named: "ben")
        #expect(badRole.status == 400 && ben?.role == .editor)
    }

    @Test func onlyAdminsManageAccounts() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        for name in ["ben", "chae"] {
            let person = Person(studio: studio, session: try #require(try await studio.logIn(name).session))
            #expect(try await person.get("/studio/accounts").status == 403)
            #expect(try await person.post("/studio/accounts/role", [("name", name), ("role", "admin")]).status == 403)
            #expect(try studio.state.account(named: name)?.role != .admin)
        }
    }
}
