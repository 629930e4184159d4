/// Reads an interface file (`interface.fr.json`, or one the guide ships): an object of
/// texts by key, and `months` as a list of twelve.
enum InterfaceTextDecoder {
    /// `base` is the text the file adds to or overrides; nil for a shipped file, which
    /// stands alone. `english` is the English file's texts, which say what keys there are and
    /// which placeholders each text needs; nil while the English file itself is read.
    static func decode(_ json: JSONValue, language: Language, base: InterfaceText?, english: [String: String]?,
                       reader: inout FieldReader) -> InterfaceText {
        var text = base ?? InterfaceText(language: language, texts: [:], months: [])
        text.language = language
        guard case let .object(members) = json else {
            reader.warn(at: "", "expected an object { \"read_aloud\": …, … }, found \(json.kindDescription); ignored")
            return text
        }
        let known = english.map { Set($0.keys).union(InterfaceText.extraKeys) }
        for (key, value) in members {
            let place = ".\(key)"
            if let known, !known.contains(key) {
                reader.warn(at: place, "unknown text; ignored" + NearestName.hint(for: key, among: known))
                continue
            }
            switch value {
            case let .string(given) where key != "months":
                let string = reader.cleaned(given, at: place)
                if let missing = missingPlaceholder(key, in: string, english: english) {
                    reader.warn(at: place, "lacks \(missing), which the guide fills in; ignored")
                } else {
                    text.texts[key] = string
                }
            case let .array(items) where key == "months":
                let months = items.enumerated().compactMap { index, item in
                    if case let .string(month) = item { reader.cleaned(month, at: "\(place)[\(index)]") } else { nil }
                }
                if months.count == 12 {
                    text.months = months
                } else {
                    reader.warn(at: place, "expected a list of 12 month names; ignored")
                }
            default:
                reader.warn(at: place, "expected \(key == "months" ? "a list of 12 month names" : "text"), found \(value.kindDescription); ignored")
            }
        }
        if base != nil { text.fallback = nil }
        return text
    }

    /// A placeholder the English text has and this one lacks (`{n}` in `search_count`).
    /// Date formats may leave out any part, so they are not checked.
    private static func missingPlaceholder(_ key: String, in string: String, english: [String: String]?) -> String? {
        guard key != "date_format", let english = english?[key] else { return nil }
        let given = Set(placeholders(string).map(standing))
        return placeholders(english).first { !given.contains(standing($0)) }
    }

    /// A number may be written as it is (`{n}`), as an English ordinal (`{nth}`: 19th) or in
    /// Roman numerals (`{roman}`: XIX), as the language names centuries.
    static func standing(_ placeholder: String) -> String {
        ["{nth}", "{roman}"].contains(placeholder) ? "{n}" : placeholder
    }

    static func placeholders(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
