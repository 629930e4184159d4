import ExpoTestSupport
import Testing
@testable import ExpoCatalog

/// A translation's text that equals the primary text is kept once, not once per language.
@Suite struct SharedTextTests {
    private func storage(_ text: String) -> UnsafePointer<UInt8>? {
        var text = text
        return text.withUTF8 { $0.baseAddress }
    }

    @Test func aMakerTheSameInBothLanguagesIsHeldOnce() throws {
        let maker = "한성 왕실 공방의 장인들, 1890년대"
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.json": #"[{"name": "가야금", "image_name": "gayageum", "maker": "\#(maker)", "date": "1890년대 무렵의 것으로 전한다"}]"#,
            "items.en.json": #"[{"name": "Gayageum", "image_name": "gayageum", "maker": "\#(maker)", "date": "said to be from the 1890s"}]"#,
        ])
        let catalog = try CatalogLoader.load(at: folder.url)
        let primary = try #require(catalog.primary.exhibits.first)
        let english = try #require(catalog.translations.first?.exhibits.first)
        #expect(english.facts.maker == maker)
        #expect(storage(english.facts.maker) == storage(primary.facts.maker), "one string for both languages")
        #expect(english.facts.date != primary.facts.date)
        #expect(storage(english.name) != storage(primary.name))
    }
}
