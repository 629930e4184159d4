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

    @Test func plainTextDropsTheMarkup() {
        #expect(Prose.plainParagraphs("A *rare* [book](https://a.example/) & more\n- one") == ["A rare book & more", "one"])
    }
}
