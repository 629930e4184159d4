import ExpoCatalog

/// One page of wall labels (`/labels/`, `/labels/letter/2/`): up to `perPage` labels in
/// sheets of eight, for printing from the browser.
struct LabelSheet: Sendable {
    struct Sheet: Sendable {
        var labels: [WallLabel]
    }

    var frame: PageFrame
    var toolbar: LabelToolbar
    /// `paper-a4` or `paper-letter`: the stylesheet's size and `@page` for the sheets.
    var paperClass: String
    var sheets: [Sheet]

    /// Labels a page: 25 sheets. A whole collection is paged as the list is, so that no
    /// page of 100,000 labels is ever made.
    static let perPage = 200

    static func pageCount(exhibits: Int) -> Int { max(1, (exhibits + perPage - 1) / perPage) }

    /// The stop number of the exhibit at `index` (from 0) of the list: the catalog's `stop`,
    /// which is its place in the list where the catalog gives none (`/stop/12` leads there).
    static func stop(of exhibit: Exhibit, index: Int) -> Int { exhibit.stop }

    /// The address a label's code leads to: the stop's short URL under the guide's public
    /// address; nil when that is not known, as a code to a guessed address would be printed
    /// and hung on a wall before anyone saw it lead nowhere.
    static func address(ofStop stop: Int, routes: Routes) -> String? {
        routes.origin.map { _ in routes.absolute(link: routes.link("/stop/\(stop)")) }
    }

    /// The address a label printed for one version leads to: the exhibit's own page with
    /// `?guide=`, which the page keeps as the visitor's choice. Not the stop's short URL: a
    /// static host's stop page forwards without its query.
    static func address(of exhibit: Exhibit, version: GuideVersion, language: Language, routes: Routes) -> String? {
        routes.origin.map { _ in routes.absolute(link: routes.link(routes.exhibit(exhibit.id, language))) + "?guide=" + version.code }
    }

    init(catalog: Catalog, paper: LabelPaper, page: Int, pageCount: Int, version: GuideVersion? = nil, routes: Routes, assets: SiteAssets) {
        let edition = catalog.primary
        let strings = assets.strings(edition.language)
        let words = strings.labels
        let position = pageCount > 1 ? " (\(strings.pageOf(page, pageCount)))" : ""
        let versionName = version.map { " · " + strings.versions.name($0) } ?? ""
        let title = "\(words.title)\(versionName) · \(words.paper(paper))\(position)"
        frame = PageFrame(language: edition.language, title: title, description: words.printHint(words.paper(paper)),
                          screenClass: "screen-labels", pathIn: { _ in routes.labels(paper, page: page, version: version) },
                          languages: [edition.language], routes: routes, assets: assets)
        frame.noindex = true
        frame.pageStylesheet = assets.labelsStylesheetURL
        var pagination: ExhibitListScreen.Pagination?
        if pageCount > 1 {
            pagination = ExhibitListScreen.Pagination(
                label: strings.pagination, previousLabel: strings.previousPage,
                previousHref: page > 1 ? routes.link(routes.labels(paper, page: page - 1, version: version)) : nil,
                nextLabel: strings.nextPage,
                nextHref: page < pageCount ? routes.link(routes.labels(paper, page: page + 1, version: version)) : nil,
                position: strings.pageOf(page, pageCount))
        }
        toolbar = LabelToolbar(title: title, current: paper, printHint: words.printHint(words.paper(paper)),
                               pagination: pagination, strings: words, routes: routes,
                               versions: (version, assets.offeredVersions(edition.language), strings.versions))
        paperClass = "paper-\(paper.rawValue)"
        // The label's second name: the first other language's, where it has its own.
        let other = catalog.translations.first
        let otherDir = other.map { assets.strings($0.language).direction } ?? "ltr"
        // A page past the end has no labels rather than a range that cannot be.
        let first = min(edition.exhibits.count, max(0, page - 1) * Self.perPage)
        let indices = first..<min(edition.exhibits.count, first + Self.perPage)
        let labels = indices.map { index in
            let exhibit = edition.exhibits[index]
            let stop = Self.stop(of: exhibit, index: index)
            let translated = other.flatMap { other in
                other.isUntranslated(exhibit.id, "name") || !other.exhibits.indices.contains(index)
                    ? nil : (exhibit: other.exhibits[index], language: other.language, dir: otherDir)
            }
            let url = version.map { Self.address(of: exhibit, version: $0, language: edition.language, routes: routes) }
                ?? Self.address(ofStop: stop, routes: routes)
            return WallLabel(exhibit, stop: stop, other: translated, url: url, strings: words,
                             versions: WallLabel.versions(of: exhibit, assets: assets, strings: strings.versions))
        }
        sheets = stride(from: 0, to: labels.count, by: LabelPaper.labelsPerSheet).map {
            Sheet(labels: Array(labels[$0..<min(labels.count, $0 + LabelPaper.labelsPerSheet)]))
        }
    }
}

extension LabelSheet: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("toolbar", \.toolbar),
        .field("paperClass", \.paperClass),
        .field("sheets", \.sheets),
    ]
}

extension LabelSheet.Sheet: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("labels", \.labels),
    ]
}
