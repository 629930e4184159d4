import Foundation

/// Spreadsheets sent to take the place of a catalog folder's texts (`items.csv`,
/// `exposition.csv`, `tours.csv`, `floors.csv`), read as the folder would read them and
/// compared with what it holds now, before anything is written: which rows they add,
/// change and remove, and what loading the catalog with them finds.
public struct SheetImport: Sendable {
    public enum Kind: String, Sendable {
        case added, changed, removed
    }

    /// One row of a spreadsheet that differs: an exhibit (by its `image_name`), a tour or
    /// floor (by its `id`), an exposition's field.
    public struct Change: Sendable, Equatable {
        public let sheet: String
        public let key: String
        public let kind: Kind
        /// The columns whose cells differ, for a changed row.
        public let columns: [String]
    }

    public let sheets: [String: [UInt8]]
    public let changes: [Change]
    /// What loading the catalog with the spreadsheets found, errors first.
    public let diagnostics: [Diagnostic]
    /// The catalog with the spreadsheets, for a preview; nil when an error stops it loading.
    public let catalog: Catalog?
    /// The folder's files publishing writes (new bytes) or removes (nil): a folder of JSON
    /// files gets JSON files, one per language; a folder of spreadsheets gets the spreadsheets,
    /// in UTF-8. For an exhibits' sheet read row by row, only the other sheets' files: the
    /// exhibits' are made when it is taken.
    let writes: [String: [UInt8]?]
    /// The exhibits' sheet read row by row against the catalog the studio serves (see
    /// `SheetRowImport`); nil when the spreadsheets were read with the whole folder.
    let rows: (read: SheetRowImport, bytes: [UInt8], load: WatchedLoad)?
    /// The folder's data files when the import was read, to see whether they changed since.
    private let basis: [String: FileStamp]

    /// The spreadsheets' names in a catalog folder.
    public static let sheetNames = Spreadsheets.fileNames

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The spreadsheet a sent file stands for: a file named as one of the four is that one;
    /// any other `.csv`, `.tsv` or `.txt` is the exhibits' (`items.csv`). Nil for anything else.
    public static func sheetName(forSent name: String) -> String? {
        let lower = (name as NSString).lastPathComponent.lowercased()
        if Spreadsheets.fileNames.contains(lower) { return lower }
        return ["csv", "tsv", "txt"].contains((lower as NSString).pathExtension) ? ItemsSheet.fileName : nil
    }

    /// Spreadsheets sent to the catalog `load` serves. An exhibits' sheet sent to a catalog
    /// the studio edits entry by entry is compared row by row, and only its changed rows are
    /// read into the catalog served now; the exposition's and tours' sheets sent with it are
    /// read with the folder's other files, around those exhibits. Any other import is read
    /// with the whole folder, as a load reads it: one with the floors' sheet too, since each
    /// exhibit's place on a plan is read against the floors.
    public init(load: WatchedLoad, sheets: [String: [UInt8]]) {
        if load.isEditable, let sent = sheets[ItemsSheet.fileName], sheets[FloorsSheet.fileName] == nil {
            self.init(rowsOf: load, sent: sent, sheets: sheets)
        } else {
            self.init(folder: load.folderURL, sheets: sheets)
        }
    }

    private init(rowsOf load: WatchedLoad, sent: [UInt8], sheets: [String: [UInt8]]) {
        self.sheets = sheets
        basis = Self.dataStamps(load.folderURL)
        let (bytes, read) = Self.utf8(sent, name: ItemsSheet.fileName)
        guard let bytes else {
            rows = nil
            writes = [:]
            changes = []
            catalog = nil
            diagnostics = read
            return
        }
        let found = SheetRowImport(bytes, load: load)
        rows = (found, bytes, load)
        let others = sheets.filter { $0.key != ItemsSheet.fileName }
        guard !others.isEmpty else {
            writes = [:]
            changes = found.changes
            catalog = found.catalog
            diagnostics = Self.errorsFirst(read + found.diagnostics)
            return
        }
        // The other sheets around the exhibits the rows made: the tours are read again from
        // the folder or their sheet, so the rows' own notes on tours are left to that reading.
        let compared = Self.compared(load.folderURL, others, leavingOut: .items)
        writes = compared.writes
        changes = found.changes + compared.changes
        var all = read + found.diagnostics.filter { $0.file != DataFile.tours.fileName(nil) }
        if let made = found.catalog {
            let loaded = Self.loaded(load.folderURL, others, options: .init(), known: made)
            catalog = loaded.catalog.map { catalog in
                var catalog = catalog
                let text = made.fingerprint + "\n" + catalog.fingerprint
                catalog.fingerprint = EntryVersion.of(Array(text.utf8).withUnsafeBytes { JSONElementScan.digest($0) })
                return catalog
            }
            all += loaded.diagnostics
        } else {
            catalog = nil
        }
        diagnostics = Self.errorsFirst(all)
    }

    /// The folder's files taking the import writes or removes.
    public var fileNames: [String] {
        guard let rows else { return writes.keys.sorted() }
        return Set(rows.read.fileNames(rows.load) + writes.keys).sorted()
    }

    public init(folder url: URL, sheets: [String: [UInt8]], options: CatalogLoader.Options = .init()) {
        self.sheets = sheets
        rows = nil
        basis = Self.dataStamps(url)
        let loaded = Self.loaded(url, sheets, options: options, known: nil)
        catalog = loaded.catalog
        diagnostics = Self.errorsFirst(loaded.diagnostics)
        (changes, writes) = Self.compared(url, sheets)
    }

    private static func errorsFirst(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
    }

    /// The catalog loaded with the spreadsheets, or nil and why not. `known`: its exhibits,
    /// read already (the folder's items files are then left unread).
    private static func loaded(_ url: URL, _ sheets: [String: [UInt8]], options: CatalogLoader.Options,
                               known: Catalog?) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        do throws(CatalogError) {
            var record = CatalogLoader.EntryRecord()
            let loaded = try CatalogLoader.load(at: url, options: options, record: &record, sheets: sheets, known: known)
            return (loaded, loaded.diagnostics)
        } catch {
            return (nil, error.diagnostics.isEmpty ? [Diagnostic(.error, file: url.lastPathComponent, error.description)] : error.diagnostics)
        }
    }

    /// What each spreadsheet changes in the folder's data, row by row, and the files taking
    /// them writes (new bytes) or removes (nil). `leavingOut`: a kind neither sent nor compared,
    /// whose files are not read.
    private static func compared(_ url: URL, _ sheets: [String: [UInt8]],
                                 leavingOut: DataFile? = nil) -> (changes: [Change], writes: [String: [UInt8]?]) {
        let before = CatalogFolder(url: url, leavingOut: leavingOut)
        let after = CatalogFolder(url: url, sheets: sheets, leavingOut: leavingOut)
        var changes: [Change] = []
        var writes: [String: [UInt8]?] = [:]
        let keepsJSON = FileManager.default.fileExists(atPath: url.appendingPathComponent(DataFile.items.fileName(nil)).path)
        for reader in Spreadsheets.readers {
            guard let bytes = sheets[reader.fileName], case .success? = after.spreadsheets.files[reader.kind.fileName(nil)] else { continue }
            changes += Self.changes(reader.fileName, from: Self.rows(reader.kind, before), to: Self.rows(reader.kind, after))
            let ownFiles = before.fileNames.filter { DataFile.parse($0)?.file == reader.kind }
            if keepsJSON {
                for (name, result) in after.spreadsheets.files where DataFile.parse(name)?.file == reader.kind {
                    if case let .success(value) = result { writes[name] = Array(JSONWriter.text(value).utf8) }
                }
                for name in ownFiles where writes[name] == nil { writes[name] = .some(nil) }
            } else {
                writes[reader.fileName] = Self.utf8(bytes, name: reader.fileName).bytes ?? bytes
                for name in ownFiles { writes[name] = .some(nil) }
            }
        }
        return (changes, writes)
    }

    /// Whether the folder's data files are still those the import was read against.
    public func isCurrent(in folder: URL) -> Bool { Self.dataStamps(folder) == basis }

    /// Writes and removes `writes` in the folder: each new file whole under a hidden name,
    /// then renamed over the old, so a reader never sees half of one. Returns why not, or nil.
    public func write(into folder: URL) -> String? {
        guard isCurrent(in: folder) else { return "the catalog's files changed since the spreadsheet was read; send it again to see what it changes now" }
        if let rows, let problem = rows.read.write(rows.bytes, load: rows.load) { return problem }
        for (name, bytes) in writes.sorted(by: { $0.key < $1.key }) {
            guard let bytes else { continue }
            let target = folder.appendingPathComponent(name)
            let temporary = folder.appendingPathComponent(".\(name).import")
            do {
                try Data(bytes).write(to: temporary)
                guard rename(temporary.path, target.path) == 0 else {
                    try? FileManager.default.removeItem(at: temporary)
                    return "\(name) could not be replaced: \(String(cString: strerror(errno)))"
                }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                return "\(name) could not be written: \(error.localizedDescription)"
            }
        }
        for (name, bytes) in writes where bytes == nil {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        return nil
    }

    private static func dataStamps(_ folder: URL) -> [String: FileStamp] {
        FileStamp.folder(folder).filter { DataFile.parse($0.key) != nil || Spreadsheets.fileNames.contains($0.key) }
    }

    /// A kind's data as the rows its spreadsheet would have, header first, the same layout
    /// whatever the file it came from: so that two are compared cell by cell.
    private static func rows(_ kind: DataFile, _ folder: CatalogFolder) -> [[String]] {
        guard case let .success(primary) = folder.readJSON(dataFile: kind.fileName(nil)) else { return [] }
        let translations: [(Language, JSONValue)] = folder.dataFileNames.compactMap { name in
            guard let (file, language) = DataFile.parse(name), file == kind, let language,
                  case let .success(value) = folder.readJSON(dataFile: name) else { return nil }
            return (language, value)
        }.sorted { $0.0 < $1.0 }
        return switch kind {
        case .items: SheetWriter.items(primary: primary, translations: translations)
        case .exposition: SheetWriter.exposition(primary: primary, translations: translations)
        case .tours: SheetWriter.tours(primary: primary, translations: translations)
        case .floors: SheetWriter.floors(primary: primary, translations: translations)
        default: []
        }
    }

    /// The rows added, changed and removed, each row known by its first cell; a cell that
    /// differs only in the spaces at its ends is not a change.
    static func changes(_ sheet: String, from old: [[String]], to new: [[String]]) -> [Change] {
        func keyed(_ rows: [[String]]) -> (order: [String], cells: [String: [String: String]]) {
            guard let header = rows.first else { return ([], [:]) }
            var order: [String] = []
            var cells: [String: [String: String]] = [:]
            for row in rows.dropFirst() {
                guard let key = row.first, cells[key] == nil else { continue }
                order.append(key)
                // Spaces at a cell's ends are not shown to visitors, and a spreadsheet's cells lose them when read.
                cells[key] = Dictionary(zip(header, row.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }).filter { !$0.1.isEmpty }) { first, _ in first }
            }
            return (order, cells)
        }
        let (oldOrder, oldCells) = keyed(old)
        let (newOrder, newCells) = keyed(new)
        var changes: [Change] = []
        for key in newOrder {
            guard let was = oldCells[key] else {
                changes.append(Change(sheet: sheet, key: key, kind: .added, columns: []))
                continue
            }
            let now = newCells[key] ?? [:]
            let columns = Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }
            if !columns.isEmpty {
                let header = (new.first ?? []) + (old.first ?? [])
                let ordered = columns.sorted { (header.firstIndex(of: $0) ?? 0, $0) < (header.firstIndex(of: $1) ?? 0, $1) }
                changes.append(Change(sheet: sheet, key: key, kind: .changed, columns: ordered))
            }
        }
        for key in oldOrder where newCells[key] == nil {
            changes.append(Change(sheet: sheet, key: key, kind: .removed, columns: []))
        }
        return changes
    }

    /// The spreadsheet's bytes in UTF-8: as sent when they are, else its cells written again
    /// (from Excel's code pages or UTF-16), so that the studio can edit it after; nil when
    /// they are no text it reads. With what reading them found: the code page it took.
    private static func utf8(_ bytes: [UInt8], name: String) -> (bytes: [UInt8]?, diagnostics: [Diagnostic]) {
        if !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]), LegacyEncoding.isUTF8(bytes) { return (bytes, []) }
        switch CSVTable.read(bytes, file: name) {
        case let .success(table):
            let note = table.legacyEncoding.map { Spreadsheets.legacyNote(name, $0) }
            return (CSVWriter.bytes([table.header] + table.rows.map(\.cells)), note.map { [$0] } ?? [])
        case let .failure(problem):
            return (nil, [problem])
        }
    }
}
