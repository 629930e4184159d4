/// The list screen's search field, shown by the script.
struct SearchBox: Sendable {
    var label: String
    var placeholder: String
    var noMatch: String
    var count: String
    var countOne: String
    var more: String
    var index: String

    init(strings: UIStrings, index: String) {
        label = strings.searchLabel
        placeholder = strings.searchPlaceholder
        noMatch = strings.searchNoMatch
        count = strings.searchCount
        countOne = strings.searchCountOne
        more = strings.searchMore
        self.index = index
    }
}

extension SearchBox: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("placeholder", \.placeholder),
        .field("noMatch", \.noMatch),
        .field("count", \.count),
        .field("countOne", \.countOne),
        .field("more", \.more),
        .field("index", \.index),
    ]
}
