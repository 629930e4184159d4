import ExpoCatalog

/// Screen 1: the exposition, with no navigation bar, as the seed apps open.
struct ExpositionScreen: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
        /// The primary language's code when the value is its text, standing in for a missing translation.
        var lang: String? = nil
    }

    var frame: PageFrame
    var titleLines: [String]
    var titleLang: String?
    var descriptionLang: String?
    var poster: ImageModel
    var facts: [Fact]
    var paragraphs: [String]
    var flag: ImageModel
    var buttonLabel: String
    var buttonHref: String
    /// The read-aloud button, rendered once for the language.
    var actions: HTML
    /// The offer to save every recording in the language, where there are any.
    var narrationSave: NarrationSave?
    /// The links to the tours and the floor plans, those the catalog has.
    var homeLinks: [HomeLink]
    /// "How would you like the guide?", when the catalog has other versions in this language.
    var guideChoice: GuideChoice?
    /// The exposition in plain language, and the long text's toggle when it is chosen.
    var easyRead: EasyReadSection?
    var fullText: String
    /// Back to the museum's front page, for an exhibition of several.
    var frontLink: FrontLink?

    struct FrontLink: Sendable {
        var href: String
        var label: String
    }

    /// `title` is the edition's, when the caller has worked it out already.
    init(edition: Edition, actions: HTML = HTML(""), title: ExpositionTitle? = nil, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        let exposition = edition.exposition
        titleLines = (title ?? edition.expositionTitle).lines
        let title = titleLines.first ?? strings.siteName
        frame = PageFrame(
            language: edition.language, title: title,
            description: Paragraphs.split(exposition.description).first ?? title,
            screenClass: "screen-exposition", pathIn: routes.home,
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: "poster", shareImageAlt: strings.posterAlt,
            structuredData: { image in
                StructuredData.exposition(edition, primary: catalog.primary, title: title, path: routes.home(edition.language),
                                          image: routes.absolute(link: image.link), routes: routes)
            })
        poster = ImageModel(assets.picture("poster"), alt: strings.posterAlt,
                            cssClass: "poster", slot: "(min-width: 36em) 20rem, 15rem", priority: true, placeholderText: title)
        let borrowed = { (key: String) in edition.borrowedLanguage(nil, key, primary: catalog.primary.language) }
        titleLang = borrowed("title")
        descriptionLang = borrowed("description")
        // A duration of numeric dates is written in the page's language; any other is shown as the catalog has it.
        let duration = CalendarDate.range(exposition.duration).map { strings.dateRange($0.start, $0.end) }
        facts = [
            Fact(label: strings.visitorsLabel, value: strings.visitors(exposition.visitors)),
            Fact(label: strings.locationLabel, value: exposition.location, lang: borrowed("location")),
            Fact(label: strings.durationLabel, value: duration ?? exposition.duration, lang: duration == nil ? borrowed("duration") : nil),
        ]
        paragraphs = Paragraphs.split(exposition.description)
        flag = ImageModel(assets.picture("flag"), alt: strings.flagAlt,
                          cssClass: "flag", slot: "2.75rem", lazy: true, decorative: true, placeholderText: "")
        buttonLabel = strings.seeExhibits
        buttonHref = routes.link(routes.exhibitList(edition.language))
        self.actions = actions
        narrationSave = NarrationSave(edition.language, strings: strings, assets: assets)
        homeLinks = HomeLink.all(edition, routes: routes, strings: strings)
        guideChoice = GuideChoice(edition.language, strings: strings, assets: assets)
        easyRead = EasyReadSection(exposition.easyRead, strings: strings)
        fullText = strings.versions.fullText
    }
}

extension ExpositionScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("titleLines", \.titleLines),
        .field("titleLang", \.titleLang),
        .field("descriptionLang", \.descriptionLang),
        .field("poster", \.poster),
        .field("facts", \.facts),
        .field("paragraphs", \.paragraphs),
        .field("flag", \.flag),
        .field("buttonLabel", \.buttonLabel),
        .field("buttonHref", \.buttonHref),
        .field("actions", \.actions),
        .field("guideChoice", \.guideChoice),
        .field("easyRead", \.easyRead),
        .field("fullText", \.fullText),
        .field("narrationSave", \.narrationSave),
        .field("homeLinks", \.homeLinks),
        .field("frontLink", \.frontLink),
    ]
}

extension ExpositionScreen.Fact: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("value", \.value),
        .field("lang", \.lang),
    ]
}

extension ExpositionScreen.FrontLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("href", \.href),
        .field("label", \.label),
    ]
}
