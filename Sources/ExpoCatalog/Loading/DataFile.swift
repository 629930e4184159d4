/// The data files of a catalog and how they are named: the primary language's file has
/// no suffix (`items.json`), a translation carries its language code (`items.en.json`).
/// `interface.fr.json` adds to or overrides the interface's words in a language;
/// `floors.json` names the floors and their plans (`floors.en.json`, their names in English).
enum DataFile: String, CaseIterable, Sendable {
    case exposition = "exposition_universelle_1900"
    case items
    case interface
    /// Routes through the exhibits, optional (`tours.json`, `tours.en.json`).
    case tours
    case floors

    /// The two files that make a catalog.
    static let catalogFiles: [DataFile] = [.exposition, .items]

    /// The files `convert` writes in the other format: the two that make a catalog and those
    /// that add to it.
    static let convertedFiles: [DataFile] = catalogFiles + [.tours, .floors]

    /// Whether a translation of this file makes its language one of the catalog's: only the
    /// texts of the exhibition do, not the interface's words, the tours' texts nor the floors' names alone.
    var addsLanguage: Bool { DataFile.catalogFiles.contains(self) }

    func fileName(_ language: Language?) -> String {
        language.map { "\(rawValue).\($0.code).json" } ?? "\(rawValue).json"
    }

    /// Reads a file name back: `items.en.json` → (.items, en); `items.json` → (.items, nil).
    static func parse(_ fileName: String) -> (file: DataFile, language: Language?)? {
        guard fileName.hasSuffix(".json") else { return nil }
        let stem = fileName.dropLast(5)
        for file in allCases {
            if stem == file.rawValue { return (file, nil) }
            let prefix = file.rawValue + "."
            if stem.hasPrefix(prefix) {
                let code = String(stem.dropFirst(prefix.count))
                if Language.isValidCode(code) { return (file, Language(code)) }
            }
        }
        return nil
    }

    /// The part between a data file's name and `.json`, whatever it is: `english` in
    /// `items.english.json`; nil for other files.
    static func suffix(of fileName: String) -> String? {
        guard fileName.hasSuffix(".json") else { return nil }
        let stem = fileName.dropLast(5)
        for file in allCases where stem.hasPrefix(file.rawValue + ".") {
            let suffix = stem.dropFirst(file.rawValue.count + 1)
            if !suffix.isEmpty { return String(suffix) }
        }
        return nil
    }
}
