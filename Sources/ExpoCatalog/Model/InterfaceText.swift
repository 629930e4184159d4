import Foundation

/// The interface's words in one language (buttons, labels, messages), from the data files
/// in `Resources/Interface` and the catalog's own `interface.<code>.json`. Keys are those of
/// the English file, which every other file follows.
public struct InterfaceText: Sendable, Equatable {
    public var language: Language
    public var texts: [String: String]
    /// January to December, as a full date writes them.
    public var months: [String]
    /// Where the words come from, when they are not the language's own: the English
    /// fallback for a language the guide does not speak.
    public var fallback: Language?

    public init(language: Language, texts: [String: String], months: [String], fallback: Language? = nil) {
        self.language = language
        self.texts = texts
        self.months = months
        self.fallback = fallback
    }

    public subscript(key: String) -> String {
        texts[key] ?? InterfaceText.english.texts[key] ?? ""
    }

    /// The languages the guide ships, by code.
    public static let bundled: [Language: InterfaceText] = {
        guard let folder = Bundle.module.url(forResource: "Interface", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
        func read(_ name: String, english: [String: String]?) -> InterfaceText? {
            let language = Language(String(name.dropLast(5)))
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let json = try? JSONParser.parse([UInt8](data)) else { return nil }
            var reader = FieldReader(file: name)
            return InterfaceTextDecoder.decode(json, language: language, base: nil, english: english, reader: &reader)
        }
        // English first: it says what every other file holds.
        guard let english = read("en.json", english: nil) else { return [:] }
        var result: [Language: InterfaceText] = [.english: english]
        for name in names where name.hasSuffix(".json") && name != "en.json" {
            if let text = read(name, english: english.texts) { result[text.language] = text }
        }
        return result
    }()

    public static var english: InterfaceText {
        bundled[.english] ?? InterfaceText(language: .english, texts: [:], months: [])
    }

    /// Keys an interface file may hold beyond the English file's texts: `direction` (`rtl`
    /// or `ltr`) for a language Foundation does not know the direction of.
    static let extraKeys: Set<String> = ["months", "direction"]

    /// The keys every interface file may hold.
    public static var keys: Set<String> { Set(english.texts.keys).union(extraKeys) }

    /// The shipped words for `language`: its own file, or the file of the same language
    /// without region (`fr` for `fr-CA`, `zh-Hans` for `zh-CN`), or nil.
    public static func shipped(for language: Language) -> InterfaceText? {
        if let exact = bundled[language] { return exact }
        let traditional = ["Hant", "TW", "HK", "MO"].contains { language.code.split(separator: "-").contains(Substring($0)) }
        let match = bundled.keys.sorted().first { $0.primaryCode == language.primaryCode && !(traditional && $0.code.hasSuffix("Hans")) }
        return match.flatMap { bundled[$0] }.map { shipped in
            var text = shipped
            text.language = language
            return text
        }
    }
}
