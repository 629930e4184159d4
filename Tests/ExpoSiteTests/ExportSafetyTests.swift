import ExpoCatalog
import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoSite

/// What an export gives a static host that sends no headers of its own, and what it leaves
/// beside itself.
@Suite struct ExportSafetyTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-export-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The seed catalog in Korean and English, with a public address so that it has IIIF files.
    private func exported(to parent: URL) throws -> URL {
        let catalog = try TemporaryCatalog.seed(extra: ScreenModelTests.englishFiles)
        let site = try Site.render(catalog.load(), options: SiteOptions(origin: "https://guide.example.org"))
        let target = parent.appendingPathComponent("site")
        _ = try SiteExporter.export(site, to: target)
        return target
    }

    private func htmlFiles(under root: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "html" }
    }

    /// A static host sent no policy, so a script a page picked up would run. Every page
    /// now carries the policy itself, before anything it loads, as a `<meta>` may carry it.
    @Test func everyExportedPageCarriesTheSecurityPolicyBeforeAnythingItLoads() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let pages = htmlFiles(under: try exported(to: parent))
        #expect(pages.count > 5)
        let opening = #"<meta http-equiv="Content-Security-Policy" content=""#
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            let name = page.lastPathComponent
            guard let meta = html.range(of: opening), let end = html[meta.upperBound...].firstIndex(of: "\"") else {
                Issue.record("\(page.path) has no Content-Security-Policy <meta>")
                continue
            }
            let policy = html[meta.upperBound..<end].replacingOccurrences(of: "&#39;", with: "'")
            #expect(policy == SecurityPolicy.pagePolicy, "\(name)")
            let head = try #require(html.range(of: "<head>"), "\(name)")
            #expect(head.upperBound <= meta.lowerBound, "\(name): the policy is in <head>")
            for tag in ["<script", "<style", "<link"] {
                if let first = html.range(of: tag) { #expect(meta.upperBound < first.lowerBound, "\(name): the policy comes before \(tag)") }
            }
            for ignored in ["frame-ancestors", "report-uri", "sandbox"] { #expect(!policy.contains(ignored), "\(name)") }
        }
        // The page's policy is the header's, less what only a header can say.
        let headerDirectives = SecurityPolicy.contentSecurityPolicy.components(separatedBy: "; ")
        #expect(headerDirectives.filter { !$0.hasPrefix("frame-ancestors") } == SecurityPolicy.pagePolicy.components(separatedBy: "; "))
    }

    /// `_headers` held only the IIIF line: hosts that read it sent no security header at all.
    @Test func theHeadersFileGivesEveryFileTheServersSecurityHeadersAndKeepsTheIIIFLine() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let text = try String(contentsOf: try exported(to: parent).appendingPathComponent("_headers"), encoding: .utf8)
        var rules: [String: [String]] = [:]
        var current = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix(" ") { rules[current, default: []].append(line.trimmingCharacters(in: .whitespaces)) } else { current = String(line) }
        }
        #expect(rules["/*"] == SecurityPolicy.headers.map { "\($0.name): \($0.value)" })
        #expect(rules["/iiif/*"] == ["Access-Control-Allow-Origin: *"])
        let names = Set(SecurityPolicy.headers.map(\.name))
        #expect(names.isSuperset(of: ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]))
        #expect(SecurityPolicy.contentSecurityPolicy.contains("frame-ancestors 'none'"))
    }

    /// The README's nginx example sends the same headers, on every answer: each header once,
    /// with `always` (404s too), and no `location` with an `add_header` of its own, which
    /// would drop them all there.
    @Test func theREADMEsNginxExampleSendsTheSameHeadersEverywhere() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```nginx\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let block = try #require(blocks.first)
        #expect(blocks.count == 1, "one nginx example")
        for header in SecurityPolicy.headers {
            let line = "add_header \(header.name) \"\(header.value)\" always;"
            #expect(block.components(separatedBy: line).count == 2, "\(line)")
        }
        for line in block.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("location ") {
            #expect(!line.contains("add_header"), "\(line)")
        }
    }
}
