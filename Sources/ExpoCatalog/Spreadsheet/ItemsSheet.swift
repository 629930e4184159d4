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
                if table.rows.contains(where: { !($0.cells[safe: index] ?? "").isEmpty }) {
                    diagnostics.append(Diagnostic(.warning, file: file, place: place, "the column has no header; its cells are ignored"))
                }
                continue
            }
            switch ItemColumn.parse(header) {
            case let .success(column):
                if column.isIdentifier, column.language != nil {
                    diagnostics.append(Diagnostic(.warning, file: file, place: place,
                        "\(column.name) names an image file and is the same in every language; the column is ignored"))
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
            var entries: [JSONValue] = []
            var rowPlaces: [SheetPlaces.Entry] = []
            for row in table.rows {
                let (entry, place) = Self.entry(row, columns, language: language)
                entries.append(entry)
                rowPlaces.append(place)
            }
            lists[language] = .array(entries)
            places[language] = .items(language: language, entries: rowPlaces)
        }
    }

    /// One row as the exhibit entry of `language`. In the main language the three texts
    /// every exhibit shows are kept when empty, so that `validate` can say so; any other
    /// empty cell is a value the row does not give (in a translation: one the main text stands in for).
    private static func entry(_ row: CSVTable.Row, _ columns: [(index: Int, column: ItemColumn)],
                              language: Language?) -> (JSONValue, SheetPlaces.Entry) {
        func cell(_ index: Int) -> String { row.cells[safe: index] ?? "" }
        var members: [(key: String, value: JSONValue)] = []
        var ownImage: [(key: String, value: JSONValue)] = []
        var items: [String: [Int: [(key: String, value: JSONValue)]]] = [:]
        let id = columns.first { $0.column.field == .entry("image_name") }.map { cell($0.index) } ?? ""
        for (index, column) in columns {
            let value = cell(index)
            let wanted = column.language == language || (column.isIdentifier && column.language == nil)
            guard wanted else { continue }
            let keepEmpty = language == nil && ["name", "short_desc", "desc"].contains(column.name)
            guard !value.isEmpty || keepEmpty else { continue }
            switch column.field {
            case let .entry(key): members.append((key, .string(value)))
            case let .ownImage(key): ownImage.append((key, .string(value)))
            case let .item(list, number, key): items[list, default: [:]][number, default: []].append((key, .string(value)))
            }
        }
        var place = SheetPlaces.Entry(row: row.number)
        var images: [JSONValue] = []
        if !ownImage.isEmpty {
            images.append(.object([("name", .string(id))] + ownImage))
            place.images.append(nil)
        }
        for (number, keys) in (items["images"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            // In a translation only texts make an entry: the image's name alone says nothing new.
            if language != nil, !keys.contains(where: { $0.key != "name" }) { continue }
            images.append(.object(keys))
            place.images.append(number)
        }
        if !images.isEmpty { members.append(("images", .array(images))) }
        let fields = (items["fields"] ?? [:]).sorted(by: { $0.key < $1.key })
        if !fields.isEmpty {
            members.append(("fields", .array(fields.map { .object($0.value) })))
            place.fields = fields.map(\.key)
        }
        return (.object(members), place)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
