import ExpoCatalog

/// The browse pages' words in one language: their titles, counts, and how a century and
/// a decade are named.
public struct BrowseStrings: Sendable {
    /// "Browse": the pages' title and their first breadcrumb.
    public var title: String
    /// The list's link to the browse pages.
    public var link: String
    public var breadcrumbs: String
    public var facts: [String: String]
    private var text: InterfaceText

    init(_ text: InterfaceText, exhibit: ExhibitStrings) {
        self.text = text
        title = text["browse"]
        link = text["browse_link"]
        breadcrumbs = text["breadcrumbs"]
        facts = ["maker": exhibit.maker, "date": exhibit.date, "material": exhibit.material, "place": exhibit.place]
    }

    /// "3 exhibits", "1 exhibit", with the language's thousands separator.
    func exhibitCount(_ count: Int) -> String {
        counted(count, one: "browse_count_one", many: "browse_count")
    }

    /// "3,508 values".
    func valueCount(_ count: Int) -> String {
        counted(count, one: "browse_values_one", many: "browse_values")
    }

    /// "19th century", "19세기", "XIXe siècle": `{n}` is the number, `{nth}` the English
    /// ordinal, `{roman}` the Roman numeral.
    func century(_ century: Int) -> String {
        text["century"].replacingOccurrences(of: "{nth}", with: Self.ordinal(century))
            .replacingOccurrences(of: "{roman}", with: Self.roman(century))
            .replacingOccurrences(of: "{n}", with: String(century))
    }

    /// "1850s", "1850년대".
    func decade(_ decade: Int) -> String {
        text["decade"].replacingOccurrences(of: "{n}", with: String(decade))
    }

    private func counted(_ count: Int, one: String, many: String) -> String {
        count == 1 ? text[one] : text[many].replacingOccurrences(of: "{n}", with: NumberFormat.grouped(count, separator: text["thousands_separator"]))
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    static func roman(_ number: Int) -> String {
        guard number > 0, number < 4000 else { return String(number) }
        let numerals = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number
        var result = ""
        for (value, letters) in numerals {
            while rest >= value {
                result += letters
                rest -= value
            }
        }
        return result
    }
}
