import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// A static host sends no security policy: an SVG opened from an export runs whatever it
/// holds in the guide's origin. What the export (and the server, from the same Site) holds
/// is the drawing without anything that runs or reaches out.
@Suite struct HostileSVGExportTests {
    @Test func anExportedSVGHasNoScriptHandlerForeignObjectExternalLinkOrEntity() throws {
        let secret = try TemporaryCatalog(["secret.txt": "EXPO1900-SECRET-MARKER"])
        let secretURL = secret.url.appendingPathComponent("secret.txt").absoluteString
        let hostile = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "\#(secretURL)">]>"#
            + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">"#
            + "<script>alert(document.domain)</script>"
            + #"<rect width="10" height="10" fill="red" onclick="alert(2)"/>"#
            + #"<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>"#
            + #"<image xlink:href="https://evil.example/track.png" width="1" height="1"/><text>&x;</text></svg>"#
        let folder = try TemporaryCatalog.seed(extra: ["jikji.svg": hostile])
        let catalog = try folder.load()
        #expect(catalog.diagnostics.filter { $0.file == "jikji.svg" }.map(\.description) == [
            "jikji.svg: removed 1 script, 2 event handlers (onclick, onload), 1 foreignObject, 1 external reference, "
                + "the DOCTYPE's entity declarations; the rest is shown",
        ])

        let site = try Site.render(catalog)
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        _ = try SiteExporter.export(site, to: target)
        let images = try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("images").path)
        let exported = try #require(images.first { $0.hasPrefix("jikji") && $0.hasSuffix(".svg") }, "\(images)")
        let text = try String(contentsOf: target.appendingPathComponent("images/\(exported)"), encoding: .utf8)
        #expect(text.contains("<rect"), "the drawing itself is kept: \(text)")
        for forbidden in ["<script", "alert", "foreignObject", "evil.example", "EXPO1900-SECRET-MARKER", "ENTITY", "&x;"] {
            #expect(!text.contains(forbidden), "\(forbidden) in \(text)")
        }
        #expect(text.firstMatch(of: /\son[a-zA-Z]*\s*=/) == nil, "an event handler in \(text)")
        // The server answers from the same Site: the same bytes.
        let path = try #require(site.paths.first { $0.hasSuffix(exported) })
        let served = try #require(try site.page(at: path))
        #expect(String(decoding: served.body, as: UTF8.self) == text)
        withExtendedLifetime(secret) {}
    }
}
