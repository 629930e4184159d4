import Foundation

/// One manifest as an exhibit of the catalog the import writes: its texts by language, its
/// facts sorted from the metadata, its images' addresses, and where it came from.
struct ImportedExhibit: Sendable {
    var id: String
    var manifest: IIIFManifest
    /// The files its images were saved as, in order (the first is named by the id).
    var imageFiles: [String] = []

    /// The fact each metadata label stands for, by words it holds in the languages
    /// collections use; any other pair becomes a free field.
    static let factWords: [(fact: String, words: [String])] = [
        ("maker", ["creator", "artist", "maker", "author", "made by", "photographer", "작가", "제작자", "작자", "artiste", "künstler", "autor", "作者", "制作者"]),
        ("date", ["date", "dated", "period", "연대", "시대", "제작연도", "연도", "年代", "日期", "datum", "fecha"]),
        ("material", ["medium", "material", "technique", "재질", "재료", "기법", "材質", "材料", "matériau", "técnica"]),
        ("dimensions", ["dimension", "size", "measurement", "크기", "규격", "寸法", "尺寸", "abmessung", "medidas"]),
        ("place", ["place", "origin", "location made", "출토지", "제작지", "장소", "産地", "地点", "lieu", "ort", "lugar"]),
    ]

    static func fact(forLabel label: LanguageMap) -> String? {
        let texts = label.languages.compactMap { label.text($0)?.lowercased() }
        return factWords.first { entry in texts.contains { text in entry.words.contains { text.contains($0) } } }?.fact
    }

    /// The entry for `language` in the catalog's JSON, with the main language's text where
    /// this one has none (the catalog shows it marked, and `validate` counts it).
    func entry(_ language: String, main: String) -> [String: Any] {
        func text(_ map: LanguageMap) -> String? { map.text(language) ?? (language == main ? map.anyText : nil) }
        var entry: [String: Any] = ["image_name": id]
        entry["name"] = text(manifest.label) ?? (language == main ? id : nil)
        if let summary = text(manifest.summary) { entry["short_desc"] = summary }
        var fields: [[String: String]] = []
        for pair in manifest.metadata {
            guard let value = text(pair.value) else { continue }
            if let fact = Self.fact(forLabel: pair.label), entry[fact] == nil {
                entry[fact] = value
            } else {
                fields.append(["label": text(pair.label) ?? pair.label.anyText ?? "", "value": value])
            }
        }
        if entry["date"] == nil, let navDate = manifest.navDate { entry["date"] = String(navDate.prefix(10)) }
        if !fields.isEmpty { entry["fields"] = fields }
        if let credit = manifest.requiredStatement.flatMap({ text($0.value) }) { entry["credit_line"] = credit }
        // Addresses read the same in every language: each translation gives them, so none
        // is counted as untranslated.
        if let rights = manifest.rights { entry["rights"] = rights }
        if manifest.id.hasPrefix("https://") || manifest.id.hasPrefix("http://") { entry["source"] = manifest.id }
        if imageFiles.count > 1 || manifest.images.contains(where: { !$0.label.isEmpty }) {
            entry["images"] = zip(imageFiles, manifest.images).map { file, image -> [String: String] in
                var item = ["name": (file as NSString).deletingPathExtension]
                if let caption = image.label.text(language) { item["caption"] = caption }
                return item
            }
        }
        return entry
    }
}
