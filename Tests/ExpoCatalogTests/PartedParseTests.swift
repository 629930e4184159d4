import Testing
@testable import ExpoCatalog

/// A large list is parsed in parts on several cores: the value, the duplicate keys and
/// the first error must be exactly those of parsing it in one piece.
@Suite struct PartedParseTests {
    /// Entries with nesting, escapes, Korean text and numbers.
    private static func largeList(entries: Int = 3_000, _ entry: (Int) -> String = { index in
        #"{"name": "출품작 \#(index) \"따옴표\" \\ 끝", "n": \#(index), "x": -1.5e3, "list": [1, {"a": [true, false, null]}], "s": "]},[{"}"#
    }) -> [UInt8] {
        Array(("[\n" + (1...entries).map(entry).joined(separator: ",\n") + "\n]\n").utf8)
    }

    @Test func aLargeListParsedInPartsIsTheSameAsInOnePiece() throws {
        let bytes = Self.largeList()
        var oneDuplicates: [JSONDuplicateKey] = []
        var partedDuplicates: [JSONDuplicateKey] = []
        let one = try JSONParser.parse(bytes, duplicates: &oneDuplicates)
        let parted = try #require(JSONParser.parseInParts(bytes, workers: 4, duplicates: &partedDuplicates), "read in parts")
        #expect(one == parted)
        guard case let .array(entries) = parted else { Issue.record("not a list"); return }
        #expect(entries.count == 3_000)
        #expect(entries[2_999]["name"] == .string(#"출품작 3000 "따옴표" \ 끝"#))
    }

    @Test func aDuplicateKeyInALaterPartKeepsItsPlace() throws {
        let bytes = Self.largeList { index in
            index == 2_500 ? #"{"name": "a", "n": 1, "name": "b"}"# : #"{"name": "출품작 \#(index) 가나다라마바사아자차카타파하 가나다라마바사아자차카타파하", "n": \#(index)}"#
        }
        var one: [JSONDuplicateKey] = []
        var parted: [JSONDuplicateKey] = []
        _ = try JSONParser.parse(bytes, duplicates: &one)
        #expect(JSONParser.parseInParts(bytes, workers: 2, duplicates: &parted) != nil)
        #expect(parted == one)
        #expect(one.count == 1 && one.first?.line == 2_501)
    }

    @Test(arguments: [
        (#"{"name": "a", "n": 01}"#, "a leading zero"),
        (#"{"name": "a" "n": 1}"#, "a missing comma"),
        (#"{"name": "a\q"}"#, "an unknown escape"),
        (#"{"name": "a"}, 7 8"#, "two values without a comma between"),
    ])
    func anErrorInALaterPartIsReportedAsInOnePiece(_ broken: String, _ what: String) {
        let bytes = Self.largeList { $0 == 2_321 ? broken : #"{"name": "출품작 \#($0)", "n": \#($0)}"# }
        var duplicates: [JSONDuplicateKey] = []
        let one = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes, duplicates: &duplicates) }
        #expect(JSONParser.parseInParts(bytes, workers: 2, duplicates: &duplicates) == nil, "no part reads \(what)")
        let parted = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes, duplicates: &duplicates, workers: 2, partedFrom: 0) }
        #expect(one == parted, "\(what)")
        #expect(one?.line == 2_322, "\(what)")
    }

    @Test func anUnclosedListFallsBackToTheWholeParseAndItsError() {
        var bytes = Self.largeList()
        bytes.removeLast(2)
        var duplicates: [JSONDuplicateKey] = []
        let one = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes, duplicates: &duplicates) }
        let parted = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes, duplicates: &duplicates, workers: 2, partedFrom: 0) }
        #expect(one == parted)
    }
}
