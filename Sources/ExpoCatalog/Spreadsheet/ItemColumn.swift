/// What a column of `items.csv` holds, read from its header: `name`, `desc.fr`,
/// `alt` (the exhibit's own image), `images.2.caption.en`, `fields.1.label`.
struct ItemColumn: Hashable, Sendable {
    enum Field: Hashable, Sendable {
        /// A key of the exhibit's entry: `name`, `date`.
        case entry(String)
        /// A text of the exhibit's own image (the one named by `image_name`): `alt`.
        case ownImage(String)
        /// A key of a numbered item of a list (`images`, `fields`), numbered from 1.
        case item(list: String, number: Int, key: String)
    }

    var field: Field
    /// nil for the main language.
    var language: Language?

    /// The exhibit's own keys: the seed apps' four with the stop after the id, then the
    /// facts, then the recording and the other versions, then where it stands on the plan.
    static let entryKeys = ["image_name", "stop", "name", "short_desc", "desc"] + ObjectFacts.keys.map(\.key) + ["audio", "transcript"]
        + ExhibitContentDecoder.versionKeys + PositionDecoder.keys
    static let imageKeys = ["alt"] + ExhibitContentDecoder.imageTexts.map(\.key)
    static let listKeys = ["images": ["name"] + imageKeys, "fields": ["label", "value"]]

    /// The header without its language: `images.2.caption`.
    var name: String {
        switch field {
        case let .entry(key), let .ownImage(key): key
        case let .item(list, number, key): "\(list).\(number).\(key)"
        }
    }

    var header: String { language.map { "\(name).\($0.code)" } ?? name }

    /// Whether the column names a thing rather than says something, and so has no translation.
    var isIdentifier: Bool {
        switch field {
        case .entry("image_name"), .item("images", _, "name"): true
        default: false
        }
    }

    /// Whether the column holds what is the same in every language (an image's name, the
    /// stop number), so that a language suffix on it is a mistake.
    var isSameInEveryLanguage: Bool {
        isIdentifier || field == .entry("stop") || isPosition
    }

    /// Whether the column is part of the exhibit's position on a floor's plan.
    var isPosition: Bool {
        if case let .entry(key) = field { return PositionDecoder.keys.contains(key) }
        return false
    }

    enum Problem: Error, Equatable {
        case unknown(suggestion: String?)
        case notALanguage(String)
    }

    /// Reads a header. A suffix after the field is a language code (`name.en`).
    static func parse(_ header: String) -> Result<ItemColumn, Problem> {
        let parts = header.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let field: Field
        let rest: ArraySlice<String>
        if let first = parts.first, entryKeys.contains(first) {
            (field, rest) = (.entry(first), parts.dropFirst())
        } else if let first = parts.first, imageKeys.contains(first) {
            (field, rest) = (.ownImage(first), parts.dropFirst())
        } else if parts.count >= 3, let keys = listKeys[parts[0]], let number = Int(parts[1]), number >= 1,
                  String(number) == parts[1], keys.contains(parts[2]) {
            (field, rest) = (.item(list: parts[0], number: number, key: parts[2]), parts.dropFirst(3))
        } else {
            return .failure(.unknown(suggestion: suggestion(for: parts)))
        }
        guard let code = rest.first else { return .success(ItemColumn(field: field, language: nil)) }
        guard rest.count == 1, Language.isValidCode(code), Language(code).isKnown else {
            return .failure(.notALanguage(rest.joined(separator: ".")))
        }
        return .success(ItemColumn(field: field, language: Language(code)))
    }

    /// The known header a mistyped one was most likely meant to be, keeping its language.
    private static func suggestion(for parts: [String]) -> String? {
        var base = parts
        var suffix = ""
        if parts.count > 1, let last = parts.last, Language.isValidCode(last), Language(last).isKnown {
            base.removeLast()
            suffix = "." + last
        }
        let number = base.count >= 2 && Int(base[1]) != nil ? base[1] : "1"
        let known = number == "1" ? knownHeaders : headers(number)
        return NearestName.suggestion(for: base.joined(separator: "."), among: known).map { $0 + suffix }
    }

    /// Every header without a language, with `number` for the lists' items.
    private static func headers(_ number: String) -> [String] {
        entryKeys + imageKeys + listKeys.flatMap { list, keys in keys.map { "\(list).\(number).\($0)" } }
    }

    /// The headers with item 1, which most suggestions are looked up among.
    private static let knownHeaders = headers("1")
}
