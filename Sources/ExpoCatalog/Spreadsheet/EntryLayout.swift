/// Which cells of an `items.csv` row make one language's exhibit entry, and under which keys:
/// worked out once from the header, so that each of 100,000 rows only copies its cells.
struct EntryLayout: Sendable {
    typealias Cell = (index: Int, key: String)
    /// One numbered item of a list (`images.2.…`, `fields.1.…`) and its cells.
    typealias Item = (number: Int, cells: [Cell])

    let language: Language?
    let id: Int
    /// The entry's own keys, in column order; the texts every exhibit shows are kept when
    /// empty in the main language, so that `validate` can say so.
    var entry: [(cell: Cell, keepEmpty: Bool)] = []
    /// The texts of the exhibit's own image (`alt`, `caption` …).
    var ownImage: [Cell] = []
    var images: [Item] = []
    var fields: [Item] = []

    /// `columns` holds the column of `image_name`.
    init(_ columns: [(index: Int, column: ItemColumn)], language: Language?) {
        self.language = language
        id = columns.first { $0.column.field == .entry("image_name") }?.index ?? 0
        var items: [String: [Int: [Cell]]] = [:]
        for (index, column) in columns {
            // A translation takes its own columns and the names, which are the same in every language.
            guard column.language == language || (column.isIdentifier && column.language == nil) else { continue }
            switch column.field {
            case let .entry(key):
                entry.append(((index, key), language == nil && ["name", "short_desc", "desc"].contains(key)))
            case let .ownImage(key):
                ownImage.append((index, key))
            case let .item(list, number, key):
                items[list, default: [:]][number, default: []].append((index, key))
            }
        }
        images = (items["images"] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        fields = (items["fields"] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// One row as the entry; an empty cell is a value the row does not give (in a
    /// translation: one the main text stands in for).
    func entry(_ row: CSVTable.Row) -> (JSONValue, SheetPlaces.Entry) {
        let cells = row.cells
        func cell(_ index: Int) -> String { index < cells.count ? cells[index] : "" }
        func given(_ item: [Cell]) -> [(key: String, value: JSONValue)] {
            item.compactMap { index, key in
                let value = cell(index)
                return value.isEmpty ? nil : (key, .string(value))
            }
        }
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(entry.count + 2)
        for ((index, key), keepEmpty) in entry {
            let value = cell(index)
            guard !value.isEmpty || keepEmpty else { continue }
            // A stop typed as a number is one in the JSON that `convert` writes from the sheet.
            if key == "stop", case let .stop(stop)? = StopNumbers.read(.string(value)), String(stop) == value {
                members.append((key, .integer(stop)))
            } else if key == "x" || key == "y", let number = Self.coordinate(value) {
                // A position typed as a number is one too; any other text is left for the loader to warn about.
                members.append((key, number))
            } else {
                members.append((key, .string(value)))
            }
        }
        var place = SheetPlaces.Entry(row: row.number)
        var images: [JSONValue] = []
        let own = given(ownImage)
        if !own.isEmpty {
            images.append(.object([("name", .string(cell(id)))] + own))
            place.images.append(nil)
        }
        for (number, item) in self.images {
            let keys = given(item)
            // In a translation only texts make an entry: the image's name alone says nothing new.
            if keys.isEmpty || (language != nil && !keys.contains { $0.key != "name" }) { continue }
            images.append(.object(keys))
            place.images.append(number)
        }
        if !images.isEmpty { members.append(("images", .array(images))) }
        var fields: [JSONValue] = []
        for (number, item) in self.fields {
            let keys = given(item)
            if keys.isEmpty { continue }
            fields.append(.object(keys))
            place.fields.append(number)
        }
        if !fields.isEmpty { members.append(("fields", .array(fields))) }
        return (.object(members), place)
    }

    /// `42.5` as the JSON number a curator would have written, an integer when whole (`61`).
    static func coordinate(_ text: String) -> JSONValue? {
        if let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        return .number(number)
    }
}
