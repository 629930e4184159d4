/// CSV text split into rows of cells, as RFC 4180 describes and spreadsheet programs write
/// it: the separator guessed from the first line (comma, tab or semicolon), rows ended by
/// CRLF, LF or CR, a quoted cell taken exactly as written (line breaks, spaces and control
/// characters included) and an unquoted one without the spaces around it. It works on UTF-8
/// bytes, not characters: as characters, a cell starting with a combining mark would join
/// the comma before it, and the row would lose a cell.
enum CSVParser {
    struct Failure: Error, Equatable {
        /// The line of the file, counting line breaks inside quoted cells.
        var line: Int
        var message: String
    }

    private static let quote = UInt8(ascii: "\"")
    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A
    private static let separators: [UInt8] = [UInt8(ascii: ","), 0x09, UInt8(ascii: ";")]

    /// What an unquoted cell loses at either end, and what makes `CSVWriter` quote a cell.
    static func isPadding(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    static func rows(_ text: String) -> Result<[[String]], Failure> {
        let bytes = Array(text.utf8)
        let separator = separator(bytes)
        var rows: [[String]] = []
        var row: [String] = []
        var line = 1
        var index = 0
        func isEnd(_ at: Int) -> Bool { at == bytes.count || bytes[at] == separator || bytes[at] == cr || bytes[at] == lf }
        func isSpace(_ at: Int) -> Bool { at < bytes.count && (bytes[at] == 0x20 || (bytes[at] == 0x09 && separator != 0x09)) }
        while index < bytes.count {
            // Spaces before a quote are a hand-written file's: `a, "b, c"` is two cells.
            var start = index
            while isSpace(start) { start += 1 }
            if start < bytes.count, bytes[start] == quote {
                let opened = line
                var cell: [UInt8] = []
                index = start + 1
                var closed = false
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            cell.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    if byte == lf || (byte == cr && (index + 1 == bytes.count || bytes[index + 1] != lf)) { line += 1 }
                    cell.append(byte)
                    index += 1
                }
                guard closed else {
                    return .failure(Failure(line: opened, message: "the quoted cell that starts on this line has no closing \""))
                }
                while isSpace(index) { index += 1 }
                guard isEnd(index) else {
                    return .failure(Failure(line: line,
                        message: "a quoted cell goes on after its closing \"; inside a quoted cell, write a quote as \"\""))
                }
                row.append(String(decoding: cell, as: UTF8.self))
            } else {
                start = index
                while !isEnd(index) { index += 1 }
                row.append(trimmed(String(decoding: bytes[start..<index], as: UTF8.self)))
            }
            if index == bytes.count { break }
            if bytes[index] == separator {
                index += 1
                if index == bytes.count { row.append("") }
                continue
            }
            if bytes[index] == cr, index + 1 < bytes.count, bytes[index + 1] == lf { index += 1 }
            index += 1
            line += 1
            rows.append(row)
            row = []
        }
        if !row.isEmpty { rows.append(row) }
        return .success(rows)
    }

    /// The first comma, tab or semicolon outside quotes on the first line that holds anything;
    /// a comma when there is none.
    static func separator(_ bytes: [UInt8]) -> UInt8 {
        var index = bytes.firstIndex { $0 != cr && $0 != lf && $0 != 0x20 } ?? bytes.count
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                quoted.toggle()
            } else if !quoted {
                if byte == cr || byte == lf { break }
                if separators.contains(byte) { return byte }
            }
            index += 1
        }
        return separators[0]
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isPadding($0) }),
              let last = scalars.lastIndex(where: { !isPadding($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
