/// The data files of a catalog and how they are named: the primary language's file has
/// no suffix (`items.json`), a translation carries its language code (`items.en.json`).
/// `interface.fr.json` adds to or overrides the interface's words in a language.
enum DataFile: String, CaseIterable, Sendable {
    case exposition = "exposition_universelle_1900"
    case items
    case interface
    /// Routes through the exhibits, optional (`tours.json`, `tours.en.json`).
    case tours

    /// The two files that make a catalog.
    static let catalogFiles: [DataFile] = [.exposition, .items]

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
