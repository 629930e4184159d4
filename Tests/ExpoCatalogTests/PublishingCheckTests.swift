import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// `validate` as a publishing check: what loads may still not be ready for visitors.
@Suite struct PublishingCheckTests {
    static func notes(items: String, extra: [String: String] = [:]) throws -> [String] {
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items].merging(extra) { $1 })
        return try folder.load().publishingNotes.map(\.description)
    }

    static func entry(_ id: String, name: String, short: String = "짧은 설명", desc: String = "첫 문단.") -> String {
        #"{"image_name": "\#(id)", "name": "\#(name)", "short_desc": "\#(short)", "desc": "\#(desc)", "images": [{"name": "\#(id)", "alt": "그림"}]}"#
    }

    @Test func emptyAndRepeatedNamesAreNamedWithTheirPlace() throws {
        let notes = try Self.notes(items: "[" + [Self.entry("jikji", name: "해금"), Self.entry("haegeum", name: "해금", short: "")].joined(separator: ",") + "]")
        #expect(notes == [
            "items.json[1].short_desc: empty",
            "items.json[1].name: \"해금\" is also the name of items.json[0].name; visitors cannot tell the two apart in the list",
        ])
    }

    @Test func textsFarPastLabelLengthAreFlaggedAndTextsNearItAreNot() throws {
        let longSentence = Array(repeating: "word", count: 45).joined(separator: " ") + "."
        let fineSentence = Array(repeating: "word", count: 30).joined(separator: " ") + "."
        let longParagraph = Array(repeating: "A sentence of four.", count: 40).joined(separator: " ")
        let longShort = Array(repeating: "word", count: 30).joined(separator: " ")
        let items = "[" + [
            Self.entry("jikji", name: "직지", short: longShort, desc: longSentence + "\\n\\n" + longParagraph),
            Self.entry("haegeum", name: "해금", desc: fineSentence + "\\n\\n" + fineSentence),
        ].joined(separator: ",") + "]"
        let notes = try Self.notes(items: items)
        #expect(notes == [
            "items.json[0].short_desc: 30 words; the line under a name reads best at 25 or fewer",
            "items.json[0].desc: paragraph 2 has 160 words; over 150, split it",
            "items.json[0].desc: a sentence of 45 words (\"word word word word word word …\"); over 40, split it",
        ])
    }

    @Test func wordsAreCountedInScriptsThatDoNotSpaceThem() {
        #expect(LabelLength.words("The oldest book") == 3)
        #expect(LabelLength.words("금속활자로 찍은 가장 오래된 책") == 5)
        // Ten Han characters count as five words.
        #expect(LabelLength.words("現存最古の金属活字本。") == 5)
    }

    @Test func anImageFileNoExhibitUsesIsNoted() throws {
        let items = "[" + [Self.entry("jikji", name: "직지"), Self.entry("haegeum", name: "해금")].joined(separator: ",") + "]"
        let notes = try Self.notes(items: items, extra: ["old-photo.jpg": "not read", "jikji@2x.png": "not read"])
        #expect(notes == ["old-photo.jpg: no exhibit uses this image (by image_name or images.N.name); it is not published"])
    }

    @Test func theReportForScriptsIsOneJSONObject() throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.json": "[" + Self.entry("jikji", name: "") + "]"])
        let report = ValidationReport(loading: .success(try folder.load()), strict: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "failed")
        #expect(object["exit_status"] as? Int == 1)
        #expect(object["exhibits"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: String]])
        #expect(diagnostics.contains(["severity": "warning", "file": "items.json", "place": "[0].name", "message": "empty"]))
    }
}
