/// Where `items.csv`'s rows and cells lie in its bytes, for the studio: a changed text is
/// written into its own cell, and every other byte of the file stays as it was. Rows and
/// cells are split as `CSVParser` splits them (quotes hold separators and line breaks);
/// the texts are read by `CSVParser` itself, so the studio reads a cell as a load does.
struct SheetRows: Sendable {
    static let quote = CSVRecords.quote
    static let cr = CSVRecords.cr
    static let lf = CSVRecords.lf

    let separator: UInt8
    /// Where the header row lies (past a byte order mark), and its cells' texts.
    let header: Range<Int>
    let columns: [String]
    /// Each row, by the text of its key cell (the first row of a key): an exhibit's by the
    /// id in its `image_name` cell, a tour's by its `id`, an exposition field's by its name.
    let rows: [String: Range<Int>]
    /// The bytes a new row ends with: the header's line end.
    let lineEnd: [UInt8]

    /// Which cell names a row.
    enum Key: Sendable {
        /// The cell under this header.
        case column(String)
        /// The first cell; every row, the first one too, is keyed (`exposition.csv` has no
        /// header of its own).
        case firstCell
    }
    let byteCount: Int

    /// Nil for a file that is not UTF-8 (a UTF-16 spreadsheet is read, not written), or has
    /// no `image_name` column. The file is read `chunk` bytes at a time through `read`
    /// (the bytes at a range, all of them, or nil): a sheet of 100,000 exhibits is 400 MB,
    /// and only each row in turn is held.
    init?(size: Int, chunk: Int = 4 << 20, key: Key = .column("image_name"), read: (Range<Int>) -> [UInt8]?) {
        guard let first = read(0..<min(size, 4)) else { return nil }
        guard !(first.count >= 2 && (first[0] == 0xFF && first[1] == 0xFE || first[0] == 0xFE && first[1] == 0xFF)) else { return nil }
        let start = first.count >= 3 && first[0] == 0xEF && first[1] == 0xBB && first[2] == 0xBF ? 3 : 0
        byteCount = size
        var header: Range<Int>?
        var columns: [String] = []
        var separator = UInt8(ascii: ",")
        var idColumn = 0
        var rows: [String: Range<Int>] = [:]
        var lineEnd: [UInt8]?
        let finished = CSVRecords.scan(size: size, from: start, chunk: chunk, read: read) { range, row, end in
            guard !Self.isBlank(row) else { return true }
            // A sheet in a legacy code page (CP949 …) is read, not written: a UTF-8 cell would spoil it.
            guard String(validating: row, as: UTF8.self) != nil else { return false }
            if header == nil {
                header = range
                lineEnd = end.isEmpty ? nil : end
                separator = row.withUnsafeBufferPointer { CSVParser.separator($0) }
                columns = row.withUnsafeBufferPointer { Self.texts($0) }.map(FormulaGuard.unguarded)
                if case let .column(name) = key {
                    guard let found = columns.firstIndex(of: name) else { return false }
                    idColumn = found
                    return true
                }
            }
            row.withUnsafeBufferPointer { buffer in
                let cells = Self.cells(buffer, 0..<buffer.count, separator: separator)
                guard cells.indices.contains(idColumn) else { return }
                let id = FormulaGuard.unguarded(Self.texts(UnsafeBufferPointer(rebasing: buffer[cells[idColumn]]), separator: separator).first ?? "")
                if rows[id] == nil { rows[id] = range }
            }
            return true
        }
        guard finished else { return nil }
        guard let header else { return nil }
        self.header = header
        self.lineEnd = lineEnd ?? [Self.lf]
        self.separator = separator
        self.columns = columns
        self.rows = rows
    }

    /// Each cell's bytes in a row, its quotes and the spaces around it included.
    static func cells(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>, separator: UInt8) -> [Range<Int>] {
        var cells: [Range<Int>] = []
        var start = row.lowerBound
        var quoted = false
        for index in row {
            let byte = bytes[index]
            if byte == quote {
                quoted.toggle()
            } else if !quoted, byte == separator {
                cells.append(start..<index)
                start = index + 1
            }
        }
        cells.append(start..<row.upperBound)
        return cells
    }

    /// The texts of one row's bytes, as `CSVParser` reads them (the separator given, as the
    /// header said it, or found in the bytes).
    static func texts(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8? = nil) -> [String] {
        var text = Array(bytes)
        // A separator after the cells makes CSVParser find the file's, and reads as one more, empty cell.
        if let separator { text.append(separator) }
        let rows = text.withUnsafeBufferPointer { buffer in
            (try? CSVParser.rows(utf8: buffer)?.get()) ?? []
        }
        var cells = rows.first ?? []
        if separator != nil, !cells.isEmpty { cells.removeLast() }
        return cells
    }

    private static func isBlank(_ row: [UInt8]) -> Bool {
        row.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }
    }

    /// A text as its cell is written in this file: guarded from being run as a formula,
    /// and quoted when it holds the separator, a quote, a line break or spaces at an end.
    func cell(_ text: String) -> [UInt8] {
        let guarded = FormulaGuard.guarded(text)
        let scalars = guarded.unicodeScalars
        let needsQuotes = scalars.contains { $0.value == UInt32(separator) || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || scalars.first.map(CSVParser.isPadding) == true || scalars.last.map(CSVParser.isPadding) == true
        guard needsQuotes else { return Array(guarded.utf8) }
        var bytes: [UInt8] = [Self.quote]
        for byte in guarded.utf8 {
            bytes.append(byte)
            if byte == Self.quote { bytes.append(byte) }
        }
        bytes.append(Self.quote)
        return bytes
    }

    /// `row` (a row's bytes) with the cells at the given columns set to their texts, every
    /// other byte kept; a column past the row's last cell is reached with empty cells.
    func splicing(_ row: [UInt8], _ texts: [Int: String]) -> [UInt8] {
        let cells = row.withUnsafeBufferPointer { Self.cells($0, 0..<row.count, separator: separator) }
        var pieces: [(range: Range<Int>, bytes: [UInt8])] = []
        var tail: [UInt8] = []
        var count = cells.count
        for index in texts.keys.sorted() {
            let cell = cell(texts[index] ?? "")
            if index < cells.count {
                pieces.append((cells[index], cell))
            } else {
                tail += Array(repeating: separator, count: index - count + 1) + cell
                count = index + 1
            }
        }
        if !tail.isEmpty { pieces.append((row.count..<row.count, tail)) }
        var spliced: [UInt8] = []
        var position = 0
        for (range, bytes) in pieces.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            spliced += row[position..<range.lowerBound] + bytes
            position = range.upperBound
        }
        return spliced + row[position...]
    }

    /// The index each column title has, the header's own or one `added` after its end.
    struct Columns {
        let header: [String]
        let cellCount: Int
        private(set) var added: [String] = []

        init(_ rows: SheetRows, headerBytes: [UInt8]) {
            header = rows.columns
            cellCount = headerBytes.withUnsafeBufferPointer { SheetRows.cells($0, 0..<headerBytes.count, separator: rows.separator) }.count
        }

        mutating func index(of title: String) -> Int {
            if let index = header.firstIndex(of: title) { return index }
            if let index = added.firstIndex(of: title) { return cellCount + index }
            added.append(title)
            return cellCount + added.count - 1
        }
    }
}
