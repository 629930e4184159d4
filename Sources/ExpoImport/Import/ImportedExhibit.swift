import Foundation

/// One manifest as an exhibit of the catalog the import writes: its texts by language, its
/// facts sorted from the metadata, its images' addresses, and where it came from.
struct ImportedExhibit: Sendable {
    var id: String
    var manifest: IIIFManifest
    /// The files its images were saved as, in order (the first is named by the id).
    var imageFiles: [String] = []
    /// Its recordings and videos, as saved in the folder, with their captions.
    var media: [SavedMedia] = []

    /// The fact each metadata label stands for, by words it holds in the languages
    /// collections use; any other pair becomes a free field.
    static let factWords: [(fact: String, words: [String])] = [
        ("maker", ["creator", "artist", "maker", "author", "made by", "photographer", "작가", "제작자", "작자", "artiste", "künstler", "autor", "作者", "制作者"]),
        ("date", ["date", "dated", "period", "created", "연대", "시대", "제작연도", "연도", "年代", "日期", "datum", "fecha"]),
        ("material", ["medium", "material", "technique", "재질", "재료", "기법", "材質", "材料", "matériau", "técnica"]),
        ("dimensions", ["dimension", "size", "measurement", "크기", "규격", "寸法", "尺寸", "abmessung", "medidas"]),
        ("place", ["place", "origin", "location made", "출토지", "제작지", "장소", "産地", "地点", "lieu", "ort", "lugar"]),
    ]

    /// Labels of a longer text than the summary: it becomes the exhibit's `desc`.
    static let descriptionWords = ["description", "설명", "解説", "説明", "描述", "beschreibung", "descripción"]

    static func fact(forLabel label: LanguageMap) -> String? {
        factWords.first { entry in says(label, any: entry.words) }?.fact
    }

    /// Whether the label holds one of `words`: a Latin word whole (or with a plural s), so that
    /// "Support" is no place ("ort") and "Original title" no origin; other scripts, anywhere in it.
    static func says(_ label: LanguageMap, any words: [String]) -> Bool {
        let texts = label.languages.compactMap { label.text($0)?.lowercased() }
        return texts.contains { text in
            let padded = " " + String(text.map { $0.isLetter || $0.isNumber ? $0 : " " }) + " "
            return words.contains { word in
                word.allSatisfy(\.isASCII) ? padded.contains(" \(word) ") || padded.contains(" \(word)s ") : text.contains(word)
            }
        }
    }

    /// The entry for `language` in the catalog's JSON, with the main language's text where
    /// this one has none (the catalog shows it marked, and `validate` counts it).
    func entry(_ language: String, main: String) -> [String: Any] {
        func text(_ map: LanguageMap) -> String? { map.text(language) ?? (language == main ? map.anyText : nil) }
        var entry: [String: Any] = ["image_name": id]
        entry["name"] = text(manifest.label) ?? (language == main ? id : nil)
        // The exhibit's page shows `desc`: a metadata "Description" when there is one, else
        // the summary, which the list shows as the short text.
        let description = manifest.metadata.first { Self.says($0.label, any: Self.descriptionWords) }.flatMap { text($0.value) }
        let summary = text(manifest.summary)
        if let short = summary ?? description { entry["short_desc"] = short }
        if let long = description ?? summary { entry["desc"] = long }
        var fields: [[String: String]] = []
        for pair in manifest.metadata {
            guard let value = text(pair.value), value != description else { continue }
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
        addMedia(to: &entry, language: language, main: main)
        if imageFiles.count > 1 || manifest.images.contains(where: { !$0.label.isEmpty }) {
            entry["images"] = zip(imageFiles, manifest.images).map { file, image -> [String: String] in
                var item = ["name": (file as NSString).deletingPathExtension]
                if let caption = image.label.text(language) { item["caption"] = caption }
                return item
            }
        }
        return entry
    }

    /// `audio` and `transcript`, `video` and `video_captions` in `language`: the file in
    /// that language, else the one that names none, which serves every language. Captions
    /// that name no language are the main language's.
    private func addMedia(to entry: inout [String: Any], language: String, main: String) {
        for (kind, file, captions) in [(IIIFMedia.Kind.sound, "audio", "transcript"), (.video, "video", "video_captions")] {
            let ofKind = media.filter { $0.kind == kind }
            guard let chosen = ofKind.first(where: { $0.language == language }) ?? ofKind.first(where: { $0.language == nil }) else { continue }
            entry[file] = chosen.file
            let caption = chosen.captions[language] ?? (language == main ? chosen.captions[LanguageMap.none] : nil)
            if let caption, kind == .sound || caption.hasSuffix(".vtt") { entry[captions] = caption }
        }
    }
}
