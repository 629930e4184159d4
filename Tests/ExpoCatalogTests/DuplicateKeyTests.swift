import ExpoTestSupport
import Testing
@testable import ExpoCatalog

/// A key given twice in one object is used as readers have always used it (the first),
/// and said, with both places.
@Suite struct DuplicateKeyTests {
    @Test func aDuplicateKeyIsAWarningNamingBothPlacesAndTheFirstIsUsed() throws {
        let items = """
            [
              {
                "name": "직지심체요절",
                "name": "Forged",
                "image_name": "jikji", "short_desc": "책", "desc": "첫 문단."
              }
            ]
            """
        let folder = try TemporaryCatalog.seed(extra: ["items.json": items])
        let catalog = try folder.load()
        #expect(catalog.primary.exhibits[0].name == "직지심체요절")
        #expect(catalog.diagnostics.map(\.line)
            == [#"warning: items.json:4:5: duplicate key "name" (first at 3:5); the first one is used"#])
    }

    @Test func aLargeObjectFindsItsDuplicatesToo() throws {
        let members = (0..<40).map { #""k\#($0)": \#($0)"# } + [#""k7": 0"#, #""k39": 0"#, #""k0": 0"#]
        var duplicates: [JSONDuplicateKey] = []
        let value = try JSONParser.parse(Array("{\(members.joined(separator: ","))}".utf8), duplicates: &duplicates)
        #expect(duplicates.map(\.key) == ["k7", "k39", "k0"])
        #expect(duplicates.allSatisfy { $0.line == 1 && $0.firstLine == 1 && $0.firstColumn < $0.column })
        #expect(value["k7"] == .integer(7), "the first is used")
        // Nested objects keep their own keys apart: the same key in two of them is no duplicate.
        var none: [JSONDuplicateKey] = []
        _ = try JSONParser.parse(Array(#"{"a": {"a": 1, "b": {"a": 2}}, "b": [{"a": 1}, {"a": 2}]}"#.utf8), duplicates: &none)
        #expect(none.isEmpty)
    }
}
