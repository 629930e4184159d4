import ExpoCatalog
import Foundation

/// Reads the headers that pick a visitor's language: a `lang` cookie set by the language
/// switch, or the browser's `Accept-Language`.
enum LanguageNegotiation {
    static let cookieName = "lang"

    /// The language the `lang` cookie names, if it is one the site has.
    static func cookieLanguage(_ cookieHeader: String?, among languages: [Language]) -> Language? {
        guard let cookieHeader else { return nil }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { continue }
            let code = parts[1].trimmingCharacters(in: .whitespaces)
            return languages.first { $0.code == code }
        }
        return nil
    }

    /// The site language the browser prefers most, by `q` weight, matching `en-US` to `en`.
    static func preferred(_ acceptLanguage: String?, among languages: [Language]) -> Language? {
        guard let acceptLanguage else { return nil }
        var ranked: [(language: Language, weight: Double, order: Int)] = []
        for (order, item) in acceptLanguage.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            // `zh-CN` finds a catalog's `zh-Hans`, `fr-CA` its `fr`: the exact tag first, then the language alone.
            let language = languages.first { $0.code.lowercased() == tag } ?? languages.first { $0.primaryCode.lowercased() == primary }
            if weight > 0, let language {
                ranked.append((language, weight, order))
            }
        }
        return ranked.min { ($0.weight, -$0.order) > ($1.weight, -$1.order) }?.language
    }
}
