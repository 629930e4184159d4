import Testing
@testable import ExpoStudio

/// Staff read names in the studio's language where the catalog has them: an English studio
/// showed the exhibits', tours' and floors' Korean names. And the checks before publishing
/// name the field in words, not its place in a file.
@Suite(.serialized) struct StudioInterfaceLanguageTests {
    static let files = [
        "tours.json": #"[{"id": "walk", "title": "걷기", "stops": ["jikji"]}]"#,
        "tours.en.json": #"[{"id": "walk", "title": "A walk"}]"#,
        "floors.json": #"[{"id": "1", "name": "1층", "plan": "poster"}]"#,
        "floors.en.json": #"[{"id": "1", "name": "Ground floor"}]"#,
    ]

    @Test func namesAreInTheStudiosLanguageWhereTheCatalogHasThem() async throws {
        let studio = try await LiveStudio(files: Self.files)
        defer { Task { await studio.stop() } }
        let session = try #require(try await studio.logIn("anna").session)
        func page(_ path: String, _ language: String) async throws -> String {
            try await studio.http.send("GET", path, headers: [("Cookie", "studio_session=\(session)"), ("Accept-Language", language)]).body
        }
        #expect(try await page("/studio/exhibits/jikji", "en").contains("<h1>Jikji</h1>"))
        #expect(try await page("/studio/exhibits/jikji", "ko").contains("<h1>직지심체요절</h1>"))
        #expect(try await page("/studio/exhibits", "en").contains(">Jikji</a>"))
        // A name the translation lacks stays in the main language.
        #expect(try await page("/studio/exhibits/haegeum", "en").contains("<h1>해금</h1>"))
        #expect(try await page("/studio/exhibits/jikji/place", "en").contains(">Ground floor</option>"))
        #expect(try await page("/studio/exhibits/jikji/place", "ko").contains(">1층</option>"))
        #expect(try await page("/studio/tour-stops/walk", "en").contains("<h1>A walk"))
        #expect(try await page("/studio/tours", "en").contains("A walk"))
    }

    @Test func theChecksBeforePublishingNameTheExhibitAndTheFieldInWords() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let ben = StudioEditingTests.Person(studio: studio, session: try #require(try await studio.logIn("ben").session))
        // Haegeum's stop is 2: jikji given the same is a problem at jikji's stop number.
        #expect(try await ben.save("jikji", ["f.ko.stop": "2"]).status == 303)
        let page = try await ben.get("/studio/publish").body
        let words = StudioStrings.of(.korean)
        let line = try #require(StudioAccessTests.matches(#"<li class="(?:error|warning)"><a href="/studio/exhibits/jikji#i-f-ko-stop">([^\n]*)</li>"#, in: page).first,
                                "a check at jikji's stop: \(page)")
        #expect(line.contains("직지심체요절</a> · \(words["field_stop"]), 한국어 · "), "\(line)")
        #expect(line.contains("haegeum") && !page.contains(".json["), "the other exhibit by its id, not its place in a file: \(line)")
    }
}
