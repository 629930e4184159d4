import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoStudio

/// The wall labels printed from the studio: the guide's own print pages, linked from the
/// studio's first page, with the drafts in them under the preview.
@Suite struct StudioLabelsTests {
    @Test func theLabelsArePrintedAsPublishedAndWithTheDrafts() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = StudioEditingTests.Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        let home = try await ben.get("/studio/").body
        #expect(home.contains("href=\"/labels/\"") && home.contains("href=\"/studio/preview/labels/\""))
        #expect(try await ben.save("jikji", ["f.ko.name": "직지, 초안의 이름"]).status == 303)
        let drafted = try await ben.get("/studio/preview/labels/")
        #expect(drafted.status == 200 && drafted.body.contains("직지, 초안의 이름"), "the drafts' labels")
        let published = try await studio.http.send("GET", "/labels/")
        #expect(published.status == 200 && !published.body.contains("직지, 초안의 이름"), "the published labels")
    }
}
