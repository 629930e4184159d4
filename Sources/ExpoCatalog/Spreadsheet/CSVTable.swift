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

    /// Reads the bytes as spreadsheet programs write them: UTF-8 with or without a byte
    /// order mark, UTF-16 (Excel's "Unicode Text"), CRLF or LF line ends, commas,
    /// semicolons (Excel in much of Europe) or tabs, quoted cells with commas and line breaks.
    /// A quoted cell's text is kept exactly, and a cell `FormulaGuard` protected loses its
    /// apostrophe, so that what `CSVWriter` wrote reads back as it was.
    static func read(_ bytes: [UInt8], file: String) -> Result<CSVTable, Diagnostic> {
        guard let text = decode(bytes) else {
            return .failure(Diagnostic(.error, file: file,
                "is not UTF-8 or UTF-16 text; in Excel, save it as \"CSV UTF-8 (Comma delimited)\""))
        }
        if text.allSatisfy(\.isWhitespace) {
            return .failure(Diagnostic(.error, file: file, "the file is empty"))
        }
        let parsed: [[String]]
        switch CSVParser.rows(text) {
        case let .success(rows): parsed = rows
        case let .failure(failure):
            return .failure(Diagnostic(.error, file: file, place: ":\(failure.line)", "malformed CSV: \(failure.message)"))
        }
        var rows: [Row] = []
        for (index, cells) in parsed.dropFirst().enumerated() {
            let cells = cells.map(FormulaGuard.unguarded)
            if cells.allSatisfy(\.isEmpty) { continue }
            rows.append(Row(number: index + 2, cells: cells))
        }
        return .success(CSVTable(header: (parsed.first ?? []).map(FormulaGuard.unguarded), rows: rows))
    }

    private static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(bytes: bytes.dropFirst(3), encoding: .utf8) }
        if bytes.starts(with: [0xFF, 0xFE]) { return String(bytes: bytes.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(bytes: bytes.dropFirst(2), encoding: .utf16BigEndian) }
        // UTF-16 without a byte order mark: the header's ASCII letters leave every other byte zero.
        if bytes.count >= 4, bytes[1] == 0, bytes[3] == 0, bytes[0] != 0 {
            return String(bytes: bytes, encoding: .utf16LittleEndian)
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[2] == 0, bytes[1] != 0 {
            return String(bytes: bytes, encoding: .utf16BigEndian)
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
