import Foundation
import HTTPTypes

/// The studio's interface languages. Its words are data (`StudioStrings`), so a language
/// is a file of them and a case here.
public enum StudioLanguage: String, Sendable, CaseIterable {
    case korean = "ko"
    case english = "en"

    /// The first of the studio's languages the browser lists in `Accept-Language`; Korean
    /// when it lists none of them.
    static func preferred(_ header: String?) -> StudioLanguage {
        guard let header else { return .korean }
        let ranked = header.split(separator: ",").compactMap { part -> (String, Double)? in
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("q=") }
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) } ?? 1
            return (tag, quality)
        }
        for (tag, quality) in ranked.sorted(by: { $0.1 > $1.1 }) where quality > 0 {
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let language = StudioLanguage(rawValue: primary) { return language }
        }
        return .korean
    }
}
