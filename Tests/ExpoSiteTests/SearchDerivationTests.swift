import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// A site's search index made from the one before it (`Site.render(after:)`) is the index
/// made from every exhibit: the same records, the same files with the same bytes, the same
/// manifest. Cut into small shards, so that most branches are reused and some are cut anew.
@Suite struct SearchDerivationTests {
    /// Words in three scripts: Hangul (filed by initial consonant), Latin, and Chinese
    /// characters (unspaced, so their inner starts are words too).
    private static let vocabulary = [
        "대장경", "팔만대장경", "가야금", "거문고", "고려", "청자", "백자", "나전", "칠기", "금관", "은입사", "향로", "병풍", "자수", "활자",
        "jikji", "celadon", "lacquer", "crown", "screen", "incense", "burner", "movable", "type", "silver", "inlay", "embroidery",
        "大藏經", "直指", "高麗", "靑瓷", "螺鈿", "金冠",
    ]

    /// One text of `count` words, the same for the same seed.
    private static func text(_ seed: Int, _ count: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 97)
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return vocabulary[Int(state >> 33) % vocabulary.count]
        }.joined(separator: " ")
    }

    /// 240 exhibits in Korean and English; `edits` replaces an exhibit's fields by place.
    private static func catalog(_ edits: [Int: (name: String?, short: String?, english: String?)] = [:]) throws -> TemporaryCatalog {
        func entries(_ english: Bool) -> String {
            "[\n" + (1...240).map { index in
                let edit = edits[index]
                let name = english ? (edit?.english ?? "Exhibit \(text(index, 2))") : (edit?.name ?? "출품작 \(text(index + 1000, 2))")
                let short = english ? "About \(text(index + 3000, 3))" : (edit?.short ?? text(index + 2000, 4))
                return #"{"name": "\#(name)", "image_name": "item-\#(index)", "short_desc": "\#(short)", "desc": "문단 \#(index)."}"#
            }.joined(separator: ",\n") + "\n]"
        }
        return try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.json": entries(false),
            "exposition_universelle_1900.en.json": ScreenModelTests.englishFiles["exposition_universelle_1900.en.json"]!,
            "items.en.json": entries(true),
        ])
    }

    private static let options: SiteOptions = {
        var options = SiteOptions(exhibitsPerPage: 50)
        options.searchShardBytes = 400
        return options
    }()

    @Test(arguments: [
        // One short text with words of its own: a new word is filed, and branches cut anew.
        [7: (name: nil, short: "완전히 새로운 낱말 zebra quartz 新語", english: nil)],
        // Names in both languages, across the list: the other language's index files them too.
        [1: (name: "고려 청자 향로", short: nil, english: "Celadon incense burner"), 120: (name: "직지", short: nil, english: nil),
         240: (name: nil, short: nil, english: "Jikji")],
        // Texts that lose words no other exhibit has: their records go.
        [3: (name: "가", short: "나", english: "a"), 4: (name: "가", short: "나", english: "b"), 5: (name: "가", short: "나", english: "c")],
    ] as [[Int: (name: String?, short: String?, english: String?)]])
    func aDerivedIndexIsTheWholeOne(_ edits: [Int: (name: String?, short: String?, english: String?)]) throws {
        let before = try Site.render(Self.catalog().load(), options: Self.options)
        before.makeIndexes()
        let changed = try Self.catalog(edits).load()
        let derived = try Site.render(changed, options: Self.options, after: before)
        let whole = try Site.render(changed, options: Self.options)
        for language in [Language.korean, .english] {
            let made = try #require(derived.plan.search.index(language))
            let reference = try #require(whole.plan.search.index(language))
            #expect(made.isDerived && !reference.isDerived)
            #expect(made.table.count == reference.table.count)
            #expect(made.table.records.map(\.key) == reference.table.records.map(\.key))
            #expect(made.table.records.map(\.names) == reference.table.records.map(\.names))
            #expect(made.table.records.map(\.texts) == reference.table.records.map(\.texts))
            #expect(made.nodes.map(\.key) == reference.nodes.map(\.key) && made.nodes.map(\.kind) == reference.nodes.map(\.kind))
            #expect(reference.nodes.count > 30, "400 bytes cut the index into many shards: \(reference.nodes.count)")
            #expect(Set(made.files.keys) == Set(reference.files.keys))
            for (name, page) in reference.files { #expect(made.files[name]?.body == page.body, "\(language) \(name)") }
        }
    }

    /// A change to no word a search finds (a long description) reuses every file of the index.
    @Test func aChangeToNoSearchedWordReusesEveryFile() throws {
        let before = try Site.render(Self.catalog().load(), options: Self.options)
        before.makeIndexes()
        let folder = try Self.catalog()
        let url = folder.url.appendingPathComponent("items.json")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "문단 9.", with: "고친 문단.")
            .write(to: url, atomically: true, encoding: .utf8)
        let site = try Site.render(folder.load(), options: Self.options, after: before)
        let made = try #require(site.plan.search.index(.korean))
        let earlier = try #require(before.plan.search.index(.korean))
        #expect(made.isDerived)
        for (name, page) in earlier.files where name != SearchShards.manifestName {
            #expect(made.files[name]?.held == page.held, "\(name) is the earlier index's file")
        }
    }

    /// A site whose list differs (an exhibit added) makes its index whole.
    @Test func aDifferentListIsNotDerived() throws {
        let before = try Site.render(Self.catalog().load(), options: Self.options)
        before.makeIndexes()
        let folder = try Self.catalog()
        let url = folder.url.appendingPathComponent("items.json")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n]", with: #",{"name": "더", "image_name": "item-more", "short_desc": "더"}"# + "\n]")
            .write(to: url, atomically: true, encoding: .utf8)
        let site = try Site.render(folder.load(), options: Self.options, after: before)
        #expect(site.plan.search.index(.korean)?.isDerived == false)
    }

    /// A preview's first list page asks whether anything can be browsed, which in a catalog
    /// with no shared value means reading every exhibit: the site after a change to no value
    /// takes the answer from the site before (the bench's `--watch` row times that), and a
    /// change that makes a value shared does not.
    @Test func whetherThereIsAnythingToBrowseIsTakenOnlyWhenNoValueChanged() throws {
        let folder = try Self.catalog()
        let url = folder.url.appendingPathComponent("items.json")
        // Every exhibit by a maker of its own: a field to browse by, with no value shared.
        var text = try String(contentsOf: url, encoding: .utf8)
            .replacing(#/"desc": "문단 (\d+)\."/#) { #""desc": "문단 \#($0.1).", "maker": "작가 \#($0.1)""# }
        try text.write(to: url, atomically: true, encoding: .utf8)
        let before = try Site.render(folder.load(), options: Self.options)
        #expect(!before.context.browse.hasBrowsing(.korean), "no maker shared")
        text = text.replacingOccurrences(of: "문단 9.", with: "고친 문단.")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let edited = try Site.render(folder.load(), options: Self.options, after: before)
        #expect(!edited.context.browse.hasBrowsing(.korean))

        text = text.replacingOccurrences(of: #""maker": "작가 4""#, with: #""maker": "작가 3""#)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let shared = try Site.render(folder.load(), options: Self.options, after: edited)
        #expect(shared.context.browse.hasBrowsing(.korean), "two exhibits share a maker")
        #expect(try Site.render(folder.load(), options: Self.options).context.browse.hasBrowsing(.korean))
    }
}
