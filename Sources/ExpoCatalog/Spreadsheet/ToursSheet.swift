import Foundation

/// `tours.csv` read into the JSON of `tours.json` and its translations: one row per tour,
/// `id,title,description,duration,stops`, and `title.en`, `description.en` columns for the
/// translations. The `stops` cell lists exhibit ids apart by spaces or commas.
struct ToursSheet: Sendable {
    static let fileName = "tours.csv"
    static let columns = ["id", "title", "description", "duration", "stops"]
    /// The columns a translation has.
    static let translated: Set<String> = ["title", "description"]

    var lists: [Language?: JSONValue] = [:]
    var places: [Language?: SheetPlaces] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ table: CSVTable) {
        let file = Self.fileName
        // Column index by (key, language).
        var columnOf: [String: (index: Int, key: String, language: Language?)] = [:]
        for (index, header) in table.header.enumerated() {
            let place = ":1 (\(header.isEmpty ? "column \(index + 1)" : header))"
            if header.isEmpty {
                if let warning = table.unnamedColumnWarning(index, file: file, place: place) { diagnostics.append(warning) }
                continue
            }
            let parts = header.split(separator: ".", maxSplits: 1).map(String.init)
            let key = parts[0]
            guard Self.columns.contains(key) else {
                diagnostics.append(Diagnostic(.warning, file: file, place: place,
                    "unknown column; ignored" + NearestName.hint(for: key, among: Self.columns)))
                continue
            }
            var language: Language?
            if parts.count == 2 {
                guard Language.isValidCode(parts[1]), Language(parts[1]).isKnown else {
                    diagnostics.append(Diagnostic(.error, file: file, place: place,
                        "\"\(parts[1])\" is not a language code; end the header with an ISO 639 code such as \"en\", \"fr\" or \"pt-BR\""))
                    continue
                }
                guard Self.translated.contains(key) else {
                    diagnostics.append(Diagnostic(.warning, file: file, place: place,
                        "a tour's \(key) is the same in every language; the column is ignored"))
                    continue
                }
                language = Language(parts[1])
            }
            if let first = columnOf[header] {
                diagnostics.append(Diagnostic(.warning, file: file, place: place, "the same column as column \(first.index + 1); this one is ignored"))
                continue
            }
            columnOf[header] = (index, key, language)
        }
        guard columnOf["id"] != nil else {
            diagnostics.append(Diagnostic(.error, file: file, place: ":1", "no id column; each tour needs one (it names the tour's page)"))
            return
        }
        let languages: [Language?] = [nil] + Set(columnOf.values.compactMap(\.language)).sorted()
        for language in languages {
            let chosen = columnOf.values.filter { $0.language == language || ($0.key == "id" && $0.language == nil) }
                .sorted { $0.index < $1.index }
            var entries: [JSONValue] = []
            for row in table.rows {
                var members: [(key: String, value: JSONValue)] = []
                for column in chosen {
                    let cell = row.cells[safe: column.index] ?? ""
                    // An empty cell is a value not given (a translation the main text stands in for).
                    if cell.isEmpty, column.key != "id", column.key != "stops" { continue }
                    members.append((column.key, Self.value(cell, key: column.key)))
                }
                entries.append(.object(members))
            }
            lists[language] = .array(entries)
            places[language] = .tours(language: language, rows: table.rows.map(\.number))
        }
    }

    private static func value(_ cell: String, key: String) -> JSONValue {
        switch key {
        case "stops":
            return .array(cell.split { $0 == "," || $0 == ";" || $0.isWhitespace }.map { .string(String($0)) })
        case "duration":
            let digits = cell.trimmingCharacters(in: .whitespaces)
            if let minutes = Int(digits) { return .integer(minutes) }
            return .string(cell)
        default:
            return .string(cell)
        }
    }
}
