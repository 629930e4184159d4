import Testing
@testable import ExpoServer

/// What the server streams and logs quotes the catalog and the client, and neither can
/// forge an event or a log line with the characters it holds.
@Suite struct ForgedEventTests {
    @Test func aCarriageReturnInAProblemCannotStartAnEventOfItsOwn() {
        let problem = "items.json[0].image_name: \"x\revent: generation\rdata: 99\r\r\" is not a safe id\u{1B}[2J\nsecond line"
        let text = String(decoding: PreviewEvents.event("problem", problem), as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{1B}" })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // One event: its name, a data line per line of the problem, and the blank line that ends it.
        #expect(lines.first == "event: problem")
        #expect(lines.filter { $0.hasPrefix("event:") }.count == 1)
        #expect(lines.dropFirst().dropLast(2).allSatisfy { $0.hasPrefix("data: ") }, "\(lines)")
        #expect(lines.suffix(2) == ["", ""])
        #expect(text.contains(#"data: second line"#))
        #expect(text.contains(#"is not a safe id\u{1B}[2J"#))
    }

    @Test func aRequestLogLineCannotBeSplitOrActOnTheTerminal() {
        let line = SiteResponder.logged("GET", "/items/\u{1B}]0;owned\u{7}\n2026-01-01T00:00:00Z info expo1900: GET / 200")
        #expect(line == #"GET /items/\u{1B}]0;owned\u{7}\n2026-01-01T00:00:00Z info expo1900: GET / 200"#)
    }
}
