import ExpoCatalog

/// On the first screen of a language with recordings: the offer to save every recording in
/// it before the visit, with their size. Hidden in the page; the script shows it where the
/// browser can keep files (a service worker).
struct NarrationSave: Sendable {
    var heading: String
    var note: String
    var label: String
    var list: String
    var strings: PlayerWords

    /// Nil when no exhibit has a recording in `language`.
    init?(_ language: Language, strings: UIStrings, assets: SiteAssets) {
        guard let list = assets.narrationList(language) else { return nil }
        heading = strings.audioGuide
        note = strings.audio.saveAllNote(count: list.exhibits)
        label = strings.audio.saveAll(bytes: list.bytes)
        self.list = list.link
        self.strings = strings.audio.shown
    }
}

extension NarrationSave: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("note", \.note),
        .field("label", \.label),
        .field("list", \.list),
        .field("strings", \.strings),
    ]
}
