/// The interface's words for each of a catalog's languages: the guide's own file for the
/// language, then the catalog's `interface.<code>.json` over it. A language the guide does
/// not speak and the catalog brings no words for falls back to English, with a warning.
enum InterfaceLoader {
    static func load(_ languages: [Language], _ store: any CatalogStore, diagnostics: inout [Diagnostic]) -> [Language: InterfaceText] {
        var result: [Language: InterfaceText] = [:]
        let english = InterfaceText.english
        for (index, language) in languages.enumerated() {
            let shipped = InterfaceText.shipped(for: language)
            var text = shipped ?? InterfaceText(language: language, texts: english.texts, months: english.months, fallback: .english)
            // The main language's file may also go without a suffix.
            let names = [DataFile.interface.fileName(language)] + (index == 0 ? [DataFile.interface.fileName(nil)] : [])
            var overridden = false
            for name in names where store.dataFileNames.contains(name) {
                var reader = FieldReader(file: store.displayPath(ofDataFile: name))
                switch store.readJSON(dataFile: name) {
                case let .success(json):
                    text = InterfaceTextDecoder.decode(json, language: language, base: text, english: english.texts, reader: &reader)
                    // A file that adds a language should give it every text; one that overrides may give a few.
                    if shipped == nil, case let .object(members) = json {
                        let given = Set(members.map(\.key))
                        let missing = english.texts.keys.filter { !given.contains($0) }.sorted()
                        if !missing.isEmpty {
                            reader.warn(at: "", "\(missing.count) texts missing (\(missing.prefix(3).joined(separator: ", "))"
                                        + "\(missing.count > 3 ? ", …" : "")); the English ones are shown")
                        }
                    }
                    overridden = true
                case let .failure(diagnostic):
                    diagnostics.append(Diagnostic(.warning, file: diagnostic.file, place: diagnostic.place, diagnostic.message + "; ignored"))
                }
                diagnostics += reader.diagnostics
            }
            if shipped == nil, !overridden {
                diagnostics.append(Diagnostic(.warning, file: DataFile.interface.fileName(language),
                    "the guide has no interface text in \(language.englishName), so its pages show buttons and labels in English; "
                    + "add this file to translate them"))
            }
            result[language] = text
        }
        return result
    }
}
