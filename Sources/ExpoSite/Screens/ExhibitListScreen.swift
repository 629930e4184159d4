import ExpoCatalog
import Foundation

/// Screen 2: one row per exhibit, each row a single link to its detail.
struct ExhibitListScreen: Sendable {
    struct Row: Sendable {
        var id: String
        var name: String
        var shortDescription: String
        var href: String
        var thumbnail: ImageModel
        /// The primary language, on a name or short text that stands in for a translation.
        var nameLang: String? = nil
        var textLang: String? = nil
        var stop: StopBadge? = nil
    }

    /// Links between the pages of a long list; absent when it fits on one.
    struct Pagination: Sendable {
        var label: String
        var previousLabel: String
        var previousHref: String?
        var nextLabel: String
        var nextHref: String?
        var position: String
    }

    var frame: PageFrame
    var navigationBar: NavigationBar
    var rows: [Row]
    var pagination: Pagination?
    var search: SearchBox
    /// The place in the list of the page's first row: search.js shows these rows as they
    /// are, without fetching them.
    var first: String
    /// The link to the browse pages, when the catalog's facts have any.
    var browse: BrowseLink?
    /// The go-to-stop form, on the list's first page.
    var stopForm: StopForm?
    /// "How would you like the guide?" on the first page, when the catalog has other versions.
    var guideChoice: GuideChoice?

    struct BrowseLink: Sendable {
        var label: String
        var href: String
    }

    /// Rows below this many are out of the first screenful and load lazily.
    static let eagerRows = 6

    /// What the server found for a search made without the script.
    struct Answer: Sendable {
        var query: String
        /// How many exhibits were found; `exhibits` holds the first of them.
        var count: Int
    }

    /// Page `page` (from 1) of `pageCount`, showing `exhibits`, or the first of those an
    /// `answer` found. `expositionName` is the title's first line, when the caller has
    /// worked it out already. `served`: whether a server answers the search form.
    init<Exhibits: RandomAccessCollection<Exhibit>>(edition: Edition, exhibits: Exhibits, page: Int = 1, pageCount: Int = 1, expositionName: String? = nil,
         answer: Answer? = nil, served: Bool = false, hasBrowsing: Bool = false,
         catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        let mainTitle = expositionName ?? edition.expositionName ?? strings.siteName
        let position = pageCount > 1 ? " (\(strings.pageOf(page, pageCount)))" : ""
        frame = PageFrame(
            language: edition.language, title: "\(strings.exhibitListTitle)\(position) · \(mainTitle)",
            description: exhibits.prefix(5).map(\.name).joined(separator: ", "),
            screenClass: "screen-list", pathIn: { routes.exhibitList($0, page: page) },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: "poster", shareImageAlt: strings.posterAlt)
        // A page's exhibits are a slice of the edition's, numbered as there.
        first = answer == nil ? "\(exhibits.startIndex)" : ""
        if pageCount > 1, answer == nil {
            let language = edition.language
            pagination = Pagination(
                label: strings.pagination,
                previousLabel: strings.previousPage,
                previousHref: page > 1 ? routes.link(routes.exhibitList(language, page: page - 1)) : nil,
                nextLabel: strings.nextPage,
                nextHref: page < pageCount ? routes.link(routes.exhibitList(language, page: page + 1)) : nil,
                position: strings.pageOf(page, pageCount))
        }
        browse = hasBrowsing ? BrowseLink(label: strings.browse.link, href: routes.link(routes.browse(edition.language))) : nil
        search = SearchBox(strings: strings, index: assets.searchIndexURL(edition.language),
                           action: routes.link(routes.exhibitList(edition.language)), served: served)
        if let answer {
            search.query = answer.query
            search.noneFound = answer.count == 0
            search.found = answer.count == 0 ? strings.searchNoMatch
                : answer.count == 1 ? strings.searchCountOne : strings.searchCount.replacingOccurrences(of: "{n}", with: String(answer.count))
            if answer.count > exhibits.count {
                search.found = strings.searchMore.replacingOccurrences(of: "{shown}", with: String(exhibits.count))
                    .replacingOccurrences(of: "{n}", with: String(answer.count))
            }
        }
        navigationBar = NavigationBar(title: strings.exhibitListTitle, backLabel: strings.backToMain,
                                      backHref: routes.link(routes.home(edition.language)))
        rows = exhibits.enumerated().map { index, exhibit in
            // The name is the link's text already, so the thumbnail is decorative.
            Row(id: exhibit.id, name: exhibit.displayName,
                shortDescription: exhibit.shortDescription,
                href: routes.link(routes.exhibit(exhibit.id, edition.language)),
                thumbnail: ImageModel(assets.picture(exhibit.id), alt: exhibit.name,
                                      cssClass: "thumbnail", slot: "(min-width: 30em) 6rem, 20vw", lazy: index >= Self.eagerRows,
                                      decorative: true, placeholderText: strings.imageMissing),
                nameLang: edition.borrowedLanguage(exhibit.id, "name", primary: catalog.primary.language),
                textLang: edition.borrowedLanguage(exhibit.id, "short_desc", primary: catalog.primary.language),
                stop: StopBadge(exhibit.stop, strings: strings))
        }
        stopForm = page == 1 && answer == nil ? StopForm(language: edition.language, routes: routes, strings: strings) : nil
        guideChoice = page == 1 && answer == nil ? GuideChoice(edition.language, strings: strings, assets: assets) : nil
    }

    /// The whole list on one page.
    init(edition: Edition, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        self.init(edition: edition, exhibits: edition.exhibits[...], catalog: catalog, routes: routes, assets: assets)
    }
}

extension ExhibitListScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("navigationBar", \.navigationBar),
        .field("rows", \.rows),
        .field("pagination", \.pagination),
        .field("search", \.search),
        .field("first", \.first),
        .field("browse", \.browse),
        .field("stopForm", \.stopForm),
        .field("guideChoice", \.guideChoice),
    ]
}

extension ExhibitListScreen.BrowseLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
    ]
}

extension ExhibitListScreen.Row: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("id", \.id),
        .field("name", \.name),
        .field("shortDescription", \.shortDescription),
        .field("nameLang", \.nameLang),
        .field("textLang", \.textLang),
        .field("href", \.href),
        .field("thumbnail", \.thumbnail),
        .field("stop", \.stop),
    ]
}

extension ExhibitListScreen.Pagination: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("previousLabel", \.previousLabel),
        .field("previousHref", \.previousHref),
        .field("nextLabel", \.nextLabel),
        .field("nextHref", \.nextHref),
        .field("position", \.position),
    ]
}
