import Foundation
import Synchronization

/// Where `items.csv`'s rows lie, worked out once, when the studio first asks, for the file
/// as it was loaded: a catalog served without the studio never pays for it.
public final class SheetCache: Sendable {
    static let fileName = "items.csv"
    private let found = Mutex<SheetRows?>(nil)

    /// Whether the sheet's first 64 KB are UTF-8: a sheet in a legacy code page (CP949 …)
    /// is read, but not edited, since a UTF-8 cell would spoil it. Each row is checked again
    /// when the rows are found.
    static func isUTF8(_ url: URL) -> Bool {
        guard let source = OpenedFile(url.path), let bytes = source.read(0..<min(Int(source.stamp.size), 64 << 10)) else { return false }
        if String(validating: bytes, as: UTF8.self) != nil { return true }
        // The cut may fall inside a character: up to three bytes of one are left off.
        return bytes.count == 64 << 10 && (1...3).contains { String(validating: bytes.dropLast($0), as: UTF8.self) != nil }
    }

    func rows(of load: WatchedLoad) -> SheetRows? {
        if let rows = found.withLock({ $0 }) { return rows }
        let url = load.folderURL.appendingPathComponent(Self.fileName)
        guard let source = OpenedFile(url.path), source.stamp == load.stamps[Self.fileName],
              let rows = SheetRows(size: Int(source.stamp.size), read: source.read) else { return nil }
        found.withLock { $0 = rows }
        return rows
    }
}

/// A catalog whose exhibits are `items.csv`'s rows, as the studio edits it: each exhibit's
/// row read as the loader reads it, in each language whose texts are its columns, and a
/// changed text written into its own cell (a column it lacks is added at the header's end
/// and the row's), every other byte of the file kept.
extension WatchedLoad {
    /// The exhibit's texts in `language` as its row holds them now; nil when the row cannot
    /// be read, or the language's texts are a JSON file of their own beside the spreadsheet.
    func sheetEntry(exhibit id: String, language: Language) -> CatalogEntry? {
        guard let sheet, let rows = sheet.rows(of: self), let range = rows.rows[id], primaryIndex[id] != nil else { return nil }
        let primary = catalog.primary.language
        // A translation in a JSON file of its own that could not be read entry by entry is not edited.
        guard language == primary || stamps[DataFile.items.fileName(language)] == nil else { return nil }
        guard let source = OpenedFile(folder.appendingPathComponent(SheetCache.fileName).path), source.stamp == stamps[SheetCache.fileName],
              let header = source.read(rows.header), let row = source.read(range),
              let value = Self.sheetValue(id, header: header, row: row, language: language == primary ? nil : language) else { return nil }
        return CatalogEntry(exhibit: id, language: language, file: SheetCache.fileName, bytes: Array(JSONWriter.compact(value).utf8),
                            value: value, version: Self.version(of: header + [0] + row))
    }

    /// One row as `language`'s entry, read by the loader's own `ItemsSheet`.
    private static func sheetValue(_ id: String, header: [UInt8], row: [UInt8], language: Language?) -> JSONValue? {
        guard case let .success(table) = CSVTable.read(header + [SheetRows.lf] + row, file: SheetCache.fileName),
              table.rows.count == 1 else { return nil }
        guard let list = ItemsSheet(table).lists[language] else {
            // The spreadsheet has no column in this language yet.
            return language == nil ? nil : .object([("image_name", .string(id))])
        }
        guard case let .array(entries) = list, entries.count == 1 else { return nil }
        return entries[0]
    }

    /// `items.csv` as the pieces of its new content, each change set into its cells.
    func sheetPieces(_ changes: [EntryChange]) -> Result<(OpenedFile, [AtomicFile.Piece]), EntryWriteError> {
        let name = SheetCache.fileName
        let url = folder.appendingPathComponent(name)
        if let problem = Self.notPlainFile(url, name: name) { return .failure(problem) }
        let changedOnDisk = EntryWriteError.changedOnDisk(file: name, exhibit: changes.first?.exhibit ?? "")
        guard let sheet, let rows = sheet.rows(of: self), let source = OpenedFile(url.path), source.stamp == stamps[name],
              let header = source.read(rows.header) else { return .failure(changedOnDisk) }
        var columns = SheetRows.Columns(rows, headerBytes: header)
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        for (id, group) in Dictionary(grouping: changes, by: \.exhibit).sorted(by: { $0.key < $1.key }) {
            guard let range = rows.rows[id], let row = source.read(range),
                  group.allSatisfy({ $0.version == Self.version(of: header + [0] + row) }) else {
                return .failure(.changedOnDisk(file: name, exhibit: id))
            }
            guard case let .success(table) = CSVTable.read(header + [SheetRows.lf] + row, file: name), let cells = table.rows.first?.cells else {
                return .failure(.unusable(file: name, reason: "the row of \(id) cannot be read"))
            }
            var set: [Int: String] = [:]
            for change in group {
                let language = change.language == catalog.primary.language ? nil : change.language
                guard let old = Self.sheetValue(id, header: header, row: row, language: language),
                      let new = try? JSONParser.parse(change.bytes) else {
                    return .failure(.unusable(file: name, reason: "the row of \(id) cannot be read"))
                }
                let layout = SheetColumns(header: table.header, cells: cells, id: id, language: language)
                let images = Set(EntryField.imageNames(in: old) + EntryField.imageNames(in: new))
                let fields = EntryField.fields(images: images.sorted(), facts: max(EntryField.factCount(in: old), EntryField.factCount(in: new)),
                                               narrated: true)
                for field in fields where language == nil || !field.isSameInEveryLanguage {
                    let text = field.text(in: new)
                    guard text != field.text(in: old) else { continue }
                    guard let title = layout.column(for: field) else {
                        return .failure(.unusable(file: name, reason: "the row of \(id) has no column for \(field.name) (an image not listed in its images columns)"))
                    }
                    set[columns.index(of: title)] = text
                }
            }
            let newRow = rows.splicing(row, set)
            replacements.append((range, newRow))
        }
        if !columns.added.isEmpty {
            let end = rows.header.upperBound
            replacements.append((end..<end, columns.added.flatMap { [rows.separator] + rows.cell($0) }))
        }
        guard let pieces = AtomicFile.pieces(replacing: replacements, size: Int(source.stamp.size)) else {
            return .failure(.unusable(file: name, reason: "two changes to one row"))
        }
        return .success((source, pieces))
    }
}

/// Which column of a row holds a field's text in one language: `desc.en`, `alt` for the
/// exhibit's own image, `images.2.caption.en` for the image that row names `images.2.name`,
/// `fields.1.value` for the first free fact the row gives.
struct SheetColumns {
    let header: [String]
    let cells: [String]
    let id: String
    let language: Language?

    private var suffix: String { language.map { ".\($0.code)" } ?? "" }

    private func cell(_ title: String) -> String {
        header.firstIndex(of: title).flatMap { $0 < cells.count ? cells[$0] : nil } ?? ""
    }

    /// The numbers of a list's items (`images`, `fields`) the header has, in order.
    private func numbers(_ list: String) -> [Int] {
        Set(header.compactMap { title -> Int? in
            let parts = title.split(separator: ".")
            return parts.count >= 3 && parts[0] == list ? Int(parts[1]) : nil
        }).sorted()
    }

    func column(for field: EntryField) -> String? {
        if let image = field.image {
            if image == id { return field.key + suffix }
            guard let number = numbers("images").first(where: { cell("images.\($0).name") == image }) else { return nil }
            return "images.\(number).\(field.key)\(suffix)"
        }
        if let fact = field.fact {
            // The entry lists only the facts this row gives in this language, in their columns' order.
            let given = numbers("fields").filter { number in
                ["label", "value"].contains { !cell("fields.\(number).\($0)\(suffix)").isEmpty }
            }
            let number = fact <= given.count ? given[fact - 1] : (numbers("fields").last ?? 0) + fact - given.count
            return "fields.\(number).\(field.key)\(suffix)"
        }
        return field == .stop ? "stop" : field.key + suffix
    }
}
