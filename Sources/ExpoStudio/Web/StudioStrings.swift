import Foundation

/// The studio's words in one language, read from `Resources/Interface/<code>.json`, as the
/// guide's are: adding a language is adding a file. Every file holds every key
/// (`StudioStringsTests`), so a missing word is a failed test, not a blank on a page.
public struct StudioStrings: Sendable {
    let words: [String: String]

    public static let all: [StudioLanguage: StudioStrings] = Dictionary(uniqueKeysWithValues: StudioLanguage.allCases.map { language in
        (language, StudioStrings(words: load(language)))
    })

    static func load(_ language: StudioLanguage) -> [String: String] {
        guard let url = Bundle.module.url(forResource: language.rawValue, withExtension: "json", subdirectory: "Interface"),
              let data = try? Data(contentsOf: url),
              let words = try? JSONDecoder().decode([String: String].self, from: data) else {
            preconditionFailure("the studio's \(language.rawValue).json is missing from the build")
        }
        return words
    }

    public static func of(_ language: StudioLanguage) -> StudioStrings { all[language]! }

    /// The word for `key`, its `{name}` fillings replaced in one pass, so that a filling
    /// (a person's name) that holds braces is never read as another.
    public subscript(_ key: String, _ fillings: [String: String] = [:]) -> String {
        let text = words[key] ?? key
        guard !fillings.isEmpty else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += fillings[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    func role(_ role: Role) -> String { self["role_\(role.rawValue)"] }
}
