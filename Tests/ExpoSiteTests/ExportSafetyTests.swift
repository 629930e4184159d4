import ExpoCatalog
import ExpoTestSupport
import Foundation
import Synchronization
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

    /// The nginx example in docs/export-and-deployment.md sends the same headers, on every
    /// answer: each header once, with `always` (404s too), and no `location` with an
    /// `add_header` of its own, which would drop them all there.
    @Test func theDeploymentPagesNginxExampleSendsTheSameHeadersEverywhere() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs").appendingPathComponent("export-and-deployment.md")
        let text = try String(contentsOf: page, encoding: .utf8)
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

    /// An export killed mid-write left `.site.export-<UUID>` beside the destination for good.
    /// The next export removes such folders, and only those: its own name for the same
    /// destination, a real folder, with the export marker, that no running export holds.
    @Test func anExportRemovesTheStagingFoldersKilledExportsLeftAndNothingElse() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let fileManager = FileManager.default
        func folder(_ name: String, marker: String? = "Expo1900 static export; site version 1\n") throws -> URL {
            let url = parent.appendingPathComponent(name)
            try fileManager.createDirectory(at: url.appendingPathComponent("items"), withIntermediateDirectories: true)
            try Data("half".utf8).write(to: url.appendingPathComponent("items/index.html"))
            if let marker { try Data(marker.utf8).write(to: url.appendingPathComponent(SiteExporter.markerName)) }
            return url
        }
        let killed = try folder(".site.export-\(UUID().uuidString)")
        let killedEarlier = try folder(".site.export-\(UUID().uuidString)")
        // Killed as it wrote its marker, or before: a marker cut short, an empty folder.
        let killedWritingMarker = try folder(".site.export-\(UUID().uuidString)", marker: "Expo1900 sta")
        let killedBeforeMarker = parent.appendingPathComponent(".site.export-\(UUID().uuidString)")
        try fileManager.createDirectory(at: killedBeforeMarker, withIntermediateDirectories: false)
        // Killed while it removed the export before: the rest of that goes too.
        let killedRemovingPrevious = try folder(".site.previous-\(UUID().uuidString)", marker: nil)
        let running = try folder(".site.export-\(UUID().uuidString)")
        let kept = [
            try folder(".site.export-\(UUID().uuidString)", marker: nil),
            try folder(".site.export-\(UUID().uuidString)", marker: "my notes\n"),
            try folder(".site.export-not-a-uuid"),
            try folder(".other.export-\(UUID().uuidString)"),
            try folder(".site.previous-not-a-uuid"),
        ]
        try fileManager.createDirectory(at: parent.appendingPathComponent("site"), withIntermediateDirectories: false)
        // A link named like a staging folder, to a folder that looks like one: neither goes.
        let linkTarget = try folder("elsewhere")
        let link = parent.appendingPathComponent(".site.export-\(UUID().uuidString)")
        try fileManager.createSymbolicLink(at: link, withDestinationURL: linkTarget)
        // A running export holds its marker locked; the lock goes with its process.
        let lock = open(running.appendingPathComponent(SiteExporter.markerName).path, O_RDONLY)
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        defer { close(lock) }

        let site = try Site.render(TemporaryCatalog.seed().load())
        _ = try SiteExporter.export(site, to: parent.appendingPathComponent("site"))

        for url in [killed, killedEarlier, killedWritingMarker, killedBeforeMarker, killedRemovingPrevious] {
            #expect(!fileManager.fileExists(atPath: url.path), "\(url.lastPathComponent)")
        }
        for url in kept + [running, linkTarget] {
            #expect(fileManager.fileExists(atPath: url.appendingPathComponent("items/index.html").path), "\(url.lastPathComponent)")
        }
        #expect((try? fileManager.destinationOfSymbolicLink(atPath: link.path)) == linkTarget.path)
        // The export's own staging folder is gone too: it became the destination.
        let left = try fileManager.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".site.export-") }
        #expect(Set(left) == Set([running, kept[0], kept[1], kept[2]].map(\.lastPathComponent) + [link.lastPathComponent]))
    }

    /// Killed between its two moves, an export left the export before aside and none in its
    /// place: the next export puts it back first, so that a failing one leaves the site served.
    @Test func theExportBeforeAnUnfinishedSwapIsPutBack() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        let site = try Site.render(TemporaryCatalog.seed().load())
        _ = try SiteExporter.export(site, to: target)
        let aside = parent.appendingPathComponent(".site.previous-\(UUID().uuidString)")
        try FileManager.default.moveItem(at: target, to: aside)
        ExportStaging.removeAbandoned(beside: target)
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: aside.path))
    }

    /// The marker's lock is not inherited by a program the export starts (ffmpeg, vips):
    /// otherwise a killed export's folder looks alive while that program runs.
    @Test func theMarkersLockIsClosedInAProgramTheExportStarts() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let staging = try ExportStaging(beside: parent.appendingPathComponent("site"), marker: "Expo1900 static export; test\n")
        let flags = fcntl(staging.lock, F_GETFD)
        #expect(flags >= 0 && flags & FD_CLOEXEC != 0)
    }

    @Test func theExportsOwnStagingFolderHoldsItsMarkerLockedWhileItIsWritten() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site")
        let site = try Site.render(TemporaryCatalog.seed().load())
        let checked = Mutex(false)
        _ = try SiteExporter.export(site, to: target) { path, content in
            if checked.withLock({ done in defer { done = true }; return !done }) {
                // Mid-write, another export to the same place leaves this one alone.
                ExportStaging.removeAbandoned(beside: target)
                let staging = try? FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".site.export-") }
                #expect(staging?.count == 1)
            }
            return SiteExporter.writeFile(path, content)
        }
        #expect(checked.withLock { $0 })
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("index.html").path))
    }

    /// Exporting into the catalog made the export part of it (a watching server took its
    /// files for the catalog's); exporting around it would replace the catalog.
    @Test func aDestinationInsideAroundOrAtTheCatalogIsRefused() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let catalog = parent.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let link = parent.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: catalog)
        let refused = [
            (catalog.appendingPathComponent("site"), "is inside the catalog folder \(catalog.path)"),
            (catalog.appendingPathComponent("new/deeper/site"), "is inside the catalog folder \(catalog.path)"),
            (link.appendingPathComponent("site"), "is inside the catalog folder \(catalog.path)"),
            (catalog, "is the catalog folder"),
            (parent, "holds the catalog folder \(catalog.path)"),
        ]
        for (destination, message) in refused {
            do {
                try SiteExporter.checkDestination(destination, outside: catalog)
                Issue.record("\(destination.path) was allowed")
            } catch {
                #expect(error.description == "\(destination.path): \(message); export to a folder outside the catalog")
            }
        }
        for allowed in [parent.appendingPathComponent("site"), parent.appendingPathComponent("catalog-site")] {
            #expect(throws: Never.self) { try SiteExporter.checkDestination(allowed, outside: catalog) }
        }
    }
}
