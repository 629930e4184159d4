import ExpoCatalog

/// "Save for offline" on an exhibit with a recording or a video in the page's language:
/// the files it keeps (the page, the recordings and videos with their captions and posters,
/// the images a phone shows) as JSON for the script, and the button's words with their size.
struct MediaSave: Sendable {
    var urls: String
    var label: String
    var strings: PlayerWords

    /// Nil when the exhibit has neither a recording nor a video in this language.
    init?(_ exhibit: Exhibit, page: String, strings: UIStrings, assets: SiteAssets) {
        guard let files = assets.mediaFiles(exhibit) else { return nil }
        let links = [page] + files.map(\.link)
        urls = "[" + links.map(JSONText.quoted).joined(separator: ",") + "]"
        label = strings.audio.save(bytes: files.reduce(0) { $0 + $1.bytes })
        self.strings = strings.audio.shown
    }
}

extension MediaSave: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("urls", \.urls),
        .field("label", \.label),
        .field("strings", \.strings),
    ]
}
