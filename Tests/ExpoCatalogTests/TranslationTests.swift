import Foundation
import ExpoTestSupport
import Testing
@testable import ExpoCatalog

/// Language files beside the Korean ones, matched by id, falling back to Korean with a warning.
@Suite struct TranslationTests {
    static let englishExposition = """
        {"title": "Paris Exposition 1900(L'Exposition de Paris 1900)", "visitors": 48130300,
         "location": "Paris, France", "duration": "14 April – 12 November 1900", "description": "One.\\n\\nTwo."}
        """

    @Test func matchesEntriesByIDWhateverTheirOrder() throws {
        let catalog = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.en.json": Self.englishExposition,
            "items.en.json": """
                [{"name": "Haegeum", "image_name": "haegeum", "short_desc": "Two strings", "desc": "Bowed."},
                 {"name": "Jikji", "image_name": "jikji", "short_desc": "Metal type", "desc": "Printed in 1377."}]
                """,
        ]).load()
        #expect(catalog.languages == [.korean, .english])
        let english = catalog.edition(.english)
        #expect(english.exhibits.map(\.name) == ["Jikji", "Haegeum"])
        #expect(english.exposition.location == "Paris, France")
        #expect(english.exposition.visitors == 48_130_300)
        #expect(catalog.diagnostics.isEmpty)
    }

    @Test func aMissingEnglishEntryFallsBackToKoreanWithAWarning() throws {
        let catalog = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.en.json": Self.englishExposition,
            "items.en.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Metal type", "desc": "Printed."}]"#,
        ]).load()
        let english = catalog.edition(.english)
        #expect(english.exhibits[1] == catalog.primary.exhibits[1])
        #expect(catalog.diagnostics.map(\.description) == ["items.en.json: no entry for \"haegeum\"; the Korean text is used"])
    }

    @Test func aMissingEnglishFieldFallsBackToKoreanWithAWarning() throws {
        let catalog = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.en.json": #"{"title": null, "location": "Paris"}"#,
            "items.en.json": """
                [{"name": "Jikji", "image_name": "jikji", "short_desc": "Metal type"},
                 {"name": "Haegeum", "image_name": "haegeum", "short_desc": "Two strings", "desc": "Bowed."}]
                """,
        ]).load()
        let english = catalog.edition(.english)
        #expect(english.exposition.title == catalog.primary.exposition.title)
        #expect(english.exposition.location == "Paris")
        #expect(english.exhibits[0].description == catalog.primary.exhibits[0].description)
        #expect(catalog.diagnostics.map(\.description) == [
            "exposition_universelle_1900.en.json.title: null; the Korean text is used",
            "exposition_universelle_1900.en.json.duration: missing; the Korean text is used",
            "exposition_universelle_1900.en.json.description: missing; the Korean text is used",
            "items.en.json[0].desc: missing; the Korean text is used",
        ])
    }

    @Test func unknownAndRepeatedIDsInATranslationAreIgnored() throws {
        let catalog = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.en.json": Self.englishExposition,
            "items.en.json": """
                [{"name": "Jikji", "image_name": "jikji", "short_desc": "a", "desc": "b"},
                 {"name": "Again", "image_name": "jikji", "short_desc": "a", "desc": "b"},
                 {"name": "Ghost", "image_name": "ghost", "short_desc": "a", "desc": "b"},
                 {"name": "Haegeum", "image_name": "haegeum", "short_desc": "a", "desc": "b"}]
                """,
        ]).load()
        #expect(catalog.edition(.english).exhibits.map(\.name) == ["Jikji", "Haegeum"])
        #expect(catalog.diagnostics.map(\.description) == [
            "items.en.json[1].image_name: \"jikji\" is already used by [0]; this entry is ignored",
            "items.en.json[2].image_name: \"ghost\" has no exhibit in the Korean catalog; ignored",
        ])
    }

    @Test func aLanguageWithOnlyOneFileUsesKoreanForTheOther() throws {
        let catalog = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.en.json": Self.englishExposition,
        ]).load()
        #expect(catalog.edition(.english).exhibits == catalog.primary.exhibits)
        #expect(catalog.diagnostics.map(\.description) == ["items.en.json: missing; the Korean texts are used for English"])
    }

    @Test func aMalformedTranslationIsAnError() throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.en.json": "[{\"name\": }]"])
        #expect(throws: CatalogError.self) { try folder.load() }
    }

    @Test func anAbsentLanguageIsServedInThePrimaryOne() throws {
        let catalog = try TemporaryCatalog.seed().load()
        #expect(catalog.edition(.english) == catalog.primary)
    }

    @Test(arguments: [
        ("items.json", "items", nil), ("items.en.json", "items", "en"), ("items.pt-BR.json", "items", "pt-BR"),
        ("exposition_universelle_1900.fr.json", "exposition_universelle_1900", "fr"),
        ("items.EN.json", nil, nil), ("items.e.json", nil, nil), ("items.en.txt", nil, nil), ("other.json", nil, nil),
    ] as [(String, String?, String?)])
    func recognisesDataFileNames(_ name: String, _ file: String?, _ language: String?) {
        let parsed = DataFile.parse(name)
        #expect(parsed?.file.rawValue == file)
        #expect(parsed?.language?.code == language)
    }
}
