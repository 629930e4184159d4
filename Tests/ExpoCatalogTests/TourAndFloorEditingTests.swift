import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Tours' and floors' texts are edited as the exposition's are: each file read and written
/// whole, a text found by its tour's or floor's id, every other byte kept.
@Suite struct TourAndFloorEditingTests {
    static let tours = """
        [
          {"id": "printed-word", "title": "인쇄된 말", "description": "책과 판목을 따라 걷는 길.", "duration": 15, "stops": ["jikji"]},
          {"id": "music", "title": "소리", "stops": ["haegeum", "jikji"]}
        ]

        """
    static let floors = #"[{"id": "1", "name": "1층", "plan": "poster", "plan_alt": "네모난 방 하나"}]"#
    static let englishTours = #"[{"id": "printed-word", "title": "The printed word"}]"#

    private func folder() throws -> TemporaryCatalog {
        try TemporaryCatalog.seed(extra: ["items.en.json": #"[{"name": "Jikji", "image_name": "jikji"}]"#,
                                          "tours.json": Self.tours, "tours.en.json": Self.englishTours, "floors.json": Self.floors])
    }

    private func text(_ folder: TemporaryCatalog, _ name: String) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aToursTextsAreFoundByItsIdAndWrittenWithEveryOtherByteKept() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let korean = try #require(load.entry(exhibit: CatalogDocument.tours.rawValue, language: .korean))
        #expect(korean.text(.listed("tours", "music", "title")) == "소리")
        let bytes = try #require(EntryField.listed("tours", "music", "description").setting("줄을 켜는 소리를 듣는 길.", in: korean.bytes))
        let english = try #require(load.entry(exhibit: CatalogDocument.tours.rawValue, language: .english))
        let englishBytes = try #require(EntryField.listed("tours", "music", "title").setting("Sound", in: english.bytes))
        let changes = [EntryChange(exhibit: CatalogDocument.tours.rawValue, language: .korean, bytes: bytes, version: korean.version),
                       EntryChange(exhibit: CatalogDocument.tours.rawValue, language: .english, bytes: englishBytes, version: english.version)]
        let (catalog, problems) = load.catalog(with: changes)
        #expect(catalog.primary.tours[1].description == "줄을 켜는 소리를 듣는 길.")
        #expect(catalog.translations[0].tours[1].title == "Sound")
        #expect(catalog.translations[0].untranslated.contains("tour:music.description"))
        #expect(!catalog.translations[0].untranslated.contains("tour:music.title"))
        // The English description it lacks is said at its field.
        #expect(problems.contains { $0.language == .english && $0.field == .listed("tours", "music", "description") }, "\(problems.map(\.diagnostic))")

        #expect(try load.write(changes).get() == ["tours.en.json", "tours.json"])
        // A text the entry did not have goes after its last member.
        #expect(try text(folder, "tours.json") == Self.tours.replacingOccurrences(
            of: #""stops": ["haegeum", "jikji"]}"#, with: #""stops": ["haegeum", "jikji"], "description": "줄을 켜는 소리를 듣는 길."}"#))
        #expect(try text(folder, "tours.en.json") == #"[{"id": "printed-word", "title": "The printed word"}, {"id": "music", "title": "Sound"}]"#)
        let reloaded = try folder.load()
        #expect(reloaded.primary.tours == catalog.primary.tours && reloaded.translations[0].tours == catalog.translations[0].tours)
    }

    @Test func aFloorsFirstTranslationMakesItsFile() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let english = try #require(load.entry(exhibit: CatalogDocument.floors.rawValue, language: .english))
        #expect(!english.exists && english.file == "floors.en.json")
        let bytes = try #require(EntryField.listed("floors", "1", "name").setting("Ground floor", in: english.bytes))
        let change = EntryChange(exhibit: CatalogDocument.floors.rawValue, language: .english, bytes: bytes, version: english.version)
        #expect(load.catalog(with: [change]).catalog.translations[0].floors[0].name == "Ground floor")
        _ = try load.write([change]).get()
        #expect(try text(folder, "floors.en.json") == "[\n  {\n    \"id\": \"1\",\n    \"name\": \"Ground floor\"\n  }\n]\n")
        #expect(try folder.load().translations[0].floors[0].name == "Ground floor")
    }

    @Test func aCatalogWithoutToursHasNoToursToEdit() throws {
        let folder = try TemporaryCatalog.seed()
        let load = try WatchedLoad.load(at: folder.url)
        #expect(load.entry(exhibit: CatalogDocument.tours.rawValue, language: .korean) == nil)
        #expect(load.entry(exhibit: CatalogDocument.floors.rawValue, language: .korean) == nil)
        #expect(EntryField(name: "tours.music.title") == .listed("tours", "music", "title"))
        // A tour's route is set on the studio's tour page, not among its texts.
        #expect(EntryField(name: "tours.music.stops")?.isTourRoute == true && EntryField(name: "tours.music.title")?.isTourRoute == false)
        #expect(EntryField(name: "tours.music.colour") == nil && EntryField(name: "tours.../x.title") == nil)
        #expect(EntryField(name: "floors.1.stops") == nil)
        #expect(EntryField(name: "floors.1.plan_alt") == .listed("floors", "1", "plan_alt"))
    }
}
