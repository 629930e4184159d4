/// Where `items.csv`'s rows and cells lie in its bytes, for the studio: a changed text is
/// written into its own cell, and every other byte of the file stays as it was. Rows and
/// cells are split as `CSVParser` splits them (quotes hold separators and line breaks);
/// the texts are read by `CSVParser` itself, so the studio reads a cell as a load does.
struct SheetRows: Sendable {
    static let quote = UInt8(ascii: "\"")
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A

    let separator: UInt8
    /// The file's line end, as its header row ends: CRLF, LF or CR.
    let lineEnd: [UInt8]
    /// Where the header row lies (past a byte order mark), and its cells' texts.
    let header: Range<Int>
    let columns: [String]
    /// Each exhibit's row, by the id in its `image_name` cell (the first row of an id).
    let rows: [String: Range<Int>]
    let byteCount: Int

    /// Nil for a file that is not UTF-8 (a UTF-16 spreadsheet is read, not written), or has
    /// no `image_name` column.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        guard !(bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF)) else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[start...])
        separator = CSVParser.separator(body)
        byteCount = bytes.count
        var position = start
        var header: Range<Int>?
        var lineEnd: [UInt8] = [Self.lf]
        var rows: [String: Range<Int>] = [:]
        var idColumn: Int?
        var columns: [String] = []
        while position < bytes.count {
            let end = Self.rowEnd(bytes, from: position)
            let row = position..<end
            var next = end
            if next < bytes.count, bytes[next] == Self.cr { next += 1 }
            if next < bytes.count, bytes[next] == Self.lf { next += 1 }
            if header == nil {
                guard !Self.isBlank(bytes, row) else { position = next; continue }
                header = row
                if end < next { lineEnd = Array(bytes[end..<next]) }
                columns = Self.texts(UnsafeBufferPointer(rebasing: bytes[row])).map(FormulaGuard.unguarded)
                idColumn = columns.firstIndex(of: "image_name")
                guard idColumn != nil else { return nil }
            } else if let idColumn, !Self.isBlank(bytes, row) {
                let cells = Self.cells(bytes, row, separator: separator)
                if cells.indices.contains(idColumn) {
                    let id = Self.texts(UnsafeBufferPointer(rebasing: bytes[cells[idColumn]]), separator: separator).first ?? ""
                    if rows[id] == nil { rows[id] = row }
                }
            }
            position = next
        }
        guard let header else { return nil }
        self.header = header
        self.lineEnd = lineEnd
        self.columns = columns
        self.rows = rows
    }

    /// Where the row starting at `start` ends: at the first line break outside quotes.
    static func rowEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                quoted.toggle()
            } else if !quoted, byte == lf || byte == cr {
                return index
            }
            index += 1
        }
        return index
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

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>) -> Bool {
        row.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == UInt8(ascii: ",") || bytes[$0] == UInt8(ascii: ";") }
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
}
