/// The list screen's search field. With the script it searches as the visitor types; without
/// it, the form asks the server (`/items/?q=…`), which answers from the same index, or, on a
/// static host that cannot, the page says that search needs JavaScript.
struct SearchBox: Sendable {
    var label: String
    var placeholder: String
    var noMatch: String
    var count: String
    var countOne: String
    var more: String
    var incomplete: String
    var showMore: String
    var needsScript: String
    var index: String
    /// The list's first page, where the form goes without the script.
    var action: String
    /// Whether a server answers the form (`serve`), rather than a static host.
    var served: Bool
    /// What the server was asked, and how many exhibits it found.
    var query = ""
    var found = ""
    var noneFound = false

    init(strings: UIStrings, index: String, action: String, served: Bool) {
        label = strings.searchLabel
        placeholder = strings.searchPlaceholder
        noMatch = strings.searchNoMatch
        count = strings.searchCount
        countOne = strings.searchCountOne
        more = strings.searchMore
        incomplete = strings.searchIncomplete
        showMore = strings.searchShowMore
        needsScript = strings.searchNeedsScript
        self.index = index
        self.action = action
        self.served = served
    }
}

extension SearchBox: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("placeholder", \.placeholder),
        .field("noMatch", \.noMatch),
        .field("count", \.count),
        .field("countOne", \.countOne),
        .field("more", \.more),
        .field("incomplete", \.incomplete),
        .field("showMore", \.showMore),
        .field("needsScript", \.needsScript),
        .field("index", \.index),
        .field("action", \.action),
        .field("served", \.served),
        .field("query", \.query),
        .field("found", \.found),
        .field("noneFound", \.noneFound),
    ]
}
