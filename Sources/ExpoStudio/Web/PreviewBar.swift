import ExpoSite

/// The line a draft's preview shows above the guide's page: that it is a draft no visitor
/// sees, and the way back to the form it came from. It is put in after `<body>` and the guide's skip link, so that the
/// guide's own markup is what visitors will get, byte for byte; it brings its own styles
/// (the studio's stylesheet), since the guide's have no rules for it.
struct PreviewBar: TemplateObject {
    let t: StudioStrings
    let back: String
    let backLabel: String

    static let templateFields: TemplateFields<Self> = [.field("t", \.t), .field("back", \.back), .field("backLabel", \.backLabel)]

    /// `page` with the bar put in, for the preview's path `path` (after `/studio/preview`).
    static func adding(to page: [UInt8], path: String, languages: [String], context: StudioContext) -> [UInt8] {
        guard let body = page.firstRange(of: Array("<body".utf8)),
              var end = page[body.upperBound...].firstIndex(of: UInt8(ascii: ">")) else { return page }
        // After the guide's skip link, which stays the first thing a keyboard reaches.
        let rest = page[(end + 1)...].drop { $0 == 0x0A || $0 == 0x20 }
        if rest.starts(with: Array("<a class=\"skip-link\"".utf8)), let close = rest.firstRange(of: Array("</a>".utf8)) {
            end = close.upperBound - 1
        }
        let words = StudioStrings.of(context.language)
        let (back, label) = editor(for: path, languages: languages, words: words)
        let bar = StudioTemplates.render(PreviewBar(t: words, back: back, backLabel: label), "preview-bar")
        return Array(page[...end]) + bar + Array(page[(end + 1)...])
    }

    /// The studio's form for the page at `path`: an exhibit's, a tour's, the exposition's.
    static func editor(for path: String, languages: [String], words: StudioStrings) -> (String, String) {
        var parts = path.split(separator: "/").map(String.init)
        if let first = parts.first, languages.contains(first) { parts.removeFirst() }
        switch parts.first {
        case nil: return (StudioPaths.here("exposition"), words["preview_back"])
        case "items" where parts.count >= 2: return (StudioPages.editPath(parts[1]), words["preview_back"])
        case "tours" where parts.count >= 2: return (StudioPaths.here("tour-stops/") + StudioRouter.pathSegment(parts[1]), words["preview_back"])
        case "tours": return (StudioPaths.here("tours"), words["preview_back"])
        default: return (StudioPaths.here(""), words["preview_back_studio"])
        }
    }
}
