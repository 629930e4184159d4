/// Where a value of a spreadsheet's JSON came from: turns the loader's key paths
/// (`[3].images[1].alt`) into the row and column a curator sees (`:5 (images.2.alt.en)`).
enum SheetPlaces: Sendable {
    /// What one exhibit's entry was made of: its row, and for each image and field in the
    /// entry the number of its columns (nil: the exhibit's own image, in `alt`, `caption` …).
    struct Entry: Sendable {
        var row: Int
        var images: [Int?] = []
        var fields: [Int] = []
    }

    case items(language: Language?, entries: [Entry])
    /// The row of each field (`title.en`) in `exposition.csv`.
    case exposition(language: Language?, rows: [String: Int])
    /// The row of each tour in `tours.csv`.
    case tours(language: Language?, rows: [Int])
    /// A list with one row per entry and one column per key (`floors.csv`): `[2].name` is
    /// `:4 (name.en)`; the `untranslated` keys' columns carry no language.
    case rows(language: Language?, rows: [Int], untranslated: [String])

    func place(_ keyPath: String) -> String {
        switch self {
        case let .items(language, entries):
            return Self.itemPlace(keyPath, language: language, entries: entries)
        case let .exposition(language, rows):
            // A list's item (`browse[1]`) is in its field's one cell.
            let key = String(keyPath.drop { $0 == "." }.prefix { $0 != "[" })
            guard !key.isEmpty else { return keyPath }
            let header = language.map { "\(key).\($0.code)" } ?? key
            return rows[header].map { ":\($0) (\(header))" } ?? " (\(header))"
        case let .tours(language, rows):
            // `[2].stops[3]` is in the row's one stops cell.
            var path = Substring(keyPath)
            guard let index = Self.takeIndex(&path), let row = rows[safe: index] else { return keyPath }
            let key = String(path.drop { $0 == "." }.prefix { $0 != "[" })
            guard !key.isEmpty else { return ":\(row)" }
            let header = language.map { "\(key).\($0.code)" } ?? key
            return ":\(row) (\(["id", "stops", "duration"].contains(key) ? key : header))"
        case let .rows(language, rows, untranslated):
            var path = Substring(keyPath)
            guard let index = Self.takeIndex(&path), let row = rows[safe: index] else { return keyPath }
            let key = String(path.drop { $0 == "." })
            guard !key.isEmpty else { return ":\(row)" }
            let header = untranslated.contains(key) ? key : language.map { "\(key).\($0.code)" } ?? key
            return ":\(row) (\(header))"
        }
    }

    private static func itemPlace(_ keyPath: String, language: Language?, entries: [Entry]) -> String {
        var path = Substring(keyPath)
        guard let index = takeIndex(&path), let entry = entries[safe: index] else { return keyPath }
        let suffix = language.map { ".\($0.code)" } ?? ""
        if path.hasPrefix(".") { path = path.dropFirst() }
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return ":\(entry.row)" }
        let key = parts.count > 1 ? parts[1] : nil
        var listPart = Substring(first)
        let list = String(listPart.prefix { $0 != "[" })
        listPart = listPart.dropFirst(list.count)
        let column: String?
        if let item = takeIndex(&listPart) {
            switch list {
            case "images":
                switch entry.images[safe: item] {
                case .some(nil): column = key.map { $0 == "name" ? "image_name" : $0 + suffix }
                case let .some(number?): column = "images.\(number)" + (key.map { $0 == "name" ? ".name" : ".\($0)\(suffix)" } ?? "")
                case nil: column = list
                }
            case "fields":
                column = entry.fields[safe: item].map { "fields.\($0)" + (key.map { ".\($0)\(suffix)" } ?? "") } ?? list
            default:
                column = list
            }
        } else {
            column = ["images", "fields", "image_name"].contains(list) ? list : list + suffix
        }
        return ":\(entry.row)" + (column.map { " (\($0))" } ?? "")
    }

    /// Reads `[12]` off the front of `path`.
    private static func takeIndex(_ path: inout Substring) -> Int? {
        guard path.hasPrefix("["), let end = path.firstIndex(of: "]"),
              let index = Int(path[path.index(after: path.startIndex)..<end]) else { return nil }
        path = path[path.index(after: end)...]
        return index
    }
}
