import ExpoCatalog

/// What each translation lacks: every text the main language's stands in for (as the
/// loader found it, and as `validate` counts it), and every text published in the main
/// language after the translation's was (from the studio's history), each with the form
/// that edits it beside the main language's.
struct TranslationGaps {
    struct Gap: Hashable {
        /// The exhibit's id, or a document's key (`@exposition`, `@tours`).
        let sheet: String
        /// The field as the studio names it (`desc`, `images.jikji-type.alt`, `tours.print.title`).
        let field: String
    }

    struct Language {
        let language: ExpoCatalog.Language
        let missing: [Gap]
        let older: [Gap]
    }

    let languages: [Language]

    init(catalog: Catalog, history: [PublishedChange]) {
        let primary = catalog.primary.language.code
        // The last publication that changed each text, by language.
        var last: [String: [String: Int64]] = [:]
        for change in history {
            let key = "\(change.exhibit) \(change.field)"
            last[change.language, default: [:]][key] = max(last[change.language]?[key] ?? 0, change.publication)
        }
        languages = catalog.translations.map { edition in
            let missing = edition.untranslated.map(Self.gap).sorted { ($0.sheet, $0.field) < ($1.sheet, $1.field) }
            let missingKeys = Set(missing.map { "\($0.sheet) \($0.field)" })
            let older = (last[primary] ?? [:]).compactMap { key, changed -> Gap? in
                guard !missingKeys.contains(key), (last[edition.language.code]?[key] ?? 0) < changed,
                      let space = key.firstIndex(of: " ") else { return nil }
                let field = String(key[key.index(after: space)...])
                // Only texts, not what is the same in every language (files, places, routes).
                guard let named = EntryField(name: field), !named.isSameInEveryLanguage, !named.isTourRoute, named != .audio, named != .gallery, !EntryField.videoFields.contains(named),
                      !PositionKeys.all.contains(field) else { return nil }
                return Gap(sheet: String(key[..<space]), field: field)
            }.sorted { ($0.sheet, $0.field) < ($1.sheet, $1.field) }
            return Language(language: edition.language, missing: missing, older: older)
        }
    }

    /// `jikji.desc` → (jikji, desc); `jikji.jikji-type/alt` → (jikji, images.jikji-type.alt);
    /// `exposition.title` → (@exposition, title); `tour:print.title` → (@tours, tours.print.title).
    static func gap(_ key: String) -> Gap {
        let tour = Tour.untranslatedKey("")
        if key.hasPrefix(tour), let dot = key.firstIndex(of: ".") {
            let id = key[key.index(key.startIndex, offsetBy: tour.count)..<dot]
            return Gap(sheet: CatalogDocument.tours.rawValue, field: "tours.\(id).\(key[key.index(after: dot)...])")
        }
        guard let dot = key.firstIndex(of: ".") else { return Gap(sheet: key, field: "") }
        let owner = String(key[..<dot])
        var field = String(key[key.index(after: dot)...])
        if let slash = field.firstIndex(of: "/") { field = "images.\(field[..<slash]).\(field[field.index(after: slash)...])" }
        return Gap(sheet: owner == "exposition" ? CatalogDocument.exposition.rawValue : owner, field: field)
    }
}
