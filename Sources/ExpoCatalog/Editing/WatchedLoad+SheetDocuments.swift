import Foundation

/// The exposition, tours and floors of a folder that keeps them in spreadsheets
/// (`exposition.csv`, `tours.csv`, `floors.csv`), as the studio edits them: each file read
/// whole (they are small), its texts as the loader reads them, and a changed text written
/// into its own cell: a field's row of `exposition.csv` (a new row at the end for a field
/// it lacks), a tour's or floor's row and column (a new column at the header's end).
extension CatalogDocument {
    var sheetName: String {
        switch self {
        case .exposition: ExpositionSheet.fileName
        case .tours: ToursSheet.fileName
        case .floors: FloorsSheet.fileName
        }
    }

    var sheetKey: SheetRows.Key { self == .exposition ? .firstCell : .column("id") }

    /// The file's texts in `language` (nil: the main one) as the loader reads them.
    func value(of table: CSVTable, language: Language?) -> JSONValue {
        let found: JSONValue? = switch self {
        case .exposition: ExpositionSheet(table).objects[language]
        case .tours: ToursSheet(table).lists[language]
        case .floors: FloorsSheet(table).lists[language]
        }
        return found ?? empty.value
    }
}

extension WatchedLoad {
    /// Whether the document's texts in `language` are in its spreadsheet: the folder keeps
    /// it as one, and the language has no JSON file of its own beside it.
    func isSheetDocument(_ document: CatalogDocument, language: Language) -> Bool {
        locations.isEmpty && stamps[document.sheetName] != nil
            && stamps[document.fileName(language, primary: catalog.primary.language)] == nil
    }

    func sheetDocumentEntry(_ document: CatalogDocument, language: Language) -> CatalogEntry? {
        let name = document.sheetName
        guard let source = OpenedFile(folder.appendingPathComponent(name).path), source.stamp == stamps[name],
              let bytes = source.read(0..<Int(source.stamp.size)),
              case let .success(table) = CSVTable.read(bytes, file: name), table.legacyEncoding == nil else { return nil }
        let value = document.value(of: table, language: language == catalog.primary.language ? nil : language)
        return CatalogEntry(exhibit: document.rawValue, language: language, file: name, bytes: Array(JSONWriter.compact(value).utf8),
                            value: value, version: Self.version(of: bytes))
    }

    /// The spreadsheet `name` with the changes (any of its languages) set into its cells.
    func sheetDocumentPieces(_ document: CatalogDocument, _ changes: [EntryChange]) -> Result<(OpenedFile?, [AtomicFile.Piece]), EntryWriteError> {
        let name = document.sheetName
        let url = folder.appendingPathComponent(name)
        if let problem = Self.notPlainFile(url, name: name) { return .failure(problem) }
        let changedOnDisk = EntryWriteError.changedOnDisk(file: name, exhibit: document.rawValue)
        guard let source = OpenedFile(url.path), source.stamp == stamps[name], let bytes = source.read(0..<Int(source.stamp.size)),
              changes.allSatisfy({ $0.version == Self.version(of: bytes) }),
              case let .success(table) = CSVTable.read(bytes, file: name),
              let rows = SheetRows(size: bytes.count, key: document.sheetKey, read: { Array(bytes[$0]) }) else {
            return .failure(changedOnDisk)
        }
        let primary = catalog.primary.language
        // By row key, the column index and text of each changed cell; and new rows for exposition.csv.
        var cells: [String: [Int: String]] = [:]
        var newRows: [(key: String, text: String)] = []
        var columns = SheetRows.Columns(rows, headerBytes: Array(bytes[rows.header]))
        for change in changes {
            let language = change.language == primary ? nil : change.language
            let suffix = language.map { ".\($0.code)" } ?? ""
            guard let new = try? JSONParser.parse(change.bytes) else { return .failure(.unusable(file: name, reason: "a change is not JSON")) }
            let old = document.value(of: table, language: language)
            let fields: [EntryField]
            if let list = document.list {
                let ids = (EntryField.ids(in: old) + EntryField.ids(in: new)).uniquedInOrder()
                fields = ids.flatMap { id in EntryField.listKeys[list, default: []].map { EntryField.listed(list, id, $0) } }
            } else {
                fields = EntryField.expositionFields
            }
            for field in fields where language == nil || !field.isSameInEveryLanguage {
                let text = field.text(in: new)
                guard text != field.text(in: old) else { continue }
                let title = field.key + (field.isSameInEveryLanguage ? "" : suffix)
                if let item = field.item {
                    guard rows.rows[item] != nil else {
                        return .failure(.unusable(file: name, reason: "has no row for \(item)"))
                    }
                    cells[item, default: [:]][columns.index(of: title)] = text
                } else if rows.rows[title] != nil {
                    cells[title, default: [:]][1] = text
                } else {
                    newRows.append((title, text))
                }
            }
        }
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        for (key, texts) in cells {
            guard let range = rows.rows[key] else { continue }
            replacements.append((range, rows.splicing(Array(bytes[range]), texts)))
        }
        if !columns.added.isEmpty {
            let end = rows.header.upperBound
            replacements.append((end..<end, columns.added.flatMap { [rows.separator] + rows.cell($0) }))
        }
        if !newRows.isEmpty {
            // After the last byte, on lines of their own, in the file's line ends.
            let endsWithLine = bytes.last == SheetRows.lf || bytes.last == SheetRows.cr
            var text: [UInt8] = endsWithLine ? [] : rows.lineEnd
            for (key, value) in newRows { text += rows.cell(key) + [rows.separator] + rows.cell(value) + rows.lineEnd }
            replacements.append((bytes.count..<bytes.count, text))
        }
        guard let pieces = AtomicFile.pieces(replacing: replacements, size: bytes.count) else {
            return .failure(.unusable(file: name, reason: "two changes to one row"))
        }
        return .success((source, pieces))
    }
}

extension Array where Element: Hashable {
    func uniquedInOrder() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
