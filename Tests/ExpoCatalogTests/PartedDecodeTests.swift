import Testing
@testable import ExpoCatalog

/// A large items file is read on several cores: the exhibits and every message, in order,
/// must be those of reading it on one.
@Suite struct PartedDecodeTests {
    private static let entries: [String] = (0..<5_000).map { index in
        switch index % 97 {
        case 0: #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "colour": "red"}"#
        case 1: #"{"name": 7, "image_name": "item-\#(index)", "desc": null}"#
        case 2: #""not an exhibit""#
        case 3: #"{"name": "같은 id", "image_name": "item-\#(index - 3 + (index % 2 == 0 ? 0 : 97))"}"#
        case 4: #"{"name": "출품작", "image_name": "bad id \#(index)", "maker": "x", "unknown_\#(index % 3)": 1}"#
        case 5: #"{"name": "사진", "image_name": "item-\#(index)", "images": [{"name": "item-\#(index)"}]}"#
        default: #"{"name": "출품작 \#(index)", "image_name": "item-\#(index)", "short_desc": "설명"}"#
        }
    }

    private func decode(cores: Int) throws -> (exhibits: ExhibitTable?, reader: FieldReader) {
        let json = try JSONParser.parse(Array(("[" + Self.entries.joined(separator: ",") + "]").utf8))
        var reader = FieldReader(file: "items.json")
        let exhibits = ExhibitDecoder.decode(json, reader: &reader, cores: cores)
        return (exhibits, reader)
    }

    @Test(arguments: [2, 3, 7])
    func readingInPartsGivesTheSameExhibitsAndMessagesInTheSameOrder(cores: Int) throws {
        let one = try decode(cores: 1)
        let parted = try decode(cores: cores)
        #expect(ExhibitDecoder.decodeInParts([.null, .null, .null, .null], file: "x", cores: cores).count > 1)
        #expect(parted.exhibits == one.exhibits)
        #expect(parted.reader.diagnostics == one.reader.diagnostics)
        #expect(parted.reader.publishingNotes == one.reader.publishingNotes)
        #expect(parted.reader.entriesWithProblems == one.reader.entriesWithProblems)
        // The fixture has every kind of problem, duplicate ids across parts among them.
        let messages = one.reader.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("ids must be unique") })
        #expect(messages.contains { $0.hasPrefix("unknown key; ignored (and") })
        #expect(messages.contains { $0.contains("is not a safe id") })
        #expect(messages.contains { $0.contains("expected an object") })
    }
}
