import ExpoTestSupport
import Foundation
import Testing

/// `expo1900 validate` on images that make libvips and GLib talk: each file gets one
/// warning line naming it, and nothing raw reaches standard error.
@Suite struct ImageWarningCommandTests {
    @Test func aCorruptPNGAnAbsurdSVGAHostileSVGAndAPDFAreOneWarningEachAndNothingRaw() throws {
        let png = PNGFixture.make(width: 600, height: 600) { x, y in [UInt8(x % 256), UInt8(y % 256), 90, 255] }
        let folder = try TemporaryCatalog.seed(extra: ["items.json": """
            [{"name": "a", "image_name": "cut", "short_desc": "", "desc": ""},
             {"name": "b", "image_name": "huge", "short_desc": "", "desc": ""},
             {"name": "c", "image_name": "evil", "short_desc": "", "desc": ""},
             {"name": "d", "image_name": "paper", "short_desc": "", "desc": ""}]
            """])
        try folder.write("cut.png", png.prefix(png.count / 2))
        try folder.write("huge.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#)
        try folder.write("evil.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5"/></svg>"#)
        try folder.write("paper.png", AssetCatalogFixture.pdf())
        let cache = folder.url.appendingPathComponent("cache").path
        let result = try CommandRunner.run(["validate", folder.url.path, "--image-cache", cache])

        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        func warnings(_ file: String) -> [String] { lines.filter { $0.hasPrefix("warning: \(file):") } }
        #expect(warnings("cut.png").count == 1, "\(lines)")
        #expect(warnings("cut.png").first?.contains("a placeholder is shown") == true, "\(lines)")
        #expect(warnings("huge.svg") == [
            "warning: huge.svg: declares width=\"1e9\" height=\"1e9\", over the limit of 100 megapixels; "
                + "shown as a vector at its viewBox's proportions (10 × 10), without a picture for link previews",
        ])
        #expect(warnings("evil.svg") == ["warning: evil.svg: removed 1 script, 1 event handler (onload); the rest is shown"])
        #expect(warnings("paper.png") == [
            "warning: paper.png: is not an image the guide can read (damaged, or another kind of file); a placeholder is shown",
        ])
        // Only the progress line may be on standard error; GLib's and libvips's own lines never.
        let raw = result.standardError.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .filter { !$0.isEmpty && !$0.hasPrefix("images: ") && !$0.hasPrefix("\u{1B}[K") }
        #expect(raw.isEmpty, "\(result.standardError)")
        #expect(!result.standardError.contains("WARNING") && !result.standardError.contains("GLib"))
        #expect(result.status == 0)
    }
}
