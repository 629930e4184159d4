import Testing
@testable import ExpoCatalog

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2.5, true, false, null, "x\n\u00e9\ud83c\udf89"], "b": {}}"#)
        #expect(value == .object([
            ("a", .array([.integer(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x\né🎉")])),
            ("b", .object([])),
        ]))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.integer(1)]))
    }

    @Test func reportsLineAndColumnCountingCharactersNotBytes() {
        let error = syntaxError("{\n  \"이름\": \"값\",\n  \"둘\" \"셋\"\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 7)
        #expect(error?.message == "unexpected '\"', expected ':' after the key")
    }

    @Test func reportsAMissingComma() {
        let error = syntaxError("[\n  1\n  2\n]")
        #expect(error?.line == 3)
        #expect(error?.column == 3)
        #expect(error?.message == "unexpected '2', expected ',' or ']'")
    }

    @Test func reportsUnclosedTextWhereItStarts() {
        let error = syntaxError("{\"a\": \"never closed}")
        #expect(error == JSONSyntaxError(line: 1, column: 7, message: "text that starts here is never closed with '\"'"))
    }

    @Test(arguments: [
        "", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "tru", "[\"\\x\"]", "\"a\nb\"",
        "[\"\\ud800\"]", "{} {}", "{'a': 1}", "[1e]", "NaN",
    ])
    func rejectsWhatRFC8259Rejects(_ text: String) {
        #expect(syntaxError(text) != nil, "accepted \(text.debugDescription)")
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(syntaxError(deep)?.message.contains("nested more than") == true)
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(syntaxError(allowed) == nil)
    }

    @Test func rejectsInvalidUTF8InsideText() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func keepsIntegersApartFromFractions() throws {
        #expect(try parse("[48130300, 1.0, 1e3, 99999999999999999999]") ==
            .array([.integer(48130300), .number(1), .number(1000), .number(1e20)]))
    }
}
