import ExpoCatalog

/// The buttons above the text of screens 1 and 3. The same in every page of a language,
/// so they are rendered once per language and placed in each page as they are.
struct PageActions: Sendable {
    var speech: SpeechControls
    var share: ShareControl?

    /// The HTML of screen 1's and screen 3's buttons in each language.
    static func rendered(_ languages: [Language], resources: SiteResources, assets: SiteAssets) throws(SiteError)
        -> [Language: (exposition: HTML, exhibit: HTML)] {
        var rendered: [Language: (exposition: HTML, exhibit: HTML)] = [:]
        for language in languages {
            let strings = assets.strings(language)
            let speech = SpeechControls(strings: strings)
            let exposition = try resources.render(PageActions(speech: speech, share: nil), with: "page-actions")
            let exhibit = try resources.render(PageActions(speech: speech, share: ShareControl(strings: strings)), with: "page-actions")
            rendered[language] = (HTML(String(decoding: exposition, as: UTF8.self)), HTML(String(decoding: exhibit, as: UTF8.self)))
        }
        return rendered
    }
}

extension PageActions: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("speech", \.speech),
        .field("share", \.share),
    ]
}
