import ExpoStudio
import Testing

/// Names: letters of any script, digits, `.`, `-`, `_`; 1–64 characters; trimmed; one
/// account per name whatever its case.
@Suite struct AccountNameTests {
    @Test(arguments: ["anna", "Kim.Minji", "kim_minji-2", "김민지", "Zoë", "अनुराधा", "Ōtani", String(repeating: "가", count: 64)])
    func namesInAnyScriptAreTaken(_ name: String) throws {
        #expect(try AccountName(name).text == name)
    }

    @Test func spacesAroundANameAreTrimmed() throws {
        #expect(try AccountName("  anna \t").text == "anna")
    }

    @Test func aNameIsComparedIgnoringCaseAndHowAnAccentWasTyped() throws {
        #expect(try AccountName("ANNA").folded == AccountName("anna").folded)
        #expect(try AccountName("ZOË").folded == AccountName("zoe\u{308}").folded)
        #expect(try AccountName("zoe\u{308}").text == "zoë")
    }

    @Test(arguments: [
        ("", "is empty"), ("   ", "is empty"),
        ("<script>", "holds '<'"), ("a b", "holds a space"), ("bell\u{7}", "control character (\\u{7})"),
        ("new\nline", "control character (\\n)"), ("admin\u{202E}", "control character"),
        ("admin\u{200D}", "holds"), ("a/b", "holds '/'"), ("\u{301}a", "starts with a mark"),
        (String(repeating: "x", count: 65), "is 65 characters long; a name has at most 64"),
    ])
    func namesThatCouldActOrMisleadAreRefused(_ name: String, _ said: String) {
        #expect {
            try AccountName(name)
        } throws: { error in
            let description = (error as! StudioError).description
            return description.contains(said) && !description.contains("\n") && !description.contains("\u{7}")
        }
    }

    @Test func aVeryLongNameIsQuotedShortInTheMessage() {
        let error = #expect(throws: StudioError.self) { try AccountName(String(repeating: "x", count: 10_000)) }
        #expect(error?.description.count ?? 0 < 200)
    }
}
