import ExpoSite
import Testing
@testable import ExpoStudio

/// The studio's templates are read and checked as the studio reads them: a name no model
/// answers, a word no interface file has, or text placed unescaped fails here.
@Suite struct StudioTemplatesTests {
    @Test func theTemplatesReadAndCheck() throws {
        _ = try StudioTemplates.read()
    }

    @Test func aNameTheModelDoesNotAnswerIsRefused() {
        #expect(throws: SiteError.self) {
            _ = try TemplateLibrary([("page", "<p>{{frame.titel}}</p>")], pages: ["page": ProblemPage.templateFields.kinds])
        }
        #expect(throws: SiteError.self) {
            _ = try TemplateLibrary([("page", "<p>{{t.no_such_word}}</p>")], pages: ["page": ProblemPage.templateFields.kinds])
        }
        #expect(throws: SiteError.self) {
            _ = try TemplateLibrary([("page", "<p>{{{detail}}}</p>")], pages: ["page": ProblemPage.templateFields.kinds])
        }
    }

    /// Browsers ask for `/favicon.ico` when a page names no icon; every studio page names its own.
    @Test func everyPageNamesTheStudiosIconAndItAnswers() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let login = try await studio.http.send("GET", "/studio/login")
        #expect(login.body.contains(#"<link rel="icon" href="/studio/assets/icon.svg" type="image/svg+xml">"#))
        let icon = try await studio.http.send("GET", "/studio/assets/icon.svg")
        #expect(icon.status == 200 && icon.header("content-type") == "image/svg+xml" && icon.body.hasPrefix("<svg"))
        #expect(try await studio.http.send("GET", "/studio/assets/nothing.svg").status == 404)
    }
}
