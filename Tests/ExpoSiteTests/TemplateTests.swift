import Testing
@testable import ExpoSite

/// The template renderer on small templates: what each tag places, which lines vanish,
/// and the message a broken template gets.
@Suite struct TemplateTests {
    /// A model of every kind a field can hold, each declared once as the screens declare theirs.
    struct Model: TemplateObject {
        var name: String?
        var count: Int?
        var markup: HTML?
        var yes: Bool?
        var no: Bool?
        var empty: [String]?
        var items: [String]?
        var inner: Inner?
        var label: String?

        static let templateFields: TemplateFields<Self> = [
            .field("name", \.name),
            .field("count", \.count),
            .field("markup", \.markup),
            .field("yes", \.yes),
            .field("no", \.no),
            .field("empty", \.empty),
            .field("items", \.items),
            .field("inner", \.inner),
            .field("label", \.label),
        ]
    }

    struct Inner: TemplateObject {
        var label: String

        static let templateFields: TemplateFields<Self> = [.field("label", \.label)]
    }

    private func render(_ text: String, _ model: Model = Model(),
                        partials: [(name: String, text: String)] = []) throws -> String {
        let library = try TemplateLibrary([("page", text)] + partials)
        return String(decoding: try library.render(model, with: "page"), as: UTF8.self)
    }

    private func failure(_ text: String, partials: [(name: String, text: String)] = []) -> String {
        do {
            _ = try TemplateLibrary([("page", text)] + partials)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func textIsAlwaysEscapedAndReadyMadeHTMLNever() throws {
        let values = Model(name: #"<a href="x">Tom & Jerry's</a>"#, count: 3, markup: HTML("<b>bold</b>"))
        let escaped = #"&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"#
        // Even a triple mustache (which the checker refuses on text) cannot place text raw.
        #expect(try render("{{name}}|{{{name}}}|{{&name}}|{{count}}|{{missing}}|{{{markup}}}.", values)
            == "\(escaped)|\(escaped)|\(escaped)|3||<b>bold</b>.")
        #expect(try render("{{ name }}", Model(name: "가야금")) == "가야금")
    }

    @Test func sectionsFollowTheirValue() throws {
        let values = Model(yes: true, no: false, empty: [], items: ["a", "b"], inner: Inner(label: "in"), label: "out")
        #expect(try render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#missing}}M{{/missing}}{{#empty}}E{{/empty}}", values) == "Y")
        #expect(try render("{{^yes}}Y{{/yes}}{{^no}}N{{/no}}{{^missing}}M{{/missing}}{{^empty}}E{{/empty}}{{^items}}I{{/items}}", values) == "NME")
        #expect(try render("{{#items}}[{{.}}]{{/items}}", values) == "[a][b]")
        // A name the entered value lacks is looked up further out.
        #expect(try render("{{#inner}}{{label}}/{{yes}}{{/inner}} {{label}}", values) == "in/true out")
        #expect(try render("{{inner.label}} {{inner.nothing}}|{{label.length}}", values) == "in |")
    }

    @Test func linesHoldingOnlyATagVanish() throws {
        let values = Model(items: ["a", "b"])
        #expect(try render("<ul>\n{{#items}}\n<li>{{.}}</li>\n{{/items}}\n</ul>\n", values) == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(try render("{{! a note }}\nx\n  {{! indented note }}  \ny", values) == "x\ny")
        // A section inside a line leaves the line's own newline.
        #expect(try render("<p>{{#items}}{{.}}{{/items}}</p>\n", values) == "<p>ab</p>\n")
        #expect(try render("a\r\n{{#items}}\r\n-\r\n{{/items}}\r\nb", values) == "a\r\n-\r\n-\r\nb")
    }

    @Test func childrenOverrideTheirParentsBlocks() throws {
        let partials = [
            (name: "layout", text: "<title>{{$title}}Untitled{{/title}}</title>\n{{$main}}{{/main}}\n<footer>{{$footer}}end{{/footer}}</footer>\n"),
            (name: "greeting", text: "Hello, {{name}}!\n"),
        ]
        let page = "{{<layout}}\n{{$title}}Home{{/title}}\n{{$main}}\n{{> greeting}}\n{{/main}}\n{{/layout}}\n"
        #expect(try render(page, Model(name: "Seoul"), partials: partials)
            == "<title>Home</title>\nHello, Seoul!\n\n<footer>end</footer>\n")
    }

    @Test func brokenTemplatesNameTheTemplateAndLine() {
        #expect(failure("a\n{{#open}}\nb\n") == "template page.mustache: line 2: open is opened here and never closed with {{/open}}")
        #expect(failure("{{#a}}\n{{/b}}") == "template page.mustache: line 2: {{/b}} where {{/a}} was expected")
        #expect(failure("{{/a}}") == "template page.mustache: line 1: {{/a}} closes no section")
        #expect(failure("{{> nowhere}}") == "template page.mustache: it places {{> nowhere}}, and there is no template of that name")
        #expect(failure("{{> other}}", partials: [("other", "{{> page}}")])
            == "template other.mustache: it places itself: other → page → other")
        #expect(failure("x\n  {{> other}}\n", partials: [("other", "o")])
            == "template page.mustache: line 2: {{> other}} is indented; start it at the beginning of its line")
        #expect(failure("{{=<% %>=}}") == "template page.mustache: line 1: {{=…}} tags are not supported")
        #expect(failure("{{na me}}").hasPrefix("template page.mustache: line 1: a tag's name may hold only letters"))
        #expect(failure("{{<other}}{{name}}{{/other}}", partials: [("other", "o")])
            == "template page.mustache: line 1: only {{$block}} overrides may be inside {{<parent}}")
        #expect(failure("{{a..b}}") == "template page.mustache: line 1: a..b is not a name")
    }

    @Test func namesAndEscapingAreCheckedWhenTemplatesAreRead() {
        let inner: [String: TemplateKind] = ["label": .text]
        let fields: [String: TemplateKind] = ["name": .text, "markup": .html, "shown": .flag,
                                              "rows": .list(.object(inner)), "inner": .object(inner), "lines": .list(.text)]
        func check(_ text: String, partials: [(name: String, text: String)] = []) -> String {
            do {
                _ = try TemplateLibrary([("page", text)] + partials, pages: ["page": fields])
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(check("{{name}} {{{markup}}} {{#shown}}{{name}}{{/shown}} {{#rows}}{{label}} {{name}}{{/rows}} {{inner.label}} {{#lines}}{{.}}{{/lines}}") == "no error")
        #expect(check("a\n{{nmae}}") == "template page.mustache: line 2: {{nmae}}: no model in scope has nmae")
        #expect(check("{{#rows}}\n{{lable}}\n{{/rows}}") == "template page.mustache: line 2: {{lable}}: no model in scope has lable")
        #expect(check("{{inner.lable}}") == "template page.mustache: line 1: {{inner.lable}}: lable is not a name of inner")
        #expect(check("{{{name}}}") == "template page.mustache: line 1: {{{name}}} places plain text unescaped; write {{name}}")
        #expect(check("{{markup}}") == "template page.mustache: line 1: {{markup}} is ready-made HTML; write {{{markup}}}")
        #expect(check("{{rows}}") == "template page.mustache: line 1: {{rows}} is a list, which a tag cannot place; use a section")
        // A partial is checked where it is placed, and names its own file.
        #expect(check("{{#rows}}\n{{> row}}\n{{/rows}}", partials: [("row", "{{label}}\n{{titel}}")])
            == "template row.mustache: line 2: {{titel}}: no model in scope has titel")
    }
}


extension TemplateTests {
    @Test func eachFieldsKindComesFromTheTypeItReads() {
        let kinds = Model.templateFields.kinds
        #expect(kinds == ["name": .text, "count": .text, "markup": .html, "yes": .flag, "no": .flag, "empty": .list(.text),
                          "items": .list(.text), "inner": .object(["label": .text]), "label": .text])
        #expect(Model.templateKind == .object(kinds))
        #expect([[HTML]?].templateKind == .list(.list(.html)))
        // The declared kinds are what templates are checked against when they are read.
        func check(_ text: String) -> String {
            do {
                _ = try TemplateLibrary([("page", text)], pages: ["page": kinds])
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(check("{{name}}{{count}}{{{markup}}}{{#items}}{{.}}{{/items}}{{#inner}}{{label}}{{/inner}}{{^yes}}{{/yes}}") == "no error")
        #expect(check("{{#inner}}\n{{lable}}\n{{/inner}}") == "template page.mustache: line 2: {{lable}}: no model in scope has lable")
        #expect(check("{{{count}}}") == "template page.mustache: line 1: {{{count}}} places plain text unescaped; write {{count}}")
        #expect(check("{{inner}}") == "template page.mustache: line 1: {{inner}} is a model, which a tag cannot place; use a section")
    }

    @Test func aModelAnswersOnlyTheNamesItDeclares() throws {
        let model = Model(name: "n", count: 7, markup: HTML("<i>m</i>"), yes: true, items: ["a"], inner: Inner(label: "l"))
        #expect(try render("{{name}} {{count}} {{{markup}}} {{yes}} {{#items}}{{.}}{{/items}} {{inner.label}}", model) == "n 7 <i>m</i> true a l")
        guard case .missing = model.value(for: "names") else { Issue.record("answered a name it does not declare"); return }
        guard case .missing = model.value(for: "no") else { Issue.record("answered for a field it does not hold"); return }
    }
}
