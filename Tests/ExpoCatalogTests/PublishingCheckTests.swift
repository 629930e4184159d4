@testable import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing

/// `validate` as a publishing check: what loads may still not be ready for visitors.
@Suite struct PublishingCheckTests {
    static func notes(items: String, extra: [String: String] = [:]) throws -> [String] {
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items].merging(extra) { $1 })
        return try folder.load(publishingCheck: true).publishingNotes.map(\.description)
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

    @Test func wordsAreSpacedRunsOfLettersOrTwoUnspacedCharacters() {
        // An odd character left over still counts as a word.
        #expect(LabelLength.words("金属活字本") == 3)
        #expect(LabelLength.words("Jikji 直指") == 2)
        // A Korean eojeol, a word with its particle or a number with its counter, is one word.
        #expect(LabelLength.words("직지심체요절은 1377년에 찍었다") == 3)
        #expect(LabelLength.words("1900. 4. 14.") == 3)
        #expect(LabelLength.words("e\u{301}te") == 1)
        #expect(LabelLength.words("— · …") == 0)
        #expect(LabelLength.words("") == 0)
    }

    @Test func sentencesEndAtTheFullStopsOfEachScript() {
        func messages(_ description: String) -> [String] {
            LabelLength.problems(shortText: "", description: description).map(\.message)
        }
        let han = String(repeating: "字", count: 90)
        // 。！？ end a sentence without a space after them; 90 characters are 45 words.
        #expect(messages(han + "。短い。") == ["a sentence of 45 words (\"\(han)。 …\"); over 40, split it"])
        #expect(messages(han + "？" + han) == [
            "a sentence of 45 words (\"\(han)？ …\"); over 40, split it",
            "a sentence of 45 words (\"\(han) …\"); over 40, split it",
        ])
        let korean = Array(repeating: "낱말을", count: 41).joined(separator: " ")
        #expect(messages(korean + ". 다음 문장.") == ["a sentence of 41 words (\"낱말을 낱말을 낱말을 낱말을 낱말을 낱말을 …\"); over 40, split it"])
        // A full stop inside a number ends nothing; one followed by a space ends a sentence,
        // so a Korean date ("1900. 4. 14.") splits the sentence around it.
        let words = Array(repeating: "word", count: 45).joined(separator: " ")
        #expect(messages("3.5 cm " + words + " v1.2 end") == ["a sentence of 49 words (\"3.5 cm word word word word …\"); over 40, split it"])
        #expect(messages(words + " 1900. 4. 14. " + words) == [
            "a sentence of 46 words (\"word word word word word word …\"); over 40, split it",
            "a sentence of 45 words (\"word word word word word word …\"); over 40, split it",
        ])
    }

    @Test func paragraphsAreSeparatedByABlankLineAndNumberedAmongThoseWithWords() {
        func messages(_ description: String) -> [String] {
            LabelLength.problems(shortText: "", description: description).map(\.message)
        }
        let long = Array(repeating: "A sentence of four.", count: 40).joined(separator: " ")
        // Empty paragraphs are not counted; a single line break does not end a paragraph.
        #expect(messages("\n\n짧은 문단.\n\n\n\n" + long + "\n한 줄 더.\n\n" + long) == [
            "paragraph 2 has 163 words; over 150, split it",
            "paragraph 3 has 160 words; over 150, split it",
        ])
        // Texts are split as Swift splits characters, and "\r\n" is one character: a blank
        // line written with CRLF does not separate paragraphs here.
        #expect(messages(long + "\r\n\r\n" + long) == ["paragraph 1 has 320 words; over 150, split it"])
    }

    @Test func servingLoadsWithoutThePublishingCheck() throws {
        let items = "[" + [Self.entry("jikji", name: "해금"), Self.entry("haegeum", name: "해금", short: "")].joined(separator: ",") + "]"
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items, "old-photo.jpg": "not read"])
        #expect(try folder.load().publishingNotes.isEmpty)
        #expect(try folder.load(publishingCheck: true).publishingNotes.count == 3)
    }

    @Test func anImageFileNoExhibitUsesIsNoted() throws {
        let items = "[" + [Self.entry("jikji", name: "직지"), Self.entry("haegeum", name: "해금")].joined(separator: ",") + "]"
        let notes = try Self.notes(items: items, extra: ["old-photo.jpg": "not read", "jikji@2x.png": "not read"])
        #expect(notes == ["old-photo.jpg: no exhibit uses this image (by image_name or images.N.name); it is not published"])
    }

    @Test func theReportForScriptsIsOneJSONObject() throws {
        let folder = try TemporaryCatalog.seed(extra: ["items.json": "[" + Self.entry("jikji", name: "") + "]"])
        let report = ValidationReport(loading: .success(try folder.load(publishingCheck: true)), strict: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "failed")
        #expect(object["exit_status"] as? Int == 1)
        #expect(object["exhibits"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: String]])
        #expect(diagnostics.contains(["severity": "warning", "file": "items.json", "place": "[0].name", "message": "empty"]))
    }
}
