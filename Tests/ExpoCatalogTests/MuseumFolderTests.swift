@testable import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// A folder of catalogs: which sub-folders are exhibitions, and what `museum.json` says.
@Suite struct MuseumFolderTests {
    @Test func eachSubFolderAndZipIsAnExhibitionUnderItsName() throws {
        let museum = try TemporaryMuseum([("korea-1900", "Korea", "1900. 04. 14 - 1900. 11. 12"), ("b", "B", "")])
        try museum.write("later.zip", "not read here")
        try museum.write(".hidden/items.json", "[]")
        try museum.write("notes.txt", "a file beside them")
        let folder = try MuseumFolder.open(museum.url)
        #expect(folder.entries.map(\.name) == ["b", "korea-1900", "later"])
        #expect(folder.entries.last?.url.lastPathComponent == "later.zip")
        #expect(folder.diagnostics.isEmpty)
        #expect(folder.description == MuseumDescription())
    }

    @Test func refusesNamesThatCannotBeAnAddressAndSaysWhy() throws {
        let museum = try TemporaryMuseum([("ok", "Ok", ""), ("특별전", "Special", ""), ("assets", "A", ""), ("en", "E", ""),
                                          ("_drafts", "D", ""), ("two words", "T", ""), ("ko-1900", "K", "")])
        let folder = try MuseumFolder.open(museum.url)
        #expect(folder.entries.map(\.name) == ["ko-1900", "ok"])
        let byFile = Dictionary(uniqueKeysWithValues: folder.diagnostics.map { ($0.file, $0) })
        #expect(byFile["특별전"]?.message.contains("may hold only letters A to Z, digits, - _ . ~") == true)
        #expect(byFile["two words"]?.message.contains("for example to two-words") == true)
        #expect(byFile["assets"]?.message.contains("a name the guide uses for its own files") == true)
        #expect(byFile["en"]?.message.contains("could be a language's code") == true)
        #expect(byFile["_drafts"] != nil)
        #expect(folder.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func aFolderThatIsOneCatalogIsRefusedWithTheWayOut() throws {
        let catalog = try TemporaryCatalog.seed()
        #expect(throws: MuseumFolder.Failure.self) { try MuseumFolder.open(catalog.url) }
        do {
            _ = try MuseumFolder.open(catalog.url)
        } catch {
            #expect(error.description.contains("give it with --catalog"))
        }
        #expect(throws: MuseumFolder.Failure.self) { try MuseumFolder.open(URL(fileURLWithPath: "/nonexistent/museum")) }
    }

    @Test func readsTheMuseumsNameTextAndOrder() throws {
        let museum = try TemporaryMuseum([("a", "A", ""), ("b", "B", "")], museum: """
            {"language": "en", "name": {"en": "The Museum", "ko": "박물관"}, "text": {"en": "Two rooms.\\n\\nOpen daily."},
             "order": ["b", "a"]}
            """)
        let folder = try MuseumFolder.open(museum.url)
        #expect(folder.diagnostics.isEmpty)
        #expect(folder.description.language == .english)
        #expect(folder.description.name == [.english: "The Museum", .korean: "박물관"])
        #expect(folder.description.text[.english] == "Two rooms.\n\nOpen daily.")
        #expect(folder.description.order == ["b", "a"])
    }

    @Test func eachMistakeInMuseumJSONIsNamedByItsPlace() throws {
        let museum = try TemporaryMuseum([("a", "A", "")], museum: """
            {"language": "Korean", "name": {"ko": 3, "english": "x", "en": "  "}, "text": "words", "order": ["a", 1, "gone", "a"], "colour": "red"}
            """)
        let folder = try MuseumFolder.open(museum.url)
        let lines = folder.diagnostics.map(\.line)
        #expect(lines.contains("error: museum.json.language: must be a language code such as \"ko\" or \"en\""))
        #expect(lines.contains("error: museum.json.name.ko: must be text, not a number"))
        #expect(lines.contains("error: museum.json.name.english: is not a language code such as \"ko\" or \"en\""))
        #expect(lines.contains("error: museum.json.name.en: is empty"))
        #expect(lines.contains { $0.hasPrefix("error: museum.json.text: must be an object of texts by language code") })
        #expect(lines.contains("error: museum.json.order[1]: must be a folder's name, not a number"))
        #expect(lines.contains("warning: museum.json.order[3]: names an exhibition given before; the first place is kept"))
        #expect(lines.contains("warning: museum.json.order: gone is no exhibition in this folder (there are: a)"))
        #expect(lines.contains("warning: museum.json.colour: is not read (the file has language, name, text and order)"))
        #expect(folder.description.order == ["a", "gone"])
    }

    @Test func museumJSONThatIsNoJSONGivesLineAndColumn() throws {
        let museum = try TemporaryMuseum([("a", "A", "")], museum: "{\"name\": {\"en\": \"x\"\n")
        let folder = try MuseumFolder.open(museum.url)
        #expect(folder.diagnostics.count == 1)
        #expect(folder.diagnostics.first?.location.hasPrefix("museum.json:") == true)
        #expect(folder.diagnostics.first?.severity == .error)
        #expect(folder.entries.map(\.name) == ["a"])
    }
}
