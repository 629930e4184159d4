import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// An exhibit's images and object facts: each new field, given well, missing, null or of
/// the wrong type, gives a value or a default, and every problem a diagnostic naming the
/// file and the place, as the seed fields do.
@Suite struct ExhibitContentTests {
    static let exposition = TemporaryCatalog.seedExposition

    static func load(_ entry: String, translation: String? = nil) throws -> Catalog {
        var files = ["exposition_universelle_1900.json": exposition,
                     "items.json": "[\(entry)]"]
        if let translation {
            files["items.en.json"] = "[\(translation)]"
            files["exposition_universelle_1900.en.json"] = exposition
        }
        let folder = try TemporaryCatalog(files)
        return try folder.load(publishingCheck: true)
    }

    static let base = #""name": "직지", "image_name": "jikji", "short_desc": "책", "desc": "설명""#

    @Test func aSeedEntryHasOneImageAndNoFacts() throws {
        let catalog = try Self.load("{\(Self.base)}")
        let exhibit = try #require(catalog.primary.exhibits.first)
        #expect(exhibit.images == [ExhibitImage(name: "jikji")])
        #expect(exhibit.facts == ObjectFacts())
        // Absent optional fields are not problems; only the missing image file is.
        #expect(catalog.diagnostics.allSatisfy { $0.file.hasPrefix("jikji") || $0.file == "poster.*" || $0.file == "flag.*" })
        #expect(catalog.publishingNotes.map(\.description) == [
            "items.json[0]: the image \"jikji\" has no alt text; the exhibit's name stands in for it",
        ])
        #expect(catalog.altTextCoverage == (0, 1))
    }

    @Test func everyFieldIsRead() throws {
        let catalog = try Self.load("""
            {\(Self.base),
             "images": [
               {"name": "jikji-back", "alt": "뒷면", "caption": "뒤", "credit": "사진 A", "visual_description": "길게"},
               {"name": "jikji", "alt": "앞면"}
             ],
             "date": 1377, "maker": "백운화상", "material": "종이", "dimensions": "24.6 × 17 cm",
             "place": "청주", "credit_line": "BnF", "rights": "https://creativecommons.org/licenses/by/4.0/",
             "fields": [{"label": "권", "value": "하권"}]}
            """)
        let exhibit = try #require(catalog.primary.exhibits.first)
        #expect(exhibit.images == [
            ExhibitImage(name: "jikji", alt: "앞면"),
            ExhibitImage(name: "jikji-back", alt: "뒷면", caption: "뒤", credit: "사진 A", visualDescription: "길게"),
        ])
        #expect(exhibit.facts == ObjectFacts(date: "1377", maker: "백운화상", material: "종이", dimensions: "24.6 × 17 cm",
                                             place: "청주", creditLine: "BnF",
                                             rights: "https://creativecommons.org/licenses/by/4.0/",
                                             fields: [.init(label: "권", value: "하권")]))
        #expect(catalog.publishingNotes.isEmpty)
        #expect(catalog.altTextCoverage == (2, 2))
        // The extra image is looked for like any other and reported when it is absent.
        #expect(catalog.diagnostics.contains { $0.file == "jikji-back.*" })
    }

    @Test(arguments: [
        (#""images": null"#, "items.json[0].images: expected a list [ { \"name\": …, \"alt\": … }, … ], found null; only the image \"jikji\" is shown"),
        (#""images": "jikji-back""#, "items.json[0].images: expected a list [ { \"name\": …, \"alt\": … }, … ], found text; only the image \"jikji\" is shown"),
        (#""images": [3]"#, "items.json[0].images[0]: expected an object { \"name\": …, \"alt\": … }, found a number; skipped"),
        (#""images": [{"alt": "x"}]"#, "items.json[0].images[0].name: missing; the image is skipped"),
        (#""images": [{"name": null}]"#, "items.json[0].images[0].name: null; the image is skipped"),
        (#""images": [{"name": "../etc"}]"#, "items.json[0].images[0].name: \"../etc\" is not a safe image name: use only letters, digits, - and _; skipped"),
        (#""images": [{"name": "a"}, {"name": "a"}]"#, "items.json[0].images[1].name: \"a\" is listed twice; the first entry is used"),
        (#""images": [{"name": "jikji", "alt": null}]"#, "items.json[0].images[0].alt: null; left out"),
        (#""images": [{"name": "jikji", "alt": 5}]"#, "items.json[0].images[0].alt: expected text, found a number; left out"),
        (#""images": [{"name": "jikji", "caption": []}]"#, "items.json[0].images[0].caption: expected text, found a list; left out"),
        (#""images": [{"name": "jikji", "credit": {}}]"#, "items.json[0].images[0].credit: expected text, found an object; left out"),
        (#""images": [{"name": "jikji", "visual_description": true}]"#, "items.json[0].images[0].visual_description: expected text, found true or false; left out"),
        (#""date": null"#, "items.json[0].date: null; left out"),
        (#""maker": ["a"]"#, "items.json[0].maker: expected text, found a list; left out"),
        (#""material": false"#, "items.json[0].material: expected text, found true or false; left out"),
        (#""dimensions": {}"#, "items.json[0].dimensions: expected text, found an object; left out"),
        (#""place": null"#, "items.json[0].place: null; left out"),
        (#""credit_line": 1"#, ""),
        (#""rights": null"#, "items.json[0].rights: null; left out"),
        (#""fields": {}"#, "items.json[0].fields: expected a list [ { \"label\": …, \"value\": … }, … ], found an object; left out"),
        (#""fields": ["x"]"#, "items.json[0].fields[0]: expected an object { \"label\": …, \"value\": … }, found text; skipped"),
        (#""fields": [{"label": "x"}]"#, "items.json[0].fields[0]: needs a label and a value, both text; skipped"),
    ])
    func aBadFieldGivesItsDefaultAndOneDiagnostic(field: String, message: String) throws {
        let catalog = try Self.load("{\(Self.base), \(field)}")
        let exhibit = try #require(catalog.primary.exhibits.first)
        let problems = catalog.diagnostics.filter { $0.file == "items.json" }.map(\.description)
        #expect(problems == (message.isEmpty ? [] : [message]))
        #expect(exhibit.images.first?.name == "jikji")
        if message.contains("images") {
            #expect(exhibit.images.first?.caption == "")
            #expect(exhibit.images.first?.credit == "")
            #expect(exhibit.images.first?.visualDescription == "")
        } else if message.isEmpty {
            // A number is taken as written where a fact may be one.
            #expect(exhibit.facts.creditLine == "1")
        } else {
            #expect(exhibit.facts == ObjectFacts())
        }
    }

    @Test func aTranslationGivesItsOwnTextsAndFallsBackWithAWarning() throws {
        let primary = """
            {\(Self.base), "images": [{"name": "jikji", "alt": "책", "caption": "앞"}, {"name": "jikji-back", "alt": "뒷면"}],
             "date": "1377년", "material": "종이", "fields": [{"label": "권", "value": "하권"}]}
            """
        let translation = """
            {"name": "Jikji", "image_name": "jikji", "short_desc": "Book", "desc": "Text",
             "images": [{"name": "jikji", "alt": "A book"}, {"name": "unknown", "alt": "?"}],
             "date": "1377", "fields": [{"label": "Volume", "value": "Second"}]}
            """
        let catalog = try Self.load(primary, translation: translation)
        let english = try #require(catalog.translations.first?.exhibits.first)
        #expect(english.images.map(\.alt) == ["A book", "뒷면"])
        #expect(english.images[0].caption == "앞")
        #expect(english.facts.date == "1377")
        #expect(english.facts.material == "종이")
        #expect(english.facts.fields == [.init(label: "Volume", value: "Second")])
        let warnings = Set(catalog.diagnostics.filter { $0.file == "items.en.json" }.map(\.description))
        #expect(warnings == [
            "items.en.json[0].images[1].name: \"unknown\" is not one of this exhibit's images; ignored",
            "items.en.json[0].images[0].caption: missing; the Korean text is used",
            "items.en.json[0].images: no entry for the image \"jikji-back\"; the Korean text is used",
            "items.en.json[0].material: missing; the Korean text is used",
        ])
    }

    @Test func theLoadersFactNumbersNameTheSameFactsAsTheKeyPaths() {
        #expect(ObjectFacts.keyNames == ObjectFacts.keys.map(\.key))
        var facts = ObjectFacts()
        for index in ObjectFacts.keyNames.indices { facts[fact: index] = "fact \(index)" }
        #expect(ObjectFacts.keys.enumerated().allSatisfy { index, key in facts[keyPath: key.path] == "fact \(index)" })
        #expect(!facts.isEmpty && ObjectFacts().isEmpty)
    }
}
