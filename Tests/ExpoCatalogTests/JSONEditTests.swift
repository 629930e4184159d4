import Testing
@testable import ExpoCatalog

/// A studio edit changes one value of a curator's file and keeps every other byte.
@Suite struct JSONEditTests {
    private let entry = """
        {
            "name": "직지",
            "image_name": "jikji",
            "images": [
                {"name": "jikji", "alt": "책"}
            ],
            "fields": [
                {
                    "label": "남은 책",
                    "value": "하권"
                }
            ]
        }
        """

    private func edit(_ path: [JSONStep], _ value: JSONValue?, in text: String) throws -> String {
        let bytes = try #require(JSONEdit.setting(path, to: value, in: Array(text.utf8)))
        // Whatever was written reads back as JSON.
        _ = try JSONParser.parse(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aChangedTextReplacesOnlyItsValue() throws {
        let changed = try edit([.key("name")], .string("직지심체요절 \"하권\"\n두 줄"), in: entry)
        #expect(changed == entry.replacingOccurrences(of: #""직지""#, with: #""직지심체요절 \"하권\"\n두 줄""#))
    }

    @Test func aMissingKeyIsAddedAfterTheLastWithItsNeighboursIndent() throws {
        let changed = try edit([.key("short_desc")], .string("금속활자본"), in: entry)
        #expect(changed.hasSuffix("""
                    }
                ],
                "short_desc": "금속활자본"
            }
            """))
        #expect(changed.hasPrefix(String(entry.dropLast(2))))
    }

    @Test func anObjectOnOneLineStaysOnOneLine() throws {
        let changed = try edit([.key("images"), .whose(key: "name", is: "jikji"), .key("caption")], .string("펼친 책"), in: entry)
        #expect(changed.contains(#"{"name": "jikji", "alt": "책", "caption": "펼친 책"}"#))
    }

    @Test func anImageNotListedYetIsAddedByName() throws {
        let changed = try edit([.key("images"), .whose(key: "name", is: "jikji-type"), .key("alt")], .string("활자"), in: entry)
        #expect(changed.contains("{\"name\": \"jikji\", \"alt\": \"책\"},\n        {\"name\": \"jikji-type\", \"alt\": \"활자\"}\n    ]"))
        let bare = #"{"name": "직지", "image_name": "jikji"}"#
        #expect(try edit([.key("images"), .whose(key: "name", is: "jikji"), .key("alt")], .string("책"), in: bare)
                == #"{"name": "직지", "image_name": "jikji", "images": [{"name": "jikji", "alt": "책"}]}"#)
    }

    @Test func aFactIsFoundByItsPlaceAndOnlyTheNextCanBeAdded() throws {
        let changed = try edit([.key("fields"), .index(0), .key("value")], .string("상권"), in: entry)
        #expect(changed == entry.replacingOccurrences(of: "하권", with: "상권"))
        let added = try edit([.key("fields"), .index(1), .key("label")], .string("등재"), in: entry)
        #expect(added.contains("""
                    },
                    {
                        "label": "등재"
                    }
            """))
        #expect(JSONEdit.setting([.key("fields"), .index(5), .key("label")], to: .string("x"), in: Array(entry.utf8)) == nil)
    }

    @Test func anEmptiedTextIsRemovedWithItsComma() throws {
        #expect(try edit([.key("name")], nil, in: entry) == entry.replacingOccurrences(of: "\n    \"name\": \"직지\",", with: ""))
        #expect(try edit([.key("image_name")], nil, in: #"{"name": "a", "image_name": "b", "desc": "c"}"#) == #"{"name": "a", "desc": "c"}"#)
        #expect(try edit([.key("name")], nil, in: #"{"name": "a"}"#) == "{}")
        // Removing what is not there changes nothing.
        #expect(try edit([.key("images"), .whose(key: "name", is: "other"), .key("alt")], nil, in: entry) == entry)
    }

    @Test func textThatIsNotJSONOrOfAnotherShapeIsRefused() {
        #expect(JSONEdit.setting([.key("name")], to: .string("x"), in: Array(#"{"name": "a""#.utf8)) == nil)
        #expect(JSONEdit.setting([.key("name")], to: .string("x"), in: Array("[1, 2]".utf8)) == nil)
        #expect(JSONEdit.setting([.key("name"), .key("x")], to: .string("x"), in: Array(#"{"name": "a"}"#.utf8)) == nil)
        #expect(JSONEdit.setting([.key("name")], to: .string("x"), in: Array(String(repeating: "[", count: 5000).utf8)) == nil)
    }
}
