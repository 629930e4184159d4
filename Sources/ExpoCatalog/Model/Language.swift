import Foundation

/// A language of the guide, by its BCP 47 code ("ko", "en").
public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let code: String

    public init(_ code: String) {
        self.code = code
    }

    public static let korean = Language("ko")
    public static let english = Language("en")

    public var description: String { code }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.code < rhs.code }

    /// Language codes that may stand in a file name such as `items.en.json`: two or three
    /// letters, optionally a region or script (`pt-BR`, `zh-Hant`).
    static func isValidCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count),
              primary.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension Language {
    /// The language's name in English, for messages to curators.
    public var englishName: String {
        Locale(identifier: "en").localizedString(forIdentifier: code) ?? code
    }

    /// The language's name in itself ("한국어", "Français"), as a language menu lists it.
    public var autonym: String {
        guard let name = Locale(identifier: code).localizedString(forIdentifier: code), let first = name.first else { return code }
        return first.uppercased() + name.dropFirst()
    }

    /// Whether the code names a language ISO 639 knows (`fr`, `haw`), not merely one shaped
    /// like a code (`xx`).
    public var isKnown: Bool {
        Language.isValidCode(code) && (Locale.LanguageCode(primaryCode).isISOLanguage)
    }

    /// The language without region or script: `pt` for `pt-BR`.
    public var primaryCode: String { String(code.split(separator: "-").first ?? Substring(code)) }

    /// Arabic, Hebrew, Persian, Urdu …: written right to left.
    public var isRightToLeft: Bool {
        Locale.Language(identifier: code).characterDirection == .rightToLeft
    }
}
