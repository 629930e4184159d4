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
