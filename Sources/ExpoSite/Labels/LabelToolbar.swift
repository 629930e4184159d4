import ExpoCatalog

/// The top of the labels' and the poster's pages, on screen only (never printed): what the
/// page is, where its codes lead or why it has none, how to print it, and the links
/// between the A4 and Letter sheets and the poster.
struct LabelToolbar: Sendable {
    struct PaperLink: Sendable {
        var label: String
        var href: String
        var current: Bool
    }

    var title: String
    var address: String?
    /// Shown instead of `address` when the guide's public address is not known.
    var noAddress: String?
    var printHint: String
    var papersLabel: String
    var papers: [PaperLink]
    var pagination: ExhibitListScreen.Pagination?
    /// "Codes open the guide as": links to the sheets whose codes carry each version, when
    /// the catalog has any besides the standard one.
    var versionsLabel: String?
    var versionLinks: [PaperLink]

    /// `current`: the page's paper, or nil on the poster. `versions`: the sheet's version
    /// (nil for the standard one), those offered, and their names.
    init(title: String, current: LabelPaper?, printHint: String, pagination: ExhibitListScreen.Pagination? = nil,
         strings: LabelStrings, routes: Routes, versions: (current: GuideVersion?, offered: [GuideVersion], names: VersionStrings)? = nil) {
        self.title = title
        if let origin = routes.origin {
            address = strings.address(origin + routes.basePath)
        } else {
            noAddress = strings.noAddress
        }
        self.printHint = printHint
        papersLabel = strings.sheets
        papers = LabelPaper.allCases.map {
            PaperLink(label: strings.paper($0), href: routes.link(routes.labels($0, page: 1, version: versions?.current)), current: $0 == current)
        } + [PaperLink(label: strings.posterTitle, href: routes.link(routes.poster), current: current == nil)]
        self.pagination = pagination
        if let versions, let paper = current, !versions.offered.isEmpty {
            versionsLabel = strings.codesVersion
            versionLinks = ([nil] + versions.offered.map(Optional.some)).map { version in
                PaperLink(label: versions.names.name(version ?? .standard), href: routes.link(routes.labels(paper, page: 1, version: version)),
                          current: version == versions.current)
            }
        } else {
            versionLinks = []
        }
    }
}

extension LabelToolbar: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("title", \.title),
        .field("address", \.address),
        .field("noAddress", \.noAddress),
        .field("printHint", \.printHint),
        .field("papersLabel", \.papersLabel),
        .field("papers", \.papers),
        .field("pagination", \.pagination),
        .field("versionsLabel", \.versionsLabel),
        .field("versionLinks", \.versionLinks),
    ]
}

extension LabelToolbar.PaperLink: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("href", \.href),
        .field("current", \.current),
    ]
}
