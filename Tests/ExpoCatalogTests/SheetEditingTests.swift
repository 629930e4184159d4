import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// A catalog kept in a spreadsheet is edited in its own format: a changed text goes into
/// its cell, a column the sheet lacks is added at the end of the header and of that row, and
/// every other byte (the other rows, the quoting, the line ends, the byte order mark) stays.
@Suite struct SheetEditingTests {
    static let sheet = "\u{FEFF}image_name,stop,name,name.en,short_desc,images.1.name,images.1.caption,fields.1.label,fields.1.value\r\n"
        + "jikji,1,직지심체요절,Jikji,\"금속활자로 찍은 책, 1377년\",jikji-type,활자,소장,프랑스 국립도서관\r\n"
        + "haegeum,2,해금,Haegeum,두 줄 현악기,,,,\r\n"

    private func folder() throws -> TemporaryCatalog {
        try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.csv": Self.sheet,
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
            "jikji.svg": TemporaryCatalog.tinySVG, "jikji-type.svg": TemporaryCatalog.tinySVG, "haegeum.svg": TemporaryCatalog.tinySVG,
        ])
    }

    private func change(_ load: WatchedLoad, _ id: String, _ language: Language, _ texts: [EntryField: String]) throws -> EntryChange {
        let entry = try #require(load.entry(exhibit: id, language: language))
        var bytes = entry.bytes
        for (field, text) in texts { bytes = try #require(field.setting(text, in: bytes)) }
        return EntryChange(exhibit: id, language: language, bytes: bytes, version: entry.version)
    }

    @Test func aRowsTextsAreReadAsTheLoaderReadsThem() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        #expect(load.isEditable)
        let entry = try #require(load.entry(exhibit: "jikji", language: .korean))
        #expect(entry.file == "items.csv")
        #expect(entry.text(.entry("short_desc")) == "금속활자로 찍은 책, 1377년")
        #expect(entry.text(.image("jikji-type", "caption")) == "활자" && entry.text(.fact(1, "value")) == "프랑스 국립도서관")
        #expect(try #require(load.entry(exhibit: "haegeum", language: .english)).text(.entry("name")) == "Haegeum")
    }

    @Test func changedTextsGoIntoTheirCellsAndEveryOtherByteStays() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let hostile = "=HYPERLINK(\"x\"), and \"quotes\"\nover two lines"
        let changes = [
            try change(load, "jikji", .korean, [.entry("short_desc"): "가장 오래된 금속활자본", .image("jikji-type", "caption"): "금속 활자",
                                                 .fact(1, "value"): hostile]),
            try change(load, "jikji", .english, [.entry("desc"): "The second volume, in Paris."]),
        ]
        #expect(try load.write(changes).get() == ["items.csv"])
        let written = try Data(contentsOf: folder.url.appendingPathComponent("items.csv"))
        let guardedHostile = "\"'=HYPERLINK(\"\"x\"\"), and \"\"quotes\"\"\nover two lines\""
        let expected = "\u{FEFF}image_name,stop,name,name.en,short_desc,images.1.name,images.1.caption,fields.1.label,fields.1.value,desc.en\r\n"
            + "jikji,1,직지심체요절,Jikji,가장 오래된 금속활자본,jikji-type,금속 활자,소장,\(guardedHostile),\"The second volume, in Paris.\"\r\n"
            + "haegeum,2,해금,Haegeum,두 줄 현악기,,,,\r\n"
        #expect(written == Data(expected.utf8), "\(String(decoding: written, as: UTF8.self))")
        let catalog = try folder.load()
        let jikji = catalog.primary.exhibits[0]
        #expect(jikji.shortDescription == "가장 오래된 금속활자본" && jikji.facts.fields[0].value == hostile)
        #expect(jikji.images.first { $0.name == "jikji-type" }?.caption == "금속 활자")
        #expect(catalog.translations[0].exhibits[0].description == "The second volume, in Paris.")
        #expect(catalog.primary.exhibits[1] == (try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.csv": Self.sheet,
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG, "jikji.svg": TemporaryCatalog.tinySVG,
            "jikji-type.svg": TemporaryCatalog.tinySVG, "haegeum.svg": TemporaryCatalog.tinySVG,
        ]).load()).primary.exhibits[1])
    }

    @Test func aRowChangedOnDiskIsNeverWrittenOver() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        let mine = try change(load, "haegeum", .korean, [.entry("name"): "해금 (奚琴)"])
        let theirs = Self.sheet.replacingOccurrences(of: "두 줄 현악기", with: "활로 켜는 악기")
        try theirs.write(to: folder.url.appendingPathComponent("items.csv"), atomically: true, encoding: .utf8)
        #expect(throws: EntryWriteError.self) { try load.write([mine]).get() }
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("items.csv")) == Data(theirs.utf8))
    }

    @Test func aSemicolonSheetWithLFLineEndsIsWrittenInItsOwnWay() throws {
        let sheet = "image_name;name;short_desc\nhaegeum;해금;두 줄; 현악기\n".replacingOccurrences(of: "두 줄; 현악기", with: "\"두 줄; 현악기\"")
        let folder = try TemporaryCatalog(["exposition_universelle_1900.json": TemporaryCatalog.seedExposition, "items.csv": sheet,
                                           "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG, "haegeum.svg": TemporaryCatalog.tinySVG])
        let load = try WatchedLoad.load(at: folder.url)
        _ = try load.write([try change(load, "haegeum", .korean, [.entry("short_desc"): "활; 두 줄", .stop: "7"])]).get()
        #expect(try String(contentsOf: folder.url.appendingPathComponent("items.csv"), encoding: .utf8)
            == "image_name;name;short_desc;stop\nhaegeum;해금;\"활; 두 줄\";7\n")
        #expect(try folder.load().primary.exhibits[0].stop == 7)
    }

    @Test func rowsAreFoundTheSameWhateverTheChunksTheFileIsReadIn() throws {
        let bytes = Array((Self.sheet + "\"gayageum\",3,\"가야금\r\n열두 줄\",,,,,,\r\n\r\n").utf8)
        func rows(_ chunk: Int) -> SheetRows? {
            SheetRows(size: bytes.count, chunk: chunk) { Array(bytes[$0]) }
        }
        let whole = try #require(rows(1 << 20))
        #expect(whole.rows.keys.sorted() == ["gayageum", "haegeum", "jikji"])
        #expect(whole.header.lowerBound == 3 && whole.columns.first == "image_name")
        for chunk in [1, 2, 7, 64] {
            let found = try #require(rows(chunk))
            #expect(found.rows == whole.rows && found.header == whole.header, "chunks of \(chunk)")
        }
        let gayageum = try #require(whole.rows["gayageum"])
        #expect(String(decoding: bytes[gayageum], as: UTF8.self) == "\"gayageum\",3,\"가야금\r\n열두 줄\",,,,,,")
        #expect(SheetRows(size: 4, read: { _ in [0xFF, 0xFE, 0x41, 0x00] }) == nil, "UTF-16 is read, not written")
    }
}

/// The exposition, tours and floors of a folder that keeps them in spreadsheets.
@Suite struct SheetDocumentEditingTests {
    static let exposition = "title,만국박람회\r\nvisitors,\"48,130,300\"\r\ntitle.en,The Exposition\r\n"
    static let tours = "id,title,stops\nprinted-word,인쇄된 말,jikji haegeum\n"
    static let floors = "id,name,plan\n1,1층,poster"

    private func folder() throws -> TemporaryCatalog {
        try TemporaryCatalog([
            "exposition.csv": Self.exposition, "tours.csv": Self.tours, "floors.csv": Self.floors,
            "items.csv": "image_name,name,name.en\njikji,직지,Jikji\nhaegeum,해금,\n",
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
            "jikji.svg": TemporaryCatalog.tinySVG, "haegeum.svg": TemporaryCatalog.tinySVG,
        ])
    }

    private func change(_ load: WatchedLoad, _ document: CatalogDocument, _ language: Language, _ texts: [EntryField: String]) throws -> EntryChange {
        let entry = try #require(load.entry(exhibit: document.rawValue, language: language))
        var bytes = entry.bytes
        for (field, text) in texts { bytes = try #require(field.setting(text, in: bytes)) }
        return EntryChange(exhibit: document.rawValue, language: language, bytes: bytes, version: entry.version)
    }

    private func file(_ folder: TemporaryCatalog, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.url.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func textsGoIntoTheirRowsAndCellsAndNewOnesAtTheEnd() throws {
        let folder = try folder()
        let load = try WatchedLoad.load(at: folder.url)
        #expect(try #require(load.entry(exhibit: CatalogDocument.exposition.rawValue, language: .korean)).text(.visitors) == "48130300")
        let changes = [
            try change(load, .exposition, .korean, [.entry("location"): "파리, 센 강변", .entry("title"): "=파리 만국박람회"]),
            try change(load, .exposition, .english, [.entry("title"): "The Paris Exposition"]),
            try change(load, .tours, .english, [.listed("tours", "printed-word", "title"): "The printed word"]),
            try change(load, .floors, .korean, [.listed("floors", "1", "plan_alt"): "네모난 방, 입구는 남쪽"]),
        ]
        let (catalog, _) = load.catalog(with: changes)
        #expect(catalog.primary.exposition.location == "파리, 센 강변" && catalog.translations[0].tours[0].title == "The printed word")
        #expect(Set(try load.write(changes).get()) == ["exposition.csv", "tours.csv", "floors.csv"])
        #expect(try file(folder, "exposition.csv")
            == "title,'=파리 만국박람회\r\nvisitors,\"48,130,300\"\r\ntitle.en,The Paris Exposition\r\nlocation,\"파리, 센 강변\"\r\n")
        #expect(try file(folder, "tours.csv") == "id,title,stops,title.en\nprinted-word,인쇄된 말,jikji haegeum,The printed word\n")
        #expect(try file(folder, "floors.csv") == "id,name,plan,plan_alt\n1,1층,poster,\"네모난 방, 입구는 남쪽\"")
        let reloaded = try folder.load()
        #expect(reloaded.primary.exposition.title == "=파리 만국박람회" && reloaded.primary.exposition.location == "파리, 센 강변")
        #expect(reloaded.translations[0].exposition.title == "The Paris Exposition")
        #expect(reloaded.translations[0].tours[0].title == "The printed word")
        #expect(reloaded.primary.floors[0].planAlt == "네모난 방, 입구는 남쪽")
    }
}

/// A folder that mixes the formats is written in each file's own.
@Suite struct MixedFormatEditingTests {
    @Test func aTranslatorsJSONBesideASheetIsWrittenAsJSONAndTheSheetAsASheet() throws {
        let english = #"[{"image_name": "jikji", "name": "Jikji"}]"#
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.csv": "image_name,name\njikji,직지\nhaegeum,해금\n", "items.en.json": english,
            "tours.csv": "id,title,stops\nwalk,걷기,jikji\n",
            "poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
            "jikji.svg": TemporaryCatalog.tinySVG, "haegeum.svg": TemporaryCatalog.tinySVG,
        ])
        let load = try WatchedLoad.load(at: folder.url)
        let korean = try #require(load.entry(exhibit: "jikji", language: .korean))
        let englishEntry = try #require(load.entry(exhibit: "jikji", language: .english))
        #expect(korean.file == "items.csv" && englishEntry.file == "items.en.json")
        let tours = try #require(load.entry(exhibit: CatalogDocument.tours.rawValue, language: .korean))
        let changes = [
            EntryChange(exhibit: "jikji", language: .korean, bytes: try #require(EntryField.entry("name").setting("직지심체요절", in: korean.bytes)),
                        version: korean.version),
            EntryChange(exhibit: "jikji", language: .english, bytes: try #require(EntryField.entry("name").setting("Jikji, the Anthology", in: englishEntry.bytes)),
                        version: englishEntry.version),
            EntryChange(exhibit: CatalogDocument.tours.rawValue, language: .korean,
                        bytes: try #require(EntryField.listed("tours", "walk", "title").setting("천천히 걷기", in: tours.bytes)), version: tours.version),
        ]
        #expect(Set(try load.write(changes).get()) == ["items.csv", "items.en.json", "tours.csv"])
        func file(_ name: String) throws -> String { try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8) }
        #expect(try file("items.csv") == "image_name,name\njikji,직지심체요절\nhaegeum,해금\n")
        #expect(try file("items.en.json") == #"[{"image_name": "jikji", "name": "Jikji, the Anthology"}]"#)
        #expect(try file("tours.csv") == "id,title,stops\nwalk,천천히 걷기,jikji\n")
        // A folder with spreadsheets is always read whole again.
        #expect(load.reloaded() == nil)
    }
}

/// A spreadsheet in a legacy code page is read, but the studio does not write UTF-8 into it.
@Suite struct LegacySheetEditingTests {
    @Test func aKoreanExcelSheetIsShownButNotEdited() throws {
        let cp949: [UInt8] = Array("image_name,name\njikji,".utf8) + [0xC1, 0xF7, 0xC1, 0xF6] + Array("\n".utf8)
        let exposition: [UInt8] = Array("title,".utf8) + [0xB8, 0xB8, 0xB1, 0xB9] + Array("\nvisitors,1\n".utf8)
        let folder = try TemporaryCatalog(["poster.svg": TemporaryCatalog.tinySVG, "flag.svg": TemporaryCatalog.tinySVG,
                                           "jikji.svg": TemporaryCatalog.tinySVG])
        try folder.write("items.csv", Data(cp949))
        try folder.write("exposition.csv", Data(exposition))
        let load = try WatchedLoad.load(at: folder.url)
        #expect(load.catalog.primary.exhibits[0].name == "직지" && load.catalog.primary.exposition.title == "만국")
        #expect(!load.isEditable)
        #expect(load.entry(exhibit: "jikji", language: .korean) == nil)
        #expect(load.entry(exhibit: CatalogDocument.exposition.rawValue, language: .korean) == nil)
    }
}
