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
}
