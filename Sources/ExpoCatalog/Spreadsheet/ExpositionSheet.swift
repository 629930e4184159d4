import Foundation

/// `exposition.csv` read into the JSON the loader already understands: rows of a field
/// and its value (`title`, `title.en`, `visitors`), a header row optional.
struct ExpositionSheet: Sendable {
    static let fileName = "exposition.csv"
    static let keys = ["language"] + CatalogData.expositionKeys + [BrowseSetting.key, "easy_read"]
    /// Fields that are the same in every language.
    static let untranslated: Set<String> = ["language", "visitors", BrowseSetting.key]

    var objects: [Language?: JSONValue] = [:]
    var places: [Language?: SheetPlaces] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ table: CSVTable) {
        let file = Self.fileName
        var members: [Language?: [(key: String, value: JSONValue)]] = [nil: []]
        var rows: [String: Int] = [:]
        // A first row that names a field is data, not a header.
        let headerRow = CSVTable.Row(number: 1, cells: table.header)
        let all = (Self.field(table.header.first ?? "") != nil ? [headerRow] : []) + table.rows
        for row in all {
            let name = row.cells.first ?? ""
            let value = row.cells.dropFirst().first ?? ""
            let place = ":\(row.number) (\(name.isEmpty ? "column 1" : name))"
            if row.cells.dropFirst(2).contains(where: { !$0.isEmpty }) {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "only the first two cells are read (field, value); the rest are ignored"))
            }
            guard let (key, language) = Self.field(name) else {
                let base = name.split(separator: ".").first.map(String.init) ?? name
                let hint = NearestName.suggestion(for: base, among: Self.keys).map {
                    "; did you mean \($0 + name.dropFirst(base.count))?"
                } ?? ""
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "unknown field; ignored\(hint)"))
                continue
            }
            if language != nil, Self.untranslated.contains(key) {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "\(key) is the same in every language; the row is ignored"))
                continue
            }
            if let first = rows[name] {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "\(name) is already given in row \(first); this row is ignored"))
                continue
            }
            rows[name] = row.number
            // An empty translation is one the main text stands in for.
            if value.isEmpty, language != nil { continue }
            let json: JSONValue = switch key {
            case "visitors": Self.count(value)
            // One cell holds the list, its labels apart by semicolons.
            case BrowseSetting.key: .array(value.split(separator: ";").map { .string($0.trimmingCharacters(in: .whitespaces)) })
            default: .string(value)
            }
            members[language, default: []].append((key, json))
        }
        for (language, list) in members {
            objects[language] = .object(list)
            places[language] = .exposition(language: language, rows: rows)
        }
    }

    /// `title.en` → ("title", en); nil when the name is not a field of the exposition.
    private static func field(_ name: String) -> (key: String, language: Language?)? {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let key = parts.first, keys.contains(key) else { return nil }
        guard parts.count == 2 else { return (key, nil) }
        let code = parts[1]
        guard Language.isValidCode(code), Language(code).isKnown else { return nil }
        return (key, Language(code))
    }

    /// A visitor count as spreadsheets write it, with or without thousands separators.
    private static func count(_ text: String) -> JSONValue {
        let digits = text.filter { !", \u{00A0}\u{202F}'_".contains($0) }
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits) { return .integer(value) }
        return .string(text)
    }
}
