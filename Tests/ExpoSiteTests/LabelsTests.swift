import ExpoCatalog
import ExpoImages
import ExpoTestSupport
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ExpoSite

/// The wall labels and the entrance poster: one label per exhibit with its stop and the
/// code to its stop's address, paged for large collections, and no code without an address.
@Suite struct LabelsTests {
    static let origin = "https://guide.example.org"

    private func html(_ site: Site, _ path: String) throws -> String {
        String(decoding: try #require(try site.page(at: path), "no page at \(path)").body, as: UTF8.self)
    }

    /// The labels of a page, in order: (stop, name, aria-label, path data of the code).
    private func labels(_ page: String) -> [(stop: Int, name: String, alt: String?, path: String?)] {
        page.split(separator: #"<div class="wall-label">"#).dropFirst().map { label in
            let stop = label.firstMatch(of: /<span aria-hidden="true">(\d+)<\/span>/).map { Int($0.output.1)! } ?? -1
            let name = label.firstMatch(of: /<bdi>([^<]*)<\/bdi>/).map { String($0.output.1) } ?? ""
            let alt = label.firstMatch(of: /aria-label="([^"]*)"/).map { String($0.output.1) }
            let path = label.firstMatch(of: #/ d="([^"]*)"/#).map { String($0.output.1) }
            return (stop, name, alt, path)
        }
    }

    @Test func thePageHasOneLabelPerExhibitWithItsStopAndTheCodeToItsStopsAddress() throws {
        let site = try Site.render(TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles).load(),
                                   options: SiteOptions(basePath: "/guide/", origin: Self.origin))
        for path in ["/labels/", "/labels/letter/"] {
            let page = try html(site, path)
            let found = labels(page)
            #expect(found.map(\.stop) == [1, 2], "\(path)")
            #expect(found.map(\.name) == ["직지심체요절", "해금"])
            for label in found {
                let url = "\(Self.origin)/guide/stop/\(label.stop)"
                #expect(label.alt?.contains(url) == true, "the code's text alternative names \(url)")
                // The code drawn is the code of that address, module for module.
                #expect(label.path == QRCode(url)?.pathData, "label \(label.stop) draws the code of \(url)")
            }
            #expect(page.contains(#"<p class="wall-label-other" lang="en" dir="ltr">Jikji</p>"#), "the name in the other language")
            #expect(page.contains(#"<meta name="robots" content="noindex">"#))
            #expect(page.contains(#"class="label-sheets paper-\#(path == "/labels/" ? "a4" : "letter")""#))
        }
        let poster = try html(site, "/labels/poster/")
        #expect(poster.contains(try #require(QRCode("\(Self.origin)/guide/")).pathData), "the poster leads to the start page")
        #expect(poster.contains(#"<p class="poster-url">https://guide.example.org/guide/</p>"#))
        // Not in the guide's navigation, nor in another language's space.
        for path in ["/", "/items/", "/en/", "/en/items/", "/items/jikji/"] {
            #expect(!(try html(site, path)).contains("/labels/"), "\(path) links to the labels")
        }
        #expect(try site.page(at: "/en/labels/") == nil)
    }

    /// The labels' rules are a stylesheet of their own: a visitor's pages neither carry
    /// them nor link them, and the service worker does not keep them.
    @Test func onlyTheCuratorsPagesLinkTheLabelsStylesheet() throws {
        let site = try Site.render(TemporaryCatalog.seed().load(), options: SiteOptions(origin: Self.origin))
        let link = try #require(try html(site, "/labels/").firstMatch(of: /href="(\/assets\/labels\.[0-9a-f]+\.css)"/)).output.1
        #expect(try html(site, "/labels/poster/").contains("href=\"\(link)\""))
        let rules = String(decoding: try #require(try site.page(at: String(link))).body, as: UTF8.self)
        #expect(rules.contains(".wall-label {"))
        for path in ["/", "/items/", "/items/jikji/"] {
            let page = try html(site, path)
            #expect(!page.contains("/assets/labels."), "\(path)")
            let style = try #require(page.firstMatch(of: /href="(\/assets\/style\.[0-9a-f]+\.css)"/)).output.1
            #expect(!String(decoding: try #require(try site.page(at: String(style))).body, as: UTF8.self).contains("wall-label"))
        }
        let worker = String(decoding: try #require(try site.page(at: "/sw.js")).body, as: UTF8.self)
        #expect(worker.contains("/assets/style."))
        #expect(!worker.contains("/assets/labels."))
    }

    @Test func eachLabelsQRCodeIsWellFormedSVGWithATextAlternative() throws {
        let site = try Site.render(TemporaryCatalog.seed().load(), options: SiteOptions(origin: Self.origin))
        let page = try html(site, "/labels/")
        let svgs = page.matches(of: /<svg[^>]*>.*?<\/svg>/).map { String($0.output) }
        #expect(svgs.count == 2)
        for svg in svgs {
            let element = try #require(SVGElement(svg), "not well-formed XML: \(svg.prefix(200))")
            #expect(element.name == "svg")
            #expect(element.attributes["xmlns"] == "http://www.w3.org/2000/svg")
            #expect(element.attributes["role"] == "img")
            #expect(element.attributes["shape-rendering"] == "crispEdges")
            #expect(element.attributes["aria-label"]?.hasPrefix("https://guide.example.org/stop/") == true)
            let side = try #require(element.attributes["viewBox"]?.split(separator: " ").last.flatMap { Int($0) })
            #expect(element.attributes["viewBox"] == "0 0 \(side) \(side)")
            #expect(element.children == ["rect", "path"], "a white ground and one path of squares")
        }
    }

    @Test func aLargeCollectionsLabelsArePagedAndEveryStopIsOnItsPage() throws {
        let site = try Site.render(TemporaryCatalog.generated(count: 450).load(), options: SiteOptions(origin: Self.origin))
        for paper in ["", "letter/"] {
            var stops: [Int] = []
            for (page, path) in ["/labels/\(paper)", "/labels/\(paper)2/", "/labels/\(paper)3/"].enumerated() {
                let html = try html(site, path)
                let found = labels(html)
                #expect(found.count == (page < 2 ? LabelSheet.perPage : 50), "\(path)")
                #expect(found.allSatisfy { $0.alt?.firstMatch(of: /stop\/(\d+)/)?.output.1 == "\($0.stop)" }, "\(path)")
                #expect(html.components(separatedBy: #"<div class="label-sheet">"#).count - 1 == (found.count + 7) / 8)
                stops += found.map(\.stop)
                if page < 2 { #expect(html.contains(#"href="/labels/\#(paper)\#(page + 2)/" rel="next""#), "\(path)") }
            }
            #expect(stops == Array(1...450))
            for path in ["/labels/\(paper)4/", "/labels/\(paper)1/", "/labels/\(paper)02/", "/labels/\(paper)0/", "/labels/\(paper)x/"] {
                #expect(try site.page(at: path) == nil, "\(path) is not a page")
            }
        }
    }

    /// Printed codes to a guessed address would lead nowhere once on the wall: without a
    /// public address the labels have none, and the page says why (on screen only).
    @Test func withoutAPublicAddressTheLabelsHaveNoCodesAndThePageSaysWhy() throws {
        let site = try Site.render(TemporaryCatalog.seed().load(), options: SiteOptions(localOrigin: "http://127.0.0.1:8080"))
        let words = UIStrings.shipped(.korean).labels
        for path in ["/labels/", "/labels/letter/", "/labels/poster/"] {
            let page = try html(site, path)
            #expect(!page.contains("<svg"), "\(path) has a code")
            #expect(!page.contains("/stop/"), "\(path) names a stop address")
            #expect(!page.contains("127.0.0.1"), "\(path) names the local address")
            #expect(page.contains(#"<p class="label-warning" role="note">\#(HTMLEscaping.escape(words.noAddress))</p>"#), "\(path)")
            #expect(page.contains("--base-url"))
            #expect(page.contains(#"class="wall-label-no-code""#), "\(path) marks where the code would be")
        }
        #expect(labels(try html(site, "/labels/")).map(\.stop) == [1, 2])
    }

    @Test func aNameWithoutATranslationIsNotRepeatedAsTheOtherName() throws {
        let site = try Site.render(TemporaryCatalog.seed(extra: [
            "items.en.json": #"[{"name": "Jikji", "image_name": "jikji", "short_desc": "A book", "desc": "Printed."}]"#,
        ]).load())
        let page = try html(site, "/labels/")
        #expect(page.components(separatedBy: "wall-label-other").count - 1 == 1, "only jikji has an English name")
    }
}

/// An XML element's name, attributes and children's names, read by Foundation's parser:
/// nil when the text is not well-formed.
private struct SVGElement {
    var name = ""
    var attributes: [String: String] = [:]
    var children: [String] = []

    init?(_ text: String) {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else { return nil }
        self = root
    }

    private init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var depth = 0

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            if depth == 1 { root = SVGElement(name: name, attributes: attributes) } else if depth == 2 { root?.children.append(name) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }
    }
}
