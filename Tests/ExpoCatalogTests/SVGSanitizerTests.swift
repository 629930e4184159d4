import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// SVG images made safe as the catalog loads: what could run or reach out is removed, by
/// a real XML parser, and the curator is told which file lost what.
@Suite struct SVGSanitizerTests {
    private static let open = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10""#

    private func cleaned(_ svg: String) throws -> (text: String, removals: SVGRemovals) {
        let result = try SVGSanitizer.clean(Data(svg.utf8)).get()
        return (String(decoding: result.data, as: UTF8.self), result.removals)
    }

    private func refusal(_ svg: String) -> SVGSanitizer.Refusal? {
        if case let .failure(refusal) = SVGSanitizer.clean(Data(svg.utf8)) { return refusal }
        return nil
    }

    @Test func scriptsHandlersForeignObjectsAndExternalLinksAreRemovedAndCounted() throws {
        let (text, removals) = try cleaned(Self.open + #" onload="alert(1)">"#
            + "<script>alert(document.domain)</script>"
            + #"<rect width="10" height="10" fill="red" onclick="alert(2)"/>"#
            + #"<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>"#
            + #"<image xlink:href="https://evil.example/track.png" width="1" height="1"/></svg>"#)
        for forbidden in ["script", "alert", "onload", "onclick", "foreignObject", "evil.example", "<div"] {
            #expect(!text.contains(forbidden), "\(forbidden) in \(text)")
        }
        #expect(text.contains(#"<rect fill="red" height="10" width="10"/>"#), "\(text)")
        #expect(removals.description == "1 script, 2 event handlers (onclick, onload), 1 foreignObject, 1 external reference")
    }

    @Test func anExternalEntityIsNeitherReadNorExpanded() throws {
        let folder = try TemporaryCatalog(["secret.txt": "EXPO1900-SECRET-MARKER"])
        let secret = folder.url.appendingPathComponent("secret.txt").absoluteString
        let (text, removals) = try cleaned(#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "\#(secret)">]>"#
            + Self.open + "><text>&x;</text></svg>")
        #expect(!text.contains("EXPO1900-SECRET-MARKER"))
        #expect(!text.contains("ENTITY") && !text.contains("DOCTYPE") && !text.contains("&x;"), "\(text)")
        #expect(removals.description == "the DOCTYPE's entity declarations")
    }

    @Test func anEntityBombIsRefusedAtOnce() throws {
        var declarations = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(declarations)]>" + Self.open + "><text>&lol9;</text></svg>"
        let start = ContinuousClock.now
        let refused = try #require(refusal(bomb))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(refused.reason == "is not well-formed XML (its entities expand without end)")
    }

    @Test func anSVGThatIsNotWellFormedOrNotAnSVGIsRefusedWithItsPlace() {
        // libxml2 gives the line and the column after the token it stopped at.
        #expect(refusal(Self.open + ">\n<g>\n<rect/></svg>") == SVGSanitizer.Refusal(
            place: ":3:14", reason: "is not well-formed XML (an end tag does not match its start tag)"))
        #expect(refusal("") == SVGSanitizer.Refusal(place: "", reason: "is not well-formed XML (it holds no element)"))
        #expect(refusal(#"<html xmlns="http://www.w3.org/1999/xhtml"><script>x()</script></html>"#)
            == SVGSanitizer.Refusal(place: "", reason: "is not an SVG image: its root element is <html>"))
    }

    @Test func linksStayOnlyWhenTheyPointInsideTheFileOrCarryAPicture() throws {
        let (text, removals) = try cleaned(Self.open + ">"
            + ##"<defs><path id="p" d="M0 0"/></defs><use href="#p"/><use xlink:href=" #p"/>"##
            + #"<use href="other.svg#p"/><use href="data:image/svg+xml,&lt;svg/&gt;"/>"#
            + #"<image href="data:image/png;base64,AAAA"/><a href="javascript:alert(1)"><text>x</text></a>"#
            + #"<a><set attributeName="href" to="javascript:alert(2)"/></a>"#
            + #"<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(3)</h:script></svg>"#)
        #expect(text.contains(##"<use href="#p"/>"##) && text.contains(##"<use xlink:href=" #p"/>"##), "\(text)")
        #expect(text.contains(#"<image href="data:image/png;base64,AAAA"/>"#), "\(text)")
        #expect(!text.contains("other.svg") && !text.contains("javascript") && !text.contains("svg+xml") && !text.contains("alert"), "\(text)")
        #expect(removals.description == "1 script, 4 external references")
    }

    @Test func stylesKeepTheirFragmentsAndLoseEveryExternalURL() throws {
        let (text, removals) = try cleaned(Self.open + ">"
            + "<style>@import url(https://evil.example/a.css); .a { fill: url(#g) } .b { fill: u\\72l(https://evil.example/b) }"
            + " .c { background: image-set(\"https://evil.example/c.png\" 1x) } .d { mask: url( 'data:image/png;base64,AA' ) }</style>"
            + #"<rect style="fill: url(&quot;https://evil.example/d&quot;); stroke: blue" fill="url(https://evil.example/e)" stroke="url(#g)"/>"#
            + "</svg>")
        #expect(!text.contains("evil.example"), "\(text)")
        #expect(text.contains(".a { fill: url(#g) }") && text.contains(".b { fill: none }") && text.contains(".c { background: none }"), "\(text)")
        #expect(text.contains(".d { mask: url( 'data:image/png;base64,AA' ) }"), "\(text)")
        #expect(text.contains(#"style="fill: none; stroke: blue""#) && text.contains(#"stroke="url(#g)""#), "\(text)")
        #expect(removals.externalReferences == 5)
    }

    @Test func cleaningIsStableAndDropsOnlyWhatNeitherDrawsNorReachesOut() throws {
        let original = #"<?xml version="1.0" encoding="ISO-8859-1"?><!-- made by hand -->"#
            + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:ink="http://www.inkscape.org/namespaces/inkscape" "#
            + #"viewBox="0 0 10 10"><ink:guide/><text ink:label="t" xml:space="preserve">caf\#u{E9} &amp; "tea"</text></svg>"#
        let first = try SVGSanitizer.clean(original.data(using: .isoLatin1)!).get()
        let text = String(decoding: first.data, as: UTF8.self)
        #expect(text == #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text xml:space="preserve">café &amp; "tea"</text></svg>"#)
        #expect(first.removals.isEmpty)
        #expect(try SVGSanitizer.clean(first.data).get() == first, "cleaning a clean SVG changes nothing")
    }

    @Test func theDefaultCatalogsDrawingsLoseNothing() throws {
        let folder = try #require(CatalogLoader.defaultCatalogURL)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }
        #expect(names.count >= 17)
        for name in names {
            let cleaned = try SVGSanitizer.clean(Data(contentsOf: folder.appendingPathComponent(name))).get()
            #expect(cleaned.removals.isEmpty, "\(name): \(cleaned.removals)")
        }
        let catalog = try CatalogLoader.loadDefault()
        #expect(!catalog.diagnostics.contains { $0.file.hasSuffix(".svg") }, "\(catalog.diagnostics)")
    }

    @Test func aHostileDrawingInAFolderOrAnImagesetIsOneWarningNamingItAndWhatWent() throws {
        let hostile = Self.open + #" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>"#
        let folder = try TemporaryCatalog.seed(extra: ["jikji.svg": hostile, "haegeum.svg": "<svg><g></svg>"])
        let catalog = try folder.load()
        let svgWarnings = catalog.diagnostics.filter { $0.file.hasSuffix(".svg") }.map(\.description)
        #expect(svgWarnings == [
            "jikji.svg: removed 1 script, 1 event handler (onload); the rest is shown",
            "haegeum.svg:1:15: is not well-formed XML (an end tag does not match its start tag); a placeholder is shown",
        ])
        let jikji = String(decoding: try #require(catalog.images["jikji"]?.variants.first?.data), as: UTF8.self)
        #expect(!jikji.contains("alert") && jikji.contains("<rect"), "\(jikji)")
        #expect(catalog.images["haegeum"] == nil)
        #expect(!catalog.publishingNotes.contains { $0.file == "haegeum.svg" }, "a refused drawing is still the exhibit's")

        let app = try TemporaryCatalog()
        let assets = "App/Assets.xcassets/"
        try app.write(assets + "Data/items.dataset/Contents.json", AssetCatalogFixture.contents(dataFile: "items.json"))
        try app.write(assets + "Data/items.dataset/items.json", TemporaryCatalog.seedItems)
        try app.write(assets + "Data/exposition.dataset/Contents.json", AssetCatalogFixture.contents(dataFile: "exposition_universelle_1900.json"))
        try app.write(assets + "Data/exposition.dataset/exposition_universelle_1900.json", TemporaryCatalog.seedExposition)
        try app.write(assets + "jikji.imageset/Contents.json", AssetCatalogFixture.imageContents([("drawing.svg", nil)]))
        try app.write(assets + "jikji.imageset/drawing.svg", hostile)
        let fromApp = try app.load()
        #expect(fromApp.diagnostics.map(\.description).filter { $0.contains(".svg") }
            == ["App/Assets.xcassets/jikji.imageset/drawing.svg: removed 1 script, 1 event handler (onload); the rest is shown"])
        #expect(!String(decoding: try #require(fromApp.images["jikji"]?.variants.first?.data), as: UTF8.self).contains("alert"))
    }
}
