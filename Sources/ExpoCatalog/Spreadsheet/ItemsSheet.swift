/// `items.csv` read into the JSON the loader already understands: one exhibit list per
/// language (`items.json`, `items.en.json`, …), with where each value came from, so that
/// every message names the row and the column.
struct ItemsSheet: Sendable {
    static let fileName = "items.csv"

    /// The exhibit list of each language; nil is the main language.
    var lists: [Language?: JSONValue] = [:]
    var places: [Language?: SheetPlaces] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ table: CSVTable) {
        let file = Self.fileName
        var columns: [(index: Int, column: ItemColumn)] = []
        var seen: [String: Int] = [:]
        for (index, header) in table.header.enumerated() {
            let place = ":1 (\(header.isEmpty ? "column \(index + 1)" : header))"
            if header.isEmpty {
                if let warning = table.unnamedColumnWarning(index, file: file, place: place) { diagnostics.append(warning) }
                continue
            }
            switch ItemColumn.parse(header) {
            case let .success(column):
                if column.isSameInEveryLanguage, column.language != nil {
                    let what = column.isIdentifier ? "names an image file and"
                        : column.isPosition ? "is part of the position on the floor plan, which" : "is the number on the wall label, which"
                    diagnostics.append(Diagnostic(.warning, file: file, place: place,
                        "\(column.name) \(what) is the same in every language; the column is ignored"))
                } else if let first = seen[column.header] {
                    diagnostics.append(Diagnostic(.warning, file: file, place: place,
                        "the same column as column \(first + 1); this one is ignored"))
                } else {
                    seen[column.header] = index
                    columns.append((index, column))
                }
            case let .failure(.unknown(suggestion)):
                diagnostics.append(Diagnostic(.warning, file: file, place: place,
                    "unknown column; ignored" + (suggestion.map { "; did you mean \($0)?" } ?? "")))
            case let .failure(.notALanguage(code)):
                diagnostics.append(Diagnostic(.error, file: file, place: place,
                    "\"\(code)\" is not a language code; end the header with an ISO 639 code such as \"en\", \"fr\" or \"pt-BR\""))
            }
        }
        guard columns.contains(where: { $0.column.field == .entry("image_name") }) else {
            diagnostics.append(Diagnostic(.error, file: file, place: ":1",
                "no image_name column; each exhibit needs one (its id and the name of its image file)"))
            return
        }
        let languages: [Language?] = [nil] + Set(columns.compactMap(\.column.language)).sorted()
        for language in languages {
            let layout = EntryLayout(columns, language: language)
            var entries: [JSONValue] = []
            var rowPlaces: [SheetPlaces.Entry] = []
            entries.reserveCapacity(table.rows.count)
            rowPlaces.reserveCapacity(table.rows.count)
            for row in table.rows {
                let (entry, place) = layout.entry(row)
                entries.append(entry)
                rowPlaces.append(place)
            }
            lists[language] = .array(entries)
            places[language] = .items(language: language, entries: rowPlaces)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
