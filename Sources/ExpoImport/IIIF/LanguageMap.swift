import Foundation

/// A IIIF text in its languages: Presentation 3's `{"ko": ["…"], "en": ["…"]}`, or
/// Presentation 2's plain string, `{"@value", "@language"}` object or list of them, read
/// into one shape. Text without a language is kept under `none`, as Presentation 3 writes it.
struct LanguageMap: Sendable, Equatable {
    static let none = "none"

    /// Each language's values, in the order the document gave them.
    private(set) var values: [(language: String, texts: [String])] = []

    static func == (lhs: LanguageMap, rhs: LanguageMap) -> Bool {
        lhs.values.map(\.language) == rhs.values.map(\.language) && lhs.values.map(\.texts) == rhs.values.map(\.texts)
    }

    var isEmpty: Bool { values.allSatisfy { $0.texts.allSatisfy(\.isEmpty) } }

    var languages: [String] { values.map(\.language) }

    mutating func add(_ text: String, language: String) {
        let cleaned = IIIFText.plain(text)
        guard !cleaned.isEmpty else { return }
        if let index = values.firstIndex(where: { $0.language == language }) {
            values[index].texts.append(cleaned)
        } else {
            values.append((language, [cleaned]))
        }
    }

    /// The text in `language`, several values joined; then the text without a language;
    /// nil when neither is there.
    func text(_ language: String) -> String? {
        (values.first { $0.language == language } ?? values.first { $0.language == Self.none }).map { $0.texts.joined(separator: "; ") }
    }

    /// The text in any language, for names a warning quotes.
    var anyText: String? { values.first?.texts.first }

    /// Reads whatever a document holds where a language map belongs; nil for anything else.
    init?(_ value: Any?) {
        switch value {
        case let text as String:
            add(text, language: Self.none)
        case let number as NSNumber:
            add(number.stringValue, language: Self.none)
        case let map as [String: Any] where map["@value"] != nil:
            add(map["@value"] as? String ?? "", language: Self.code(map["@language"]))
        case let map as [String: Any]:
            for (language, texts) in map.sorted(by: { $0.key < $1.key }) {
                for text in (texts as? [Any] ?? [texts]) {
                    if let text = text as? String { add(text, language: Self.code(language)) }
                }
            }
        case let list as [Any]:
            for item in list {
                if let text = item as? String {
                    add(text, language: Self.none)
                } else if let map = item as? [String: Any], let text = map["@value"] as? String {
                    add(text, language: Self.code(map["@language"]))
                }
            }
        default:
            return nil
        }
    }

    init() {}

    /// A language tag as the catalog names its files: `ko`, `en`, `zh-Hans`; `none` for
    /// anything that is no tag.
    static func code(_ value: Any?) -> String {
        guard let tag = value as? String, !tag.isEmpty, tag.count <= 35,
              tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return none }
        if tag == none { return none }
        // Only the language and script: `en-GB` and `en` are one language to the guide.
        let parts = tag.split(separator: "-")
        if parts.count > 1, parts[1].count == 4 { return parts[0].lowercased() + "-" + parts[1].prefix(1).uppercased() + parts[1].dropFirst().lowercased() }
        return parts[0].lowercased()
    }
}

/// Text from a IIIF document as plain text: Presentation 3 allows a little HTML in values
/// (`<a>`, `<b>`, `<br>`, `<i>`, `<img>`, `<p>`, `<small>`, `<span>`, `<sub>`, `<sup>`);
/// the catalog holds plain text, so tags go and entities become characters.
enum IIIFText {
    static func plain(_ text: String) -> String {
        var result = text
        if result.contains("<") {
            result = result.replacingOccurrences(of: "<br\\s*/?>|</p>", with: "\n", options: [.regularExpression, .caseInsensitive])
            result = result.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        }
        if result.contains("&") {
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
                result = result.replacingOccurrences(of: entity, with: character)
            }
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
