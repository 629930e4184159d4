import ExpoCatalog

/// The entrance poster (`/labels/poster/`): the guide's title and one large code to its
/// start page, laid out to fit A4 and US Letter alike.
struct PosterScreen: Sendable {
    var frame: PageFrame
    var toolbar: LabelToolbar
    /// The exposition's title, a line each.
    var titleLines: [String]
    var scanToStart: String
    var code: LabelCode?
    var noCode: String?
    var stops: String

    init(catalog: Catalog, title: ExpositionTitle?, routes: Routes, assets: SiteAssets) {
        let edition = catalog.primary
        let strings = assets.strings(edition.language)
        let words = strings.labels
        let paper = "\(words.a4) / \(words.letter)"
        frame = PageFrame(language: edition.language, title: "\(words.posterTitle) · \(words.title)", description: words.printHint(paper),
                          screenClass: "screen-labels", pathIn: { _ in routes.poster },
                          languages: [edition.language], routes: routes, assets: assets)
        frame.noindex = true
        frame.pageStylesheet = assets.labelsStylesheetURL
        toolbar = LabelToolbar(title: words.posterTitle, current: nil, printHint: words.printHint(paper), strings: words, routes: routes)
        titleLines = title?.lines ?? [edition.expositionName ?? strings.siteName]
        scanToStart = words.scanToStart
        // The start page of the guide; the server sends a first visit on to the visitor's language.
        code = routes.origin.flatMap { _ in LabelCode(routes.absolute(link: routes.link(routes.home(edition.language))), strings: words) }
        noCode = code == nil ? words.noCode : nil
        stops = words.posterStops
    }
}

extension PosterScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("toolbar", \.toolbar),
        .field("titleLines", \.titleLines),
        .field("scanToStart", \.scanToStart),
        .field("code", \.code),
        .field("noCode", \.noCode),
        .field("stops", \.stops),
    ]
}
