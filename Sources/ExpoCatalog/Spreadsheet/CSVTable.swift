import Foundation

/// A spreadsheet file as the catalog reads it: the header and the rows, each with the row
/// number a spreadsheet program shows for it (the header is row 1).
struct CSVTable: Sendable, Equatable {
    struct Row: Sendable, Equatable {
        var number: Int
        var cells: [String]
    }

    var header: [String]
    /// The rows that hold anything; blank rows are left out but keep their numbers counted.
    var rows: [Row]
    /// The code page the file was read in when it is not UTF-8 or UTF-16; a note says so.
    var legacyEncoding: LegacyEncoding?

    /// The warning for a column with no header (`place` names it) when any row has a
    /// value in it; nil when the whole column is empty, as a spreadsheet's stray column is.
    func unnamedColumnWarning(_ index: Int, file: String, place: String) -> Diagnostic? {
        guard rows.contains(where: { !($0.cells[safe: index] ?? "").isEmpty }) else { return nil }
        return Diagnostic(.warning, file: file, place: place, "the column has no header; its cells are ignored")
    }

    /// Reads the bytes as spreadsheet programs write them: UTF-8 with or without a byte
    /// order mark, UTF-16 (Excel's "Unicode Text"), CRLF or LF line ends, commas,
    /// semicolons (Excel in much of Europe) or tabs, quoted cells with commas and line breaks.
    /// A quoted cell's text is kept exactly, and a cell `FormulaGuard` protected loses its
    /// apostrophe, so that what `CSVWriter` wrote reads back as it was.
    static func read(_ bytes: [UInt8], file: String) -> Result<CSVTable, Diagnostic> {
        // Worked out only when it is said: finding the row reads the whole file.
        var notText: Diagnostic {
            Diagnostic(.error, file: file, place: ":\(LegacyEncoding.firstBadRow(bytes))",
                       "is not UTF-8, UTF-16, CP949 or Windows-1252 text (this row holds the first bytes that are not UTF-8); "
                       + "in Excel, save it as \"CSV UTF-8 (Comma delimited)\"")
        }
        var parsed: Result<[[String]], CSVParser.Failure>?
        var legacy: LegacyEncoding?
        if let encoding = utf16(bytes) {
            guard let text = String(bytes: bytes.dropFirst(encoding.byteOrderMark ? 2 : 0), encoding: encoding.encoding) else {
                return .failure(notText)
            }
            if text.allSatisfy(\.isWhitespace) { return .failure(Diagnostic(.error, file: file, "the file is empty")) }
            parsed = CSVParser.rows(text)
        } else {
            // UTF-8, read where it lies: each cell is checked as its text is made.
            let start = utf8Start(bytes)
            switch isBlank(bytes[start...]) {
            case nil: break
            case true?: return .failure(Diagnostic(.error, file: file, "the file is empty"))
            case false?: parsed = bytes.withUnsafeBufferPointer { CSVParser.rows(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }
            }
            if parsed == nil, let (text, encoding) = LegacyEncoding.decode(bytes) {
                if text.allSatisfy(\.isWhitespace) { return .failure(Diagnostic(.error, file: file, "the file is empty")) }
                parsed = CSVParser.rows(text)
                legacy = encoding
            }
        }
        switch parsed {
        case nil:
            return .failure(notText)
        case let .failure(failure)?:
            return .failure(Diagnostic(.error, file: file, place: ":\(failure.line)", "malformed CSV: \(failure.message)"))
        case var .success(parsed)?:
            var rows: [Row] = []
            rows.reserveCapacity(parsed.count)
            for index in parsed.indices.dropFirst() {
                // Taken out of `parsed`, the row is changed in place rather than copied.
                var cells: [String] = []
                swap(&cells, &parsed[index])
                if cells.allSatisfy(\.isEmpty) { continue }
                for cell in cells.indices where cells[cell].utf8.first == UInt8(ascii: "'") {
                    cells[cell] = FormulaGuard.unguarded(cells[cell])
                }
                rows.append(Row(number: index + 1, cells: cells))
            }
            return .success(CSVTable(header: (parsed.first ?? []).map(FormulaGuard.unguarded), rows: rows, legacyEncoding: legacy))
        }
    }

    /// Excel's "Unicode Text", with or without its byte order mark; nil for UTF-8.
    private static func utf16(_ bytes: [UInt8]) -> (encoding: String.Encoding, byteOrderMark: Bool)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return nil }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, true) }
        // UTF-16 without a byte order mark: the header's ASCII letters leave every other byte zero.
        if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 { return (.utf16LittleEndian, false) }
        if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 { return (.utf16BigEndian, false) }
        return nil
    }

    /// Where the text starts, past the byte order mark; a second mark right after it is
    /// skipped too, as Foundation's decoding, which files were read with before, did.
    private static func utf8Start(_ bytes: [UInt8]) -> Int {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard bytes.starts(with: mark) else { return 0 }
        return bytes.dropFirst(3).starts(with: mark) ? 6 : 3
    }

    /// Whether the text is only white space (nil: it is not UTF-8). Only the ASCII spaces
    /// before the first other byte are looked at, unless that byte starts a wider character.
    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool? {
        guard let other = bytes.firstIndex(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }) else { return true }
        if bytes[other] < 0x80 { return false }
        return String(validating: bytes, as: UTF8.self).map { $0.allSatisfy(\.isWhitespace) }
    }
}
