import Testing
@testable import ExpoSite

/// Long texts: each line a paragraph as in the seed apps, a small Markdown subset through
/// Ink, and never raw HTML.
@Suite struct ProseTests {
    @Test func plainLinesStayParagraphsAsTheSeedAppsShowThem() {
        #expect(Prose.html("첫 줄\n둘째 줄\n\n셋째 '줄'").markup
            == "<p data-read>첫 줄</p>\n<p data-read>둘째 줄</p>\n<p data-read>셋째 &#39;줄&#39;</p>")
    }

    @Test func emphasisLinksAndListsAreRendered() {
        let html = Prose.html("A *rare* **book**, see [BnF](https://gallica.bnf.fr/).\n- paper\n- metal type\n1900. 4. 14. opened").markup
        #expect(html.contains("<em>rare</em>"))
        #expect(html.contains("<strong>book</strong>"))
        #expect(html.contains("<a href=\"https://gallica.bnf.fr/\">BnF</a>"))
        #expect(html.contains("<ul><li data-read>paper</li><li data-read>metal type</li></ul>"))
        // A year at the start of a line is not a list number.
        #expect(html.contains("<p data-read>1900. 4. 14. opened</p>"))
    }

    @Test(arguments: [
        "<script>alert(1)</script> *x*",
        "<img src=x onerror=alert(1)> *x*",
        "*x* <a href=\"javascript:alert(1)\">y</a>",
        "[y](javascript:alert(1)) *x*",
        "[y](data:text/html,<script>) *x*",
        "[y](https://a.example/\"onmouseover=\"alert(1)) *x*",
        "![y](https://a.example/i.png) *x*",
    ])
    func rawHTMLAndUnsafeLinksNeverReachThePage(text: String) {
        let html = Prose.html(text).markup
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("javascript:") || html.contains("&lt;a href"))
        #expect(!html.contains("href=\"data:"))
        #expect(!html.contains("\"onmouseover"))
        #expect(html.contains("<em>x</em>"))
    }

    @Test func everyLineBreakEndsAParagraphAndEmptyLinesAreDropped() {
        #expect(Prose.html("첫 줄\r\n둘째 줄\r\r\n\n셋째 줄").markup
            == "<p data-read>첫 줄</p>\n<p data-read>둘째 줄</p>\n<p data-read>셋째 줄</p>")
        #expect(Prose.plainParagraphs("첫 줄\r\n둘째 줄\r\r\n\n셋째 줄") == ["첫 줄", "둘째 줄", "셋째 줄"])
        #expect(Prose.html("\n\n").markup == "")
        #expect(Prose.plainParagraphs("\n\n") == [])
        #expect(Prose.html("A < B & \"C\"", readAloud: false).markup == "<p>A &lt; B &amp; &quot;C&quot;</p>")
        #expect(Prose.plainParagraphs("A < B & \"C\"") == ["A < B & \"C\""])
    }

    @Test func aYearOrAMarkWithoutASpaceStartingALineIsText() {
        #expect(Prose.html("1900. 4. 14. 파리 만국박람회 개막").markup == "<p data-read>1900. 4. 14. 파리 만국박람회 개막</p>")
        #expect(Prose.html("1234. 넷").markup == "<p data-read>1234. 넷</p>")
        #expect(Prose.html("-종이").markup == "<p data-read>-종이</p>")
        // With Markdown elsewhere on the line, the number is kept from Ink too.
        #expect(Prose.html("1900. 4. 14. *개막*").markup == "<p data-read>1900. 4. 14. <em>개막</em></p>")
        // A mark joined to a combining accent is another character, not Markdown.
        #expect(Prose.html("*\u{301}").markup == "<p data-read>*\u{301}</p>")
    }

    @Test func numberedAndBulletedLinesAreLists() {
        #expect(Prose.html("12. 열두째\n13. 열셋째").markup == "<ol start=\"12\"><li data-read>열두째</li><li data-read>열셋째</li></ol>")
        #expect(Prose.html("1) 하나\n2) 둘").markup == "<ol><li data-read>하나</li><li data-read>둘</li></ol>")
        #expect(Prose.html("- 종이\n- 금속활자\n끝").markup
            == "<ul><li data-read>종이</li><li data-read>금속활자</li></ul><p data-read>끝</p>")
    }

    @Test func plainTextDropsTheMarkup() {
        #expect(Prose.plainParagraphs("A *rare* [book](https://a.example/) & more\n- one") == ["A rare book & more", "one"])
    }

    /// A code span shows its text as written: escaped once, not once by us and again by Ink.
    @Test func codeShowsItsTextAsWrittenEscapedOnce() {
        let html = Prose.html("Write `<b>` and `a & b`, not <b>bold</b>.").markup
        #expect(html.contains("<code>&lt;b&gt;</code>"), "\(html)")
        #expect(html.contains("<code>a &amp; b</code>"), "\(html)")
        #expect(html.contains("not &lt;b&gt;bold&lt;/b&gt;"), "raw HTML outside code stays text")
        #expect(Prose.plainParagraphs("Write `<b>` and `a & b`") == ["Write <b> and a & b"])
        let quoted = Prose.html("`\"x\" 'y' &lt; <script>`").markup
        #expect(quoted.contains("<code>&quot;x&quot; &#39;y&#39; &amp;lt; &lt;script&gt;</code>"), "\(quoted)")
        #expect(!quoted.contains("<script"))
        // A fenced block, as Ink reads one across our paragraphs.
        let block = Prose.html("```\n<i>a & b</i>\n```").markup
        #expect(!block.contains("<i>") && !block.contains("&amp;lt;") && !block.contains("&amp;amp;"), "\(block)")
    }
}
