import Foundation
import Testing

/// HTML comes from templates, or from `HTMLTags` whose names are fixed and whose values
/// are escaped: a line of Swift that puts a value into markup by string interpolation is
/// how `/studio/accounts` once printed GRDB's description of a query instead of its rows.
@Suite struct MarkupInSwiftTests {
    /// Files that write markup of another kind, with why they may.
    static let allowed: [String: String] = [
        "ExpoCatalog/Loading/SVGWriter.swift": "writes a sanitised SVG file, element by element from its allow list; it is no page",
    ]

    @Test func noLineOfSwiftInterpolatesIntoMarkup() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let tag = try NSRegularExpression(pattern: #"<(/?[a-zA-Z][a-zA-Z0-9-]*|!DOCTYPE)([ >"\\/]|$)"#)
        var found: [String] = []
        var files = 0
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" {
            let name = String(url.path.dropFirst(sources.path.count + 1))
            files += 1
            guard Self.allowed[name] == nil else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("\\(") else { continue }
                let string = String(line)
                if tag.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil {
                    found.append("\(name):\(number + 1): \(code)")
                }
            }
        }
        #expect(files > 100, "the walk found the sources (\(files) files)")
        #expect(found.isEmpty, "markup put together by interpolation:\n\(found.joined(separator: "\n"))")
    }
}
