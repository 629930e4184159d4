import Foundation

/// `items.csv` sent to the catalog the studio edits, read a few hundred rows at a time and
/// compared with the catalog's own entries row by row: which rows it adds, changes and
/// removes, what reading those rows finds, and the catalog as it would be, made from the
/// catalog served now with only those rows decoded. Building a second whole catalog for
/// this held 1.39 GB at its peak for Tate's 69,202 records; here the sheet's bytes, an id
/// per row and the changed rows are held.
struct SheetRowImport {
    static let fileName = ItemsSheet.fileName
    /// Rows read into one table at a time.
    static let batchSize = 512

    var changes: [SheetImport.Change] = []
    var diagnostics: [Diagnostic] = []
    /// Each exhibit's id, in the sheet's order (an id given twice, once).
    var order: [String] = []
    /// The ids whose rows differ from the catalog's entries, or that it lacks.
    var rewritten: Set<String> = []
    /// The ids whose stop number the sheet or the catalog gives; any other exhibit's stop is
    /// its place in the list, which rows added or removed before it move.
    var givenStops: Set<String> = []
    /// The catalog as it would be; nil when the sheet cannot be read.
    var catalog: Catalog?
    /// The languages the sheet has columns for besides the main one.
    var languages: [Language] = []

    /// Reads `bytes` (UTF-8) against `load`'s catalog.
    init(_ bytes: [UInt8], load: WatchedLoad) {
        var decoded: [String: [Language: Exhibit]] = [:]
        var rowOfID: [String: Int] = [:]
        var seen: Set<String> = []
        let primary = load.catalog.primary.language
        let translations = load.catalog.translations.map(\.language)
        let floors = PositionDecoder.KnownFloors(ids: Set(load.catalog.primary.floors.map(\.id)), file: Self.fileName)
        let note = ExhibitDecoder.fallbackNote(primary)
        var sheetLanguages: Set<Language> = []
        let read = Self.eachBatch(bytes) { table in
            let sheet = ItemsSheet(table)
            for diagnostic in sheet.diagnostics where seen.insert(diagnostic.line).inserted { diagnostics.append(diagnostic) }
            guard case let .array(entries)? = sheet.lists[nil] else { return }
            let given = sheet.lists.keys.compactMap { $0 }
            sheetLanguages.formUnion(given)
            for (index, row) in table.rows.enumerated() where index < entries.count {
                let entry = entries[index]
                guard case let .string(id)? = entry["image_name"] else { continue }
                if let first = rowOfID[id] {
                    diagnostics.append(Diagnostic(.error, file: Self.fileName, place: ":\(row.number) (image_name)",
                                                  "\"\(id)\" is already the id of row \(first); ids must be unique"))
                    continue
                }
                rowOfID[id] = row.number
                order.append(id)
                let sent = given.map { language in (language, Self.entry(sheet.lists[language], index, id: id)) }
                let now = load.entry(exhibit: id, language: primary)
                if let now, case .stop? = StopNumbers.read(now.value["stop"]) { givenStops.insert(id) }
                let before = now.map { current in
                    SheetWriter.items(primary: .array([current.value]), translations: translations.map { language in
                        (language, .array([load.entry(exhibit: id, language: language)?.value ?? .object([("image_name", .string(id))])]))
                    })
                } ?? []
                let after = SheetWriter.items(primary: .array([entry]), translations: sent.map { ($0.0, .array([$0.1])) })
                let found = SheetImport.changes(Self.fileName, from: before, to: after)
                guard !found.isEmpty else { continue }
                changes += found
                rewritten.insert(id)
                // Decoded as the loader decodes it, its messages at the sheet's row and column.
                var reader = FieldReader(file: Self.fileName)
                guard var exhibit = reader.entry(index, { ExhibitDecoder.decodeEntry(entry, index: index, floors: floors, reader: &$0) }) else {
                    diagnostics += Self.located(reader, sheet.places[nil])
                    continue
                }
                // Read at its place in the batch, for the messages' rows; its stop is its place in the sheet.
                if case .stop? = StopNumbers.read(entry["stop"]) { givenStops.insert(id) } else { exhibit.stop = order.count }
                var editions = [primary: exhibit]
                diagnostics += Self.located(reader, sheet.places[nil])
                for language in translations {
                    var translated = FieldReader(file: Self.fileName)
                    let text = sent.first { $0.0 == language }?.1 ?? .object([("image_name", .string(id))])
                    editions[language] = ExhibitDecoder.translateEntry(text, index: index, from: exhibit, note: note, reader: &translated)
                    if sheet.lists[language] != nil { diagnostics += Self.located(translated, sheet.places[language]) }
                }
                decoded[id] = editions
            }
        }
        languages = sheetLanguages.sorted()
        guard read else {
            diagnostics.insert(Diagnostic(.error, file: Self.fileName, "cannot be read as a spreadsheet"), at: 0)
            return
        }
        guard !order.isEmpty || !diagnostics.contains(where: { $0.severity == .error }) else { return }
        for exhibit in load.catalog.primary.exhibits where rowOfID[exhibit.id] == nil {
            changes.append(SheetImport.Change(sheet: Self.fileName, key: exhibit.id, kind: .removed, columns: []))
        }
        for language in sheetLanguages.subtracting([primary] + translations).sorted() {
            diagnostics.append(Diagnostic(.note, file: Self.fileName,
                "its \(language.englishName) columns make a new language of the guide; the preview shows the languages it has now, and \(language.englishName) once the sheet is taken"))
        }
        if diagnostics.contains(where: { $0.severity == .error }) { return }
        catalog = made(from: load, decoded: decoded, rowOfID: rowOfID, bytes: bytes)
    }

    /// The entry at `index` of a language's list, or one naming only the id when the sheet
    /// gives the language no cell in that row.
    static func entry(_ list: JSONValue?, _ index: Int, id: String) -> JSONValue {
        guard case let .array(entries)? = list, entries.indices.contains(index) else { return .object([("image_name", .string(id))]) }
        return entries[index]
    }

    /// A reader's messages at the sheet's places (`:5 (name.en)`).
    private static func located(_ reader: FieldReader, _ places: SheetPlaces?) -> [Diagnostic] {
        (reader.diagnostics + reader.publishingNotes).map { diagnostic in
            var located = diagnostic
            located.place = places?.place(diagnostic.place) ?? diagnostic.place
            return located
        }
    }

    /// Calls `each` with the sheet's rows as tables of `batchSize` rows, each row numbered as
    /// a spreadsheet program numbers it (the header is 1). False when the bytes cannot be split.
    static func eachBatch(_ bytes: [UInt8], _ each: (CSVTable) -> Void) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var header: [UInt8]?
        var number = 0
        var batch: [UInt8] = []
        var batchFirst = 0
        var batchCount = 0
        var failed = false
        func flush() {
            guard let header, batchCount > 0 else { return }
            defer { batch.removeAll(keepingCapacity: true); batchCount = 0 }
            guard case var .success(table) = CSVTable.read(header + [CSVRecords.lf] + batch, file: fileName) else {
                failed = true
                return
            }
            for index in table.rows.indices { table.rows[index].number += batchFirst - 2 }
            each(table)
        }
        let split = CSVRecords.scan(size: bytes.count, from: start, read: { Array(bytes[$0]) }) { _, record, _ in
            number += 1
            guard header != nil else {
                if !record.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { header = record }
                return true
            }
            if batchCount == 0 { batchFirst = number }
            batch += record
            batch.append(CSVRecords.lf)
            batchCount += 1
            if batchCount == batchSize { flush() }
            return !failed
        }
        flush()
        return split && !failed && header != nil
    }
}
