import Foundation
import Testing

/// `expo1900 export --events-url`: a static export sends nothing unless it names a running
/// guide that counts for it, and then its pages' policy allows that address and no other.
@Suite struct ExportEventsTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-cli-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func anExportSendsNothingUnlessItNamesAGuideThatCounts() throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let quiet = parent.appendingPathComponent("quiet").path
        #expect(try CommandRunner.run(["export", quiet]).status == 0)
        let page = try String(contentsOfFile: quiet + "/items/jikji/index.html", encoding: .utf8)
        #expect(!page.contains("expo-count") && !page.contains("data-count-subject") && !page.contains("connect-src"))

        let counting = parent.appendingPathComponent("counting").path
        let result = try CommandRunner.run(["export", counting, "--events-url", "https://guide.example.org/"])
        #expect(result.status == 0, "\(result.standardError)")
        let exhibit = try String(contentsOfFile: counting + "/items/jikji/index.html", encoding: .utf8)
        #expect(exhibit.contains(#"<meta name="expo-count" content="https://guide.example.org/count" data-views>"#))
        #expect(exhibit.contains(#"data-count-subject="jikji""#))
        // The page's <meta> policy, its quotes escaped as every attribute's are.
        #expect(exhibit.contains("form-action &#39;self&#39;; connect-src &#39;self&#39; https://guide.example.org\""))
        let headers = try String(contentsOfFile: counting + "/_headers", encoding: .utf8)
        #expect(headers.contains("connect-src 'self' https://guide.example.org; frame-ancestors 'none'"))
        // A label's stop page says that a label led in; without counting it does not.
        let stop = try String(contentsOfFile: counting + "/stop/1/index.html", encoding: .utf8)
        #expect(stop.contains(#"content="0; url=/items/jikji/?from=label""#))
        let quietStop = try String(contentsOfFile: quiet + "/stop/1/index.html", encoding: .utf8)
        #expect(quietStop.contains(#"content="0; url=/items/jikji/""#))
    }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "https://guide.example.org/?q=1", "guide.example.org", "https://user:pw@guide.example.org/"])
    func anAddressThatIsNoGuideIsRefusedBeforeAnyWork(_ address: String) throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let target = parent.appendingPathComponent("site").path
        let result = try CommandRunner.run(["export", target, "--events-url", address])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("--events-url must be a running guide's address"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
