import ExpoCatalog
import ExpoTestSupport
import Testing

/// A key the guide does not read is named once, with the key it was most likely meant to be.
@Suite struct UnknownKeyTests {
    @Test func aMisspeltKeyIsWarnedAboutOncePerFileWithTheNearestName() throws {
        let items = """
            [{"image_name": "jikji", "name": "직지", "shortdesc": "책", "desc": "첫 문단.",
              "images": [{"name": "jikji", "alt": "책", "captoin": "한 면"}]},
             {"image_name": "haegeum", "name": "해금", "shortdesc": "악기", "desc": "활로 켜는 악기.", "colour": "brown"}]
            """
        let folder = try TemporaryCatalog.seed(extra: [
            "items.json": items,
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition.replacingOccurrences(of: "\"location\"", with: "\"locaton\""),
        ])
        let messages = try folder.load().diagnostics.map(\.description)
        #expect(messages.contains("items.json[0].shortdesc: unknown key; ignored (and 1 more like it); did you mean short_desc?"))
        #expect(messages.contains("items.json[0].images[0].captoin: unknown key; ignored; did you mean caption?"))
        #expect(messages.contains("items.json[1].colour: unknown key; ignored"))
        #expect(messages.contains("exposition_universelle_1900.json.locaton: unknown key; ignored; did you mean location?"))
    }
}
