import Foundation

/// Writes the imported exhibits as a catalog folder in the guide's own JSON format: the
/// exposition and the exhibits in the main language, and a translation of each for every
/// other language the manifests' labels use.
enum CatalogWriting {
    /// The languages of the labels and summaries, the most used first (the catalog's main
    /// language); text without a language counts for the main one.
    static func languages(_ manifests: [IIIFManifest], collection: LanguageMap) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for map in [collection] + manifests.flatMap({ [$0.label, $0.summary] }) {
            for language in map.languages where language != LanguageMap.none {
                if counts[language] == nil { order.append(language) }
                counts[language, default: 0] += 1
            }
        }
        let sorted = order.enumerated().sorted { (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset) }.map(\.element)
        return sorted.isEmpty ? [] : sorted
    }

    static func write(_ exhibits: [ImportedExhibit], title: LanguageMap, languages: [String], into folder: URL) throws {
        let main = languages.first ?? LanguageMap.none
        for (index, language) in (languages.isEmpty ? [LanguageMap.none] : languages).enumerated() {
            let suffix = index == 0 ? "" : ".\(language)"
            var exposition: [String: Any] = [
                "title": title.text(language) ?? title.anyText ?? "IIIF",
                "description": "", "location": "", "duration": "", "visitors": 0,
            ]
            if index == 0, language != LanguageMap.none { exposition["language"] = language }
            try json(exposition).write(to: folder.appendingPathComponent("exposition_universelle_1900\(suffix).json"), options: .atomic)
            let items = exhibits.map { $0.entry(language, main: main) }
            try json(items).write(to: folder.appendingPathComponent("items\(suffix).json"), options: .atomic)
        }
    }

    private static func json(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
