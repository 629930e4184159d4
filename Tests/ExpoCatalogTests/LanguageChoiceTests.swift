import Foundation
import ExpoTestSupport
import Testing
@testable import ExpoCatalog

/// A catalog's main language, the languages its files name, and the interface's words in each.
@Suite struct LanguageChoiceTests {
    static let frenchExposition = """
        {"language": "fr", "title": "Exposition universelle 1900", "visitors": 50860801, "location": "Paris",
         "duration": "1900. 04. 14 - 1900. 11. 12", "description": "La plus grande exposition du siècle."}
        """
    static let frenchItems = """
        [{"name": "Le Jikji", "image_name": "jikji", "short_desc": "Un livre imprimé", "desc": "Il est conservé à Paris."},
         {"name": "Le haegeum", "image_name": "haegeum", "short_desc": "Une vièle à deux cordes", "desc": "On le joue avec un archet."}]
        """

    private func french(setting: Bool, extra: [String: String] = [:]) throws -> TemporaryCatalog {
        let exposition = setting ? Self.frenchExposition : Self.frenchExposition.replacingOccurrences(of: "\"language\": \"fr\", ", with: "")
        return try TemporaryCatalog.seed(extra: ["exposition_universelle_1900.json": exposition, "items.json": Self.frenchItems]
            .merging(extra) { _, new in new })
    }

    @Test func theMainLanguageIsTheCatalogsSetting() throws {
        let folder = try french(setting: true, extra: ["items.ko.json": TemporaryCatalog.seedItems])
        let catalog = try folder.load()
        #expect(catalog.primary.language == Language("fr"))
        #expect(catalog.primaryLanguageChoice == .setting(Language("fr"), file: "exposition_universelle_1900.json"))
        #expect(catalog.primaryLanguageChoice.description == "main language French, set in exposition_universelle_1900.json")
        // Korean is now a translation like any other, served under its prefix.
        #expect(catalog.languages == [Language("fr"), .korean])
        #expect(catalog.edition(.korean).exhibits.map(\.name) == ["직지심체요절", "해금"])
    }

    @Test func withoutASettingTheMainLanguageIsReadFromTheText() throws {
        let catalog = try french(setting: false).load()
        #expect(catalog.primary.language == Language("fr"))
        #expect(catalog.primaryLanguageChoice.description == "main language French, inferred from the common French words of items.json")
        let korean = try TemporaryCatalog.seed().load()
        #expect(korean.primaryLanguageChoice == .inferred(.korean, evidence: "Hangul letters", file: "items.json"))
    }

    @Test func aSettingThatIsNotALanguageIsAnError() throws {
        let folder = try TemporaryCatalog.seed(extra: [
            "exposition_universelle_1900.json": Self.frenchExposition.replacingOccurrences(of: "\"fr\"", with: "\"french\""),
        ])
        #expect {
            try folder.load()
        } throws: { error in
            guard case let CatalogError.invalid(_, diagnostics) = error else { return false }
            return diagnostics.contains { $0.severity == .error && $0.description.hasPrefix("exposition_universelle_1900.json.language: \"french\" is not a language code") }
        }
    }

    @Test func aFileNamedWithAnUnknownLanguageIsAnErrorThatSuggestsTheCode() throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.english.json": "[]", "items.xx.json": "[]"])
        #expect {
            try folder.load()
        } throws: { error in
            guard case let CatalogError.invalid(_, diagnostics) = error else { return false }
            let errors = diagnostics.filter { $0.severity == .error }.map(\.description)
            return errors.count == 2
                && errors.contains { $0.hasPrefix("items.english.json: \"english\" is not a language code") && $0.contains("(for English, \"en\")") }
                && errors.contains { $0.hasPrefix("items.xx.json: \"xx\" is not a language code") }
        }
    }

    @Test func everyShippedInterfaceFileHasEveryTextWithItsPlaceholders() throws {
        let english = InterfaceText.english
        #expect(Set(InterfaceText.bundled.keys.map(\.code)) == ["ko", "en", "ja", "zh-Hans", "fr", "es", "de", "ar"])
        for (language, text) in InterfaceText.bundled {
            #expect(Set(text.texts.keys) == Set(english.texts.keys), "\(language)")
            #expect(text.months.count == 12, "\(language)")
            for (key, value) in english.texts where key != "date_format" {
                // A number may stand as `{n}`, `{nth}` or `{roman}` (centuries are named so).
                let given = Set(InterfaceTextDecoder.placeholders(text.texts[key] ?? "").map(InterfaceTextDecoder.standing))
                for placeholder in InterfaceTextDecoder.placeholders(value) {
                    #expect(given.contains(InterfaceTextDecoder.standing(placeholder)), "\(language).\(key) lacks \(placeholder)")
                }
            }
        }
    }

    @Test func theCatalogsInterfaceFileOverridesTheGuidesWords() throws {
        let folder = try TemporaryCatalog.seed(extra: [
            "items.en.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Book", "desc": "Printed."}, {"name": "Haegeum", "image_name": "haegeum", "short_desc": "Fiddle", "desc": "Bowed."}]"#,
            "exposition_universelle_1900.en.json": TranslationTests.englishExposition,
            "interface.en.json": #"{"see_exhibits": "Visit the Korean pavilion", "shortdesc": "x"}"#,
            "interface.json": #"{"exhibit_list_title": "대한제국관"}"#,
        ])
        let catalog = try folder.load()
        #expect(catalog.interfaceText(.english)["see_exhibits"] == "Visit the Korean pavilion")
        #expect(catalog.interfaceText(.english)["share"] == "Share")
        #expect(catalog.interfaceText(.korean)["exhibit_list_title"] == "대한제국관")
        #expect(catalog.interfaceText(.korean)["share"] == "공유하기")
        #expect(catalog.diagnostics.map(\.description) == ["interface.en.json.shortdesc: unknown text; ignored"])
    }

    @Test func aLanguageTheGuideDoesNotSpeakFallsBackToEnglishAndSaysSo() throws {
        let folder = try TemporaryCatalog.seed(extra: [
            "items.it.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "Libro", "desc": "Stampato."}]"#,
        ])
        let catalog = try folder.load()
        let italian = catalog.interfaceText(Language("it"))
        #expect(italian.fallback == .english)
        #expect(italian["share"] == "Share")
        #expect(Language("it").autonym == "Italiano")
        #expect(catalog.diagnostics.contains {
            $0.file == "interface.it.json" && $0.message.hasPrefix("the guide has no interface text in Italian")
        })
        // One exhibit and the exposition file are missing: each text is counted.
        #expect(catalog.edition(Language("it")).missingTranslations == 4 + 3)
        #expect(catalog.edition(Language("it")).isUntranslated("haegeum", "name"))
        #expect(!catalog.edition(Language("it")).isUntranslated("jikji", "name"))
    }
}
